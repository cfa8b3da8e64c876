// What the news section shows: the listing and its pages, the categories, the section's addresses
// (no page may take them, a renamed post's old one redirects), the feed, a post's structured data
// and the Latest posts block. The routes' own modules, rendered as Next renders them, against a real
// SQLite database (tests/support/news.ts); what each change of a post shows and makes stale is
// news-post-changes.test.ts.
import { parse as parseXml, validate as validateXml } from 'fast-xml-parser'
import type { Payload } from 'payload'
import { renderToStaticMarkup } from 'react-dom/server'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { LatestPostsBlock } from '@/blocks/LatestPosts/Component'
import { LATEST_POSTS_DEFAULT_COUNT, LATEST_POSTS_MAX_COUNT } from '@/blocks/LatestPosts/config'
import { sectionAddressMessage } from '@/content/collections/pageMessages'
import { categoryPath, NEWS_FEED_SIZE, NEWS_PAGE_SIZE, NEWS_PATH, postPath } from '@/content/posts/addresses'
import { readPostPage } from '@/content/posts/queries'
import { articleJsonLd } from '@/news/structuredData'
import { NO_NEWS_YET } from '@/news/NewsListing'
import type { LatestPostsBlock as LatestPostsBlockData, Post, SiteSetting } from '@/payload-types'
import { siteOrigin } from '@/platform/siteUrl'
import {
  BUSINESS_NAME,
  feedXml,
  makeCategory,
  makePost,
  payload,
  postLinks,
  redirectOf,
  renderNews,
  setUpNewsSuite,
  sitemapPaths,
} from '../support/news'

/** The suite's Payload, as the routes' `getPayloadClient()` gives it. */
const site = vi.hoisted(() => ({ payload: undefined as Payload | undefined }))
vi.mock('@/platform/sitePayload', () => ({ getPayloadClient: async () => site.payload! }))
// Next's data cache lives in its server: here the feed and the sitemap read their lists as they stand.
vi.mock('next/cache', async (importOriginal) => ({
  ...(await importOriginal<typeof import('next/cache')>()),
  unstable_cache: <T>(read: T) => read,
}))
// A visitor's request: not in draft mode.
vi.mock('next/headers', () => ({ draftMode: async () => ({ isEnabled: false }), headers: async () => new Headers() }))

setUpNewsSuite(site)

describe('/news before any post', () => {
  it('says there is no news yet, answers its feed with no entry, and has no page 2', async () => {
    expect(await renderNews([])).toContain(NO_NEWS_YET)
    const feed = parseXml(await feedXml()).feed
    expect(feed.entry).toBeUndefined()
    expect(await renderNews(['page', '2'])).toBe(404)
  })
})

describe('the news listing', () => {
  const day = (n: number) => new Date(Date.UTC(2026, 0, n)).toISOString()
  let posts: Post[]

  beforeAll(async () => {
    posts = []
    // Made out of order: the listing orders by the publish date, not by the order of making.
    for (const n of [3, 1, NEWS_PAGE_SIZE + 2, 2, ...Array.from({ length: NEWS_PAGE_SIZE - 2 }, (_, i) => i + 4)])
      posts.push(await makePost('published', { title: `Dated ${n}`, publishedAt: day(n) }))
  })

  it(`lists the newest ${NEWS_PAGE_SIZE} first, then the older ones at /news/page/2`, async () => {
    const byDate = [...posts].sort((a, b) => b.publishedAt!.localeCompare(a.publishedAt!)).map((post) => post.slug)
    expect(postLinks(String(await renderNews([])))).toEqual(byDate.slice(0, NEWS_PAGE_SIZE))
    const second = String(await renderNews(['page', '2']))
    expect(postLinks(second)).toEqual(byDate.slice(NEWS_PAGE_SIZE))
    expect(second).toContain('href="/news" rel="prev"')
    expect((await readPostPage(payload, 1)).totalPages).toBe(2)
  })

  it('answers 404 past the last page, for /news/page/1 (its address is /news), and for malformed addresses', async () => {
    for (const rest of [['page', '3'], ['page', '1'], ['page', '02'], ['page'], ['feed'], ['a', 'b'], ['Upper']])
      expect(await renderNews(rest), rest.join('/')).toBe(404)
  })

  it('lists only the posts of a category at /news/category/<slug>, and 404 for an unknown category', async () => {
    const market = await makeCategory('Market updates', 'market-updates')
    const inIt = await makePost('published', { title: 'Rates in Franklin County', categories: [market.id] })
    const html = String(await renderNews(['category', 'market-updates']))
    expect(postLinks(html)).toEqual([inIt.slug])
    expect(html).toContain('Market updates')
    expect(await renderNews(['category', 'no-such-category'])).toBe(404)
  })

  it('puts a category’s page in the sitemap once a published post is in it, not while it holds only drafts', async () => {
    const guides = await makeCategory('Closing guides', 'closing-guides')
    await makePost('draft', { title: 'Unfinished closing guide', categories: [guides.id] })
    expect(await sitemapPaths()).not.toContain(categoryPath('closing-guides'))
    await makePost('published', { title: 'What to bring to a closing', categories: [guides.id] })
    expect(await sitemapPaths()).toContain(categoryPath('closing-guides'))
  })
})

describe('a page at the news section’s address', () => {
  it('is refused on its slug: the news route answers every address under /news', async () => {
    const refused = payload.create({
      collection: 'pages',
      data: {
        title: 'News',
        slug: 'news',
        layout: [{ blockType: 'hero', heading: 'News' }],
        _status: 'published',
      } as never,
    })
    await expect(refused).rejects.toMatchObject({
      data: { errors: [{ path: 'slug', message: sectionAddressMessage(NEWS_PATH) }] },
    })
  })
})

describe('a published post given a new slug', () => {
  it('answers its old address with a 301 to the new one, and a rename back never loops', async () => {
    const post = await makePost('published', { title: 'Survey basics' })
    const before = post.slug!
    await payload.update({ collection: 'posts', id: post.id, data: { slug: 'land-survey-basics' } })
    expect(await redirectOf([before])).toBe(postPath('land-survey-basics'))
    await payload.update({ collection: 'posts', id: post.id, data: { slug: before } })
    expect(await renderNews([before])).not.toBe(404)
    expect(await redirectOf([before])).toBeNull()
    expect(await redirectOf(['land-survey-basics'])).toBe(postPath(before))
  })
})

describe('the feed', () => {
  it(`is valid Atom with the ${NEWS_FEED_SIZE} newest posts, absolute addresses and escaped text`, async () => {
    // More posts than the feed holds: the oldest stays out.
    const { totalDocs } = await payload.count({ collection: 'posts', where: { _status: { equals: 'published' } } })
    for (let i = totalDocs; i < NEWS_FEED_SIZE; i++) await makePost('published')
    const tricky = await makePost('published', {
      title: 'Liens & <b>levies</b> "explained"',
      summary: 'Fees < $100 & more',
      publishedAt: new Date(Date.UTC(2030, 0, 1)).toISOString(),
    })
    const xml = await feedXml()
    expect(validateXml(xml)).toBe(true)
    const { feed } = parseXml(xml, { ignoreAttributes: false, attributeNamePrefix: '' })
    const entries = [feed.entry].flat()
    expect(entries).toHaveLength(NEWS_FEED_SIZE)
    expect(entries[0].id).toBe(`${siteOrigin()}${postPath(tricky.slug!)}`)
    expect(entries[0].link.href).toBe(entries[0].id)
    for (const entry of entries) expect(entry.id.startsWith(`${siteOrigin()}/news/`)).toBe(true)
    expect(xml).toContain('<title>Liens &amp; &lt;b&gt;levies&lt;/b&gt; &quot;explained&quot;</title>')
    expect(xml).toContain('<summary>Fees &lt; $100 &amp; more</summary>')
    expect(feed.link.map((link: { rel: string; href: string }) => link.href)).toContain(`${siteOrigin()}/news/feed.xml`)
  })
})

describe('a post page', () => {
  it('carries Article JSON-LD: headline, dates, author, image and the business as publisher', async () => {
    const author = await payload.create({
      collection: 'users',
      data: { email: 'writer@example.com', password: 'a-long-test-password-1', name: 'Pat Writer', roles: ['editor'] },
    })
    const post = await payload.create({
      collection: 'posts',
      data: { title: 'Closing checklist', summary: 'What to bring.', author: author.id, _status: 'published' } as never,
    })
    const settings = (await payload.findGlobal({ slug: 'site-settings' })) as SiteSetting
    const html = String(await renderNews([post.slug!]))
    const script = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)
    expect(JSON.parse(script![1])).toEqual(JSON.parse(JSON.stringify(articleJsonLd(post, settings))))
    expect(articleJsonLd(post, settings)).toMatchObject({
      '@type': 'Article',
      headline: 'Closing checklist',
      datePublished: post.publishedAt,
      dateModified: post.updatedAt,
      author: { '@type': 'Person', name: 'Pat Writer' },
      publisher: { '@type': 'Organization', name: BUSINESS_NAME },
    })
    expect(post.publishedAt).toBeTruthy()
    const withImage = articleJsonLd({ ...post, heroImage: { url: '/media/closing.webp' } } as Post, settings)
    expect(withImage.image).toEqual([`${siteOrigin()}/media/closing.webp`])
  })
})

describe('the Latest posts block', () => {
  const render = async (count?: number) =>
    renderToStaticMarkup(
      (await LatestPostsBlock({
        block: { blockType: 'latestPosts', heading: 'Latest', count } as LatestPostsBlockData,
      }))!,
    )

  it(`lists the ${LATEST_POSTS_DEFAULT_COUNT} newest by default, as many as asked up to ${LATEST_POSTS_MAX_COUNT}`, async () => {
    const newest = (await readPostPage(payload, 1)).posts.map((post) => post.slug)
    expect(postLinks(await render(undefined as unknown as number))).toEqual(newest.slice(0, LATEST_POSTS_DEFAULT_COUNT))
    expect(postLinks(await render(1))).toEqual(newest.slice(0, 1))
    expect(postLinks(await render(LATEST_POSTS_MAX_COUNT + 5))).toHaveLength(LATEST_POSTS_MAX_COUNT)
  })

  it(`refuses a count over ${LATEST_POSTS_MAX_COUNT} on a page`, async () => {
    await expect(
      payload.create({
        collection: 'pages',
        data: {
          title: 'Too many',
          layout: [{ blockType: 'latestPosts', count: LATEST_POSTS_MAX_COUNT + 1 }],
          _status: 'published',
        } as never,
      }),
    ).rejects.toThrow(/How many posts/)
  })
})
