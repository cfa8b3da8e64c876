// The news section's rules: what is listed and in which order, what never reaches visitors, the
// feed, the structured data, the sitemap, the search, and what each change of a post makes stale.
// The routes' own modules, rendered as Next renders them, against a real SQLite database.
import { resolveSitemap } from 'next/dist/build/webpack/loaders/metadata/resolve-route-data'
import { parse as parseXml, validate as validateXml } from 'fast-xml-parser'
import type { Payload } from 'payload'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import sitemap from '@/app/(site)/sitemap'
import NewsPage from '@/app/(site)/news/[[...rest]]/page'
import { GET as getFeed } from '@/app/(site)/news/feed.xml/route'
import { LatestPostsBlock } from '@/blocks/LatestPosts/Component'
import { LATEST_POSTS_DEFAULT_COUNT, LATEST_POSTS_MAX_COUNT } from '@/blocks/LatestPosts/config'
import { sectionAddressMessage } from '@/content/collections/pageMessages'
import { categoryPath, NEWS_FEED_SIZE, NEWS_PAGE_SIZE, NEWS_PATH, postPath } from '@/content/posts/addresses'
import { readPostPage, readPublishedPost } from '@/content/posts/queries'
import { SCHEDULE_PUBLISH_TASK } from '@/content/scheduling/constants'
import { runScheduledPublishing } from '@/content/scheduling/runner'
import { PUBLISHED_POSTS_TAG } from '@/content/revalidate'
import { articleJsonLd } from '@/news/structuredData'
import { NO_NEWS_YET } from '@/news/NewsListing'
import type { LatestPostsBlock as LatestPostsBlockData, Post, SiteSetting } from '@/payload-types'
import { siteOrigin } from '@/platform/siteUrl'
import { parseSearchQuery, TYPEAHEAD_MAX_ITEMS } from '@/search/query'
import { searchPublishedPages } from '@/search/searchPages'
import { startTestPayload } from '../support/payload'

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

const BUSINESS_NAME = 'Buckeye Test Title'

let payload: Payload
let cleanup: () => Promise<void>
let made = 0

const paragraph = (text: string) => ({
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

async function makePost(status: 'draft' | 'published', data: PostData = {}): Promise<Post> {
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

const makeCategory = (name: string, slug: string) => payload.create({ collection: 'categories', data: { name, slug } })

/** The route's answer as HTML, or the 404 Next would answer (notFound() throws its digest). */
async function renderNews(rest: string[]): Promise<string | 404> {
  try {
    return renderToStaticMarkup(await NewsPage({ params: Promise.resolve({ rest }) }))
  } catch (error) {
    if (String((error as { digest?: string }).digest).includes('404')) return 404
    throw error
  }
}

/** Where the route sends this address with a 301, or null when it does not. */
async function redirectOf(rest: string[]): Promise<string | null> {
  try {
    await NewsPage({ params: Promise.resolve({ rest }) })
    return null
  } catch (error) {
    const digest = String((error as { digest?: string }).digest)
    return digest.startsWith('NEXT_REDIRECT') ? digest.split(';')[2] : null
  }
}

const postLinks = (html: string) => [...html.matchAll(/<a href="\/news\/([a-z0-9-]+)">/g)].map((match) => match[1])

async function feedXml(): Promise<string> {
  return (await getFeed()).text()
}

async function searchPaths(word: string): Promise<string[]> {
  const parsed = parseSearchQuery(word)
  if (!parsed.ok || !parsed.query) throw new Error(`not a search: ${word}`)
  return (await searchPublishedPages(payload, parsed.query, TYPEAHEAD_MAX_ITEMS)).map((result) => result.path)
}

async function sitemapPaths(): Promise<string[]> {
  const xml = resolveSitemap(await sitemap())
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname)
}

/** Everything a visitor could find a post by. */
async function whereVisitorsFind(post: Post) {
  const path = postPath(post.slug!)
  return {
    page: (await renderNews([post.slug!])) !== 404,
    listed: postLinks(String(await renderNews([]))).includes(post.slug!),
    feed: (await feedXml()).includes(`${siteOrigin()}${path}`),
    sitemap: (await sitemapPaths()).includes(path),
    search: (await searchPaths(post.title)).includes(path),
  }
}
const NOWHERE = { page: false, listed: false, feed: false, sitemap: false, search: false }
const EVERYWHERE = { page: true, listed: true, feed: true, sitemap: true, search: true }

/** Next's page cache for this process, as a scheduled publish finds it: what it is told is stale. */
let toldStale: string[]
const holder = globalThis as { __incrementalCache?: unknown }

beforeAll(async () => {
  ;({ payload, cleanup } = await startTestPayload())
  site.payload = payload
  await payload.updateGlobal({
    slug: 'site-settings',
    data: { business: { name: BUSINESS_NAME, state: 'Ohio' } } as never,
  })
}, 120_000)
afterAll(() => cleanup?.())
beforeEach(() => {
  toldStale = []
  holder.__incrementalCache = { revalidateTag: async (tags: string[]) => void toldStale.push(...tags) }
})
afterEach(() => {
  delete holder.__incrementalCache
})

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

describe('what never reaches visitors', () => {
  it('a draft: no page, no listing, no feed, no sitemap, no search', async () => {
    const draft = await makePost('draft', { title: 'Zanzibar draft notice' })
    expect(await whereVisitorsFind(draft)).toEqual(NOWHERE)
  })

  it('a post scheduled for later: nowhere until its time, then everywhere, with the cache told', async () => {
    const later = await makePost('draft', { title: 'Quokka quarterly outlook' })
    await payload.jobs.queue({
      task: SCHEDULE_PUBLISH_TASK,
      input: { type: 'publish', doc: { relationTo: 'posts', value: String(later.id) } },
      waitUntil: new Date(Date.now() + 60_000),
    } as never)
    await runScheduledPublishing(payload)
    expect(await whereVisitorsFind(later)).toEqual(NOWHERE)
    await payload.jobs.queue({
      task: SCHEDULE_PUBLISH_TASK,
      input: { type: 'publish', doc: { relationTo: 'posts', value: String(later.id) } },
      waitUntil: new Date(Date.now() - 1_000),
    } as never)
    toldStale = []
    await runScheduledPublishing(payload)
    expect(toldStale).toEqual(expect.arrayContaining(['_N_T_/layout', PUBLISHED_POSTS_TAG]))
    expect(await whereVisitorsFind(later)).toEqual(EVERYWHERE)
  })

  it('a post moved to the trash: gone from everywhere at once', async () => {
    const post = await makePost('published', { title: 'Wombat title plant update' })
    expect(await whereVisitorsFind(post)).toEqual(EVERYWHERE)
    await payload.update({ collection: 'posts', id: post.id, data: { deletedAt: new Date().toISOString() } })
    expect(await whereVisitorsFind(post)).toEqual(NOWHERE)
    const asVisitor = await payload.find({
      collection: 'posts',
      trash: true,
      overrideAccess: false,
      where: { id: { equals: post.id } },
    })
    expect(asVisitor.totalDocs).toBe(0)
  })

  it('the unpublished draft of a published post: visitors keep the published words', async () => {
    const post = await makePost('published', { title: 'Okapi easement guide', body: 'publishedwording' })
    await payload.update({
      collection: 'posts',
      id: post.id,
      data: { body: paragraph('secretdraftwording') } as never,
      draft: true,
    })
    expect(await renderNews([post.slug!])).toContain('publishedwording')
    expect(await searchPaths('secretdraftwording')).toEqual([])
    expect(await searchPaths('publishedwording')).toEqual([postPath(post.slug!)])
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

describe('what a change of a post makes stale', () => {
  it('a publish: every page (the listings, categories, the post, blocks) and the feed and sitemap list', async () => {
    toldStale = []
    await makePost('published')
    expect(toldStale).toEqual(expect.arrayContaining(['_N_T_/layout', PUBLISHED_POSTS_TAG]))
  })

  it('an unpublish, the same', async () => {
    const post = await makePost('published')
    toldStale = []
    await payload.update({ collection: 'posts', id: post.id, data: { _status: 'draft' } as never })
    expect(toldStale).toEqual(expect.arrayContaining(['_N_T_/layout', PUBLISHED_POSTS_TAG]))
    expect(await readPublishedPost(payload, post.slug!)).toBeNull()
  })

  it('a change of the body alone: the post and the feed, not every page', async () => {
    const post = await makePost('published')
    toldStale = []
    await payload.update({ collection: 'posts', id: post.id, data: { body: paragraph('Reworded.') } as never })
    expect(toldStale).toEqual(
      expect.arrayContaining([`_N_T_${postPath(post.slug!)}`, '_N_T_/news/feed.xml', PUBLISHED_POSTS_TAG]),
    )
    expect(toldStale).not.toContain('_N_T_/layout')
  })

  it('a category renamed: every page (its posts, the listings) and the feed', async () => {
    const category = await makeCategory('Guides', 'guides')
    toldStale = []
    await payload.update({ collection: 'categories', id: category.id, data: { name: 'Buyer guides' } })
    expect(toldStale).toEqual(expect.arrayContaining(['_N_T_/layout', PUBLISHED_POSTS_TAG]))
  })

  it('a draft saved: nothing', async () => {
    const post = await makePost('published')
    toldStale = []
    await payload.update({ collection: 'posts', id: post.id, data: { title: 'Only a draft' }, draft: true })
    expect(toldStale).toEqual([])
  })
})
