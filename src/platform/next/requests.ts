// Request headers Next gives a meaning of its own. Each is checked against the installed Next by
// internals.test.ts.
import type { IncomingHttpHeaders } from 'node:http'

/** The cookie Next sets when draft mode is on (its value is checked by Next, not here). */
export const DRAFT_MODE_COOKIE = '__prerender_bypass'

/** With these Next re-renders a cached page and writes the cache (its on-demand revalidation): never taken from outside. */
export const PRERENDER_REVALIDATE_HEADERS = ['x-prerender-revalidate', 'x-prerender-revalidate-if-generated']

/** What Next's client router sends when it asks for a navigation's or a prefetch's data rather than a document. */
export const ROUTER_REQUEST_HEADERS = [
  'rsc',
  'next-router-prefetch',
  'next-router-state-tree',
  'next-router-segment-prefetch',
]

/** Whether Next's client router asks (for a navigation's or a prefetch's data, not a document). */
export const isRouterRequestHeaders = (headers: IncomingHttpHeaders) =>
  ROUTER_REQUEST_HEADERS.some((name) => headers[name] !== undefined)
