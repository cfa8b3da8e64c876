// The news suites' site (tests/integration/news-*.test.ts): a Payload of their own with the business
// named, posts and categories made as an editor would, and everywhere a visitor could find a post
// (the routes' own modules rendered as Next renders them: the page, the listing, the feed, the
// sitemap) and the search. A suite mocks `@/platform/sitePayload` (and Next's cache and headers)
// itself, as vi.mock belongs in a test file, and hands its holder to setUpNewsSuite.
import { resolveSitemap } from 'next/dist/build/webpack/loaders/metadata/resolve-route-data'
import type { Payload } from 'payload'
import { renderToStaticMarkup } from 'react-dom/server'
import { beforeAll } from 'vitest'
import sitemap from '@/app/(site)/sitemap'
import NewsPage from '@/app/(site)/news/[[...rest]]/page'
import { GET as getFeed } from '@/app/(site)/news/feed.xml/route'
import { postPath } from '@/content/posts/addresses'
import type { Post } from '@/payload-types'
import { siteOrigin } from '@/platform/siteUrl'
import { parseSearchQuery, TYPEAHEAD_MAX_ITEMS } from '@/search/query'
import { searchPublishedPages } from '@/search/searchPages'
import { setUpSuitePayload } from './payload'

export const BUSINESS_NAME = 'Buckeye Test Title'

/** The suite's Payload, set before its tests run. */
export let payload: Payload
let made = 0

/**
 * Registers a news suite's Payload on a new migrated database, the business named in its settings,
 * and gives it to the routes through `site` (what the suite's mock of getPayloadClient answers).
 */
export function setUpNewsSuite(site: { payload: Payload | undefined }) {
  const suite = setUpSuitePayload()
  beforeAll(async () => {
    payload = suite.payload
    site.payload = payload
    await payload.updateGlobal({
      slug: 'site-settings',
      data: { business: { name: BUSINESS_NAME, state: 'Ohio' } } as never,
    })
  })
}

export const paragraph = (text: string) => ({
  root: {
    type: 'root',
    format: '',
    indent: 0,
    version: 1,
    direction: 'ltr',
    children: [
      {
        type: 'paragraph',
        format: '',
        indent: 0,
        version: 1,
        direction: 'ltr',
        textFormat: 0,
        children: [{ type: 'text', text, format: 0, style: '', mode: 'normal', detail: 0, version: 1 }],
      },
    ],
  },
})

type PostData = { title?: string; publishedAt?: string; categories?: number[]; body?: string; summary?: string }

export async function makePost(status: 'draft' | 'published', data: PostData = {}): Promise<Post> {
  const title = data.title ?? `Post number ${++made}`
  return payload.create({
    collection: 'posts',
    data: {
      title,
      summary: data.summary ?? `About ${title}.`,
      body: paragraph(data.body ?? `The body of ${title}.`),
      publishedAt: data.publishedAt,
      categories: data.categories,
      _status: status,
    } as never,
    draft: status === 'draft',
  })
}

export const makeCategory = (name: string, slug: string) =>
  payload.create({ collection: 'categories', data: { name, slug } })

/** The route's answer as HTML, or the 404 Next would answer (notFound() throws its digest). */
export async function renderNews(rest: string[]): Promise<string | 404> {
  try {
    return renderToStaticMarkup(await NewsPage({ params: Promise.resolve({ rest }) }))
  } catch (error) {
    if (String((error as { digest?: string }).digest).includes('404')) return 404
    throw error
  }
}

/** Where the route sends this address with a 301, or null when it does not. */
export async function redirectOf(rest: string[]): Promise<string | null> {
  try {
    await NewsPage({ params: Promise.resolve({ rest }) })
    return null
  } catch (error) {
    const digest = String((error as { digest?: string }).digest)
    return digest.startsWith('NEXT_REDIRECT') ? digest.split(';')[2] : null
  }
}

export const postLinks = (html: string) =>
  [...html.matchAll(/<a href="\/news\/([a-z0-9-]+)">/g)].map((match) => match[1])

export async function feedXml(): Promise<string> {
  return (await getFeed()).text()
}

export async function searchPaths(word: string): Promise<string[]> {
  const parsed = parseSearchQuery(word)
  if (!parsed.ok || !parsed.query) throw new Error(`not a search: ${word}`)
  return (await searchPublishedPages(payload, parsed.query, TYPEAHEAD_MAX_ITEMS)).map((result) => result.path)
}

export async function sitemapPaths(): Promise<string[]> {
  const xml = resolveSitemap(await sitemap())
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname)
}

/** Everything a visitor could find a post by. */
export async function whereVisitorsFind(post: Post) {
  const path = postPath(post.slug!)
  return {
    page: (await renderNews([post.slug!])) !== 404,
    listed: postLinks(String(await renderNews([]))).includes(post.slug!),
    feed: (await feedXml()).includes(`${siteOrigin()}${path}`),
    sitemap: (await sitemapPaths()).includes(path),
    search: (await searchPaths(post.title)).includes(path),
  }
}
export const NOWHERE = { page: false, listed: false, feed: false, sitemap: false, search: false }
export const EVERYWHERE = { page: true, listed: true, feed: true, sitemap: true, search: true }
