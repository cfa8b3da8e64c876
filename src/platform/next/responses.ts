// What Next's answers say about themselves. Each is checked against the installed Next by
// internals.test.ts.

/** The header with which Next tells whether its page cache answered (HIT, STALE, MISS, REVALIDATED). */
export const NEXT_CACHE_HEADER = 'x-nextjs-cache'

/** The answers of NEXT_CACHE_HEADER that come from the cache: a stale copy is served from it too. */
export const NEXT_CACHE_HITS = new Set(['HIT', 'STALE'])

/** The status of Next's `permanentRedirect()` (a CMS redirect, a trailing slash). */
export const NEXT_PERMANENT_REDIRECT_STATUS = 308

/**
 * Whether Next marked the response as one any cache may keep (a page from its full-route cache:
 * `s-maxage=…` with no `private`). A route that wrote its own `public` policy (the chat's shared
 * answers) keeps it.
 */
export function isCachedByNext(cacheControl: unknown): boolean {
  const value = String(cacheControl ?? '')
  return /\bs-maxage=\d+/.test(value) && !/\b(private|no-store|public)\b/.test(value)
}
