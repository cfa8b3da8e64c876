import type { Payload } from 'payload'
import { createRateLimiter, tooManyRequests } from '@/security/rateLimit'
import { limitKeyOf } from '@/security/request'
import { parseSearchQuery, TYPEAHEAD_MAX_ITEMS } from './query'
import type { SearchResult } from './rank'
import { searchPublishedPages } from './searchPages'

export type SearchAnswer = { query: string; results: SearchResult[] } | { error: string }

const HEADERS = { 'Cache-Control': 'no-store' }

/**
 * GET /api/search?q=: up to TYPEAHEAD_MAX_ITEMS published pages matching `q`, as JSON.
 * No or empty `q` answers an empty list; an oversized one 400 with a plain error; a failure
 * inside 503, never a stack trace.
 */
export async function answerSearch(params: URLSearchParams, payload: () => Promise<Payload>): Promise<Response> {
  const parsed = parseSearchQuery(params.get('q'))
  if (!parsed.ok)
    return Response.json({ error: parsed.error } satisfies SearchAnswer, { status: 400, headers: HEADERS })
  if (!parsed.query) return Response.json({ query: '', results: [] } satisfies SearchAnswer, { headers: HEADERS })
  try {
    const results = await searchPublishedPages(await payload(), parsed.query, TYPEAHEAD_MAX_ITEMS)
    return Response.json({ query: parsed.query.text, results } satisfies SearchAnswer, { headers: HEADERS })
  } catch (error) {
    console.error('site search failed', error)
    return Response.json({ error: 'Search is unavailable right now. Please try again.' } satisfies SearchAnswer, {
      status: 503,
      headers: HEADERS,
    })
  }
}

/**
 * Searches one address may run: a burst for a quick typist (one per pause of the typeahead) and
 * several tabs, then two a second. Searches read a prepared index (src/search/searchPages.ts), but
 * each still ranks every page, so a flood is cut off here.
 */
export const SEARCH_RATE_LIMIT = { burst: 60, perMinute: 120 } as const

const searchLimiter = createRateLimiter({ kind: 'token-bucket', ...SEARCH_RATE_LIMIT }, { scope: 'search' })

/** The route's handler: the searcher's allowance, then the search. */
export async function searchEndpoint(request: Request, payload: () => Promise<Payload>): Promise<Response> {
  const decision = await searchLimiter.take(limitKeyOf(request))
  if (!decision.allowed)
    return tooManyRequests('Too many searches from your connection. Please wait a moment.', decision.retryAfterMs)
  return answerSearch(new URL(request.url).searchParams, payload)
}
