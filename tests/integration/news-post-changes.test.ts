// What each change of a post shows visitors and makes stale: a draft, a post scheduled for later,
// one moved to the trash and the unpublished draft of a published one never reach visitors; a
// publish, an unpublish, a change of the body, a category renamed and a draft saved each tell
// Next's page cache what they change. Against a real SQLite database (tests/support/news.ts); what
// the section shows is news-pages.test.ts.
import type { Payload } from 'payload'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { postPath } from '@/content/posts/addresses'
import { readPublishedPost } from '@/content/posts/queries'
import { SCHEDULE_PUBLISH_TASK } from '@/content/scheduling/constants'
import { runScheduledPublishing } from '@/content/scheduling/runner'
import { PUBLISHED_POSTS_TAG } from '@/content/revalidate'
import {
  EVERYWHERE,
  makeCategory,
  makePost,
  NOWHERE,
  paragraph,
  payload,
  renderNews,
  searchPaths,
  setUpNewsSuite,
  whereVisitorsFind,
} from '../support/news'
import { standInPageCacheEachTest } from '../support/pageCache'

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

/** Next's page cache for this process, as a scheduled publish finds it: what it is told is stale. */
let toldStale: string[]
beforeEach(() => {
  toldStale = []
})
standInPageCacheEachTest((tags) => void toldStale.push(...tags))

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
