import type { Payload } from 'payload'
import { pageText } from './pageText'
import { type SearchQuery } from './query'
import { rankPages, type SearchablePage, type SearchResult } from './rank'

/**
 * Searches the titles and text of published pages, as an anonymous visitor may read them:
 * drafts and unpublished changes never show up.
 */
export async function searchPublishedPages(
  payload: Payload,
  query: SearchQuery,
  limit: number,
): Promise<SearchResult[]> {
  const { docs } = await payload.find({
    collection: 'pages',
    where: { _status: { equals: 'published' } },
    select: { title: true, path: true, layout: true },
    depth: 0,
    limit: 0,
    draft: false,
    overrideAccess: false,
  })
  const pages: SearchablePage[] = docs.map((doc) => ({
    title: doc.title,
    path: doc.path ?? '/',
    text: pageText(doc.layout),
  }))
  return rankPages(pages, query, limit)
}
