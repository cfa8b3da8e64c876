import type { Payload } from 'payload'
import { parseSearchQuery, SEARCH_PAGE_MAX_RESULTS } from './query'
import type { SearchResult } from './rank'
import { searchPublishedPages } from './searchPages'

export type SearchPageModel =
  | { state: 'empty' }
  | { state: 'invalid'; error: string }
  | { state: 'results'; query: string; results: SearchResult[] }

/** What the server-rendered results page (/search?q=) shows for the visitor's `q`. */
export async function searchPageModel(raw: string | string[] | undefined, payload: Payload): Promise<SearchPageModel> {
  const parsed = parseSearchQuery(Array.isArray(raw) ? raw[0] : raw)
  if (!parsed.ok) return { state: 'invalid', error: parsed.error }
  if (!parsed.query) return { state: 'empty' }
  const results = await searchPublishedPages(payload, parsed.query, SEARCH_PAGE_MAX_RESULTS)
  return { state: 'results', query: parsed.query.text, results }
}
