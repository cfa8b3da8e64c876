import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { Media } from '@/payload-types'
import type { ListedPost } from '@/content/posts/queries'
import { PostList } from './PostList'

const image = (id: number) =>
  ({ id, url: `/api/media/file/hero-${id}.jpg`, alt: `Hero ${id}`, width: 1600, height: 900 }) as Media

const posts: ListedPost[] = [1, 2, 3].map((id) => ({
  id,
  title: `Post ${id}`,
  slug: `post-${id}`,
  heroImage: image(id),
  updatedAt: '2026-11-29T00:00:00.000Z',
}))

/** Each card image's loading and fetch priority, in order. */
const imageLoading = (html: string) =>
  [...html.matchAll(/<img[^>]*>/g)].map(([tag]) => ({
    loading: /loading="([^"]+)"/.exec(tag)?.[1],
    priority: /fetchPriority="([^"]+)"/i.exec(tag)?.[1],
  }))

describe('a list of posts', () => {
  it('that leads the page (the news listing) loads its first image at once and at high priority, the rest lazily', () => {
    const html = renderToStaticMarkup(createElement(PostList, { posts, leadsPage: true }))
    expect(imageLoading(html)).toEqual([
      { loading: 'eager', priority: 'high' },
      { loading: 'lazy', priority: 'auto' },
      { loading: 'lazy', priority: 'auto' },
    ])
  })

  it('further down a page (the Latest posts block) loads every image lazily', () => {
    const html = renderToStaticMarkup(createElement(PostList, { posts }))
    expect(imageLoading(html).every((each) => each.loading === 'lazy' && each.priority === 'auto')).toBe(true)
  })
})
