import type { Payload } from 'payload'
import { onRevalidated } from '@/content/revalidate'
import { SHORT_CACHE_MS } from '@/platform/caches'
import { pageText } from './pageText'
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

/** The published pages as an anonymous visitor may read them, their text extracted and folded once. */
async function readPublishedPages(payload: Payload): Promise<PreparedPage[]> {
  const { docs } = await payload.find({
    collection: 'pages',
    where: { _status: { equals: 'published' } },
    select: { title: true, path: true, layout: true },
    depth: 0,
    limit: 0,
    draft: false,
    overrideAccess: false,
  })
  return docs.map((doc) => {
    const text = pageText(doc.layout)
    return {
      title: doc.title,
      path: doc.path ?? '/',
      text,
      foldedTitle: foldText(doc.title),
      foldedText: foldText(text),
    }
  })
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
