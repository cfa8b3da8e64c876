import type { SearchAnswer } from './api'
import type { SearchResult } from './rank'

/** Asks GET /api/search for suggestions; an aborted or failed request gives none. */
export async function fetchSuggestions(text: string, signal: AbortSignal): Promise<SearchResult[]> {
  const response = await fetch(`/api/search?q=${encodeURIComponent(text)}`, {
    signal,
    headers: { Accept: 'application/json' },
  })
  if (!response.ok) return []
  const answer = (await response.json()) as SearchAnswer
  return 'results' in answer && Array.isArray(answer.results) ? answer.results : []
}
