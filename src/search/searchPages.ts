import type { Payload } from 'payload'
import { onRevalidated } from '@/content/revalidate'
import { SHORT_CACHE_MS } from '@/platform/caches'
import { postPath } from '@/content/posts/addresses'
import { POSTS_SLUG } from '@/content/posts/Posts'
import { pageText, richTextText } from './pageText'
import { foldText, type SearchQuery } from './query'
import { type PreparedPage, rankPages, type SearchResult } from './rank'

/** How long an instance searches the same prepared pages before it reads them again (see src/platform/caches.ts). */
export const SEARCH_INDEX_MAX_AGE_MS = SHORT_CACHE_MS.searchIndex

type Index = { pages: Promise<PreparedPage[]>; since: number }
let index: Index | null = null
/** The last index that was read whole: searched while the database cannot be read. */
let lastGood: PreparedPage[] | null = null

onRevalidated(() => {
  index = null
})

const prepared = (title: string, path: string, text: string): PreparedPage => ({
  title,
  path,
  text,
  foldedTitle: foldText(title),
  foldedText: foldText(text),
})

/**
 * The published pages and news posts as an anonymous visitor may read them, their text extracted
 * and folded once.
 */
async function readPublishedPages(payload: Payload): Promise<PreparedPage[]> {
  const asVisitor = { depth: 0, limit: 0, draft: false, overrideAccess: false } as const
  const [pages, posts] = await Promise.all([
    payload.find({
      ...asVisitor,
      collection: 'pages',
      where: { _status: { equals: 'published' } },
      select: { title: true, path: true, layout: true },
    }),
    payload.find({
      ...asVisitor,
      collection: POSTS_SLUG,
      where: { _status: { equals: 'published' } },
      select: { title: true, slug: true, summary: true, body: true },
    }),
  ])
  return [
    ...pages.docs.map((doc) => prepared(doc.title, doc.path ?? '/', pageText(doc.layout))),
    ...posts.docs
      .filter((post) => post.slug)
      .map((post) =>
        prepared(post.title, postPath(post.slug as string), `${post.summary ?? ''} ${richTextText(post.body)}`.trim()),
      ),
  ]
}

/** The prepared pages: read once per SEARCH_INDEX_MAX_AGE_MS however many search, the last good set if a read fails. */
async function preparedPages(payload: Payload): Promise<PreparedPage[]> {
  if (!index || Date.now() - index.since >= SEARCH_INDEX_MAX_AGE_MS) {
    const reading: Index = { pages: readPublishedPages(payload), since: Date.now() }
    index = reading
    reading.pages.then(
      (pages) => {
        lastGood = pages
      },
      () => {
        if (index === reading) index = null
      },
    )
  }
  try {
    return await index.pages
  } catch (error) {
    if (lastGood) return lastGood
    throw error
  }
}

/**
 * Searches the titles and text of published pages, as an anonymous visitor may read them:
 * drafts and unpublished changes never show up.
 */
export async function searchPublishedPages(
  payload: Payload,
  query: SearchQuery,
  limit: number,
): Promise<SearchResult[]> {
  return rankPages(await preparedPages(payload), query, limit)
}
