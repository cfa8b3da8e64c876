import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { LRUCache } from 'lru-cache'
import { knownAddresses } from '@/content/knownAddresses'
import { onRevalidated } from '@/content/revalidate'
import { pathFromSegments } from '@/content/sitePath'
import { SHORT_CACHE_MS } from '@/platform/caches'
import { STATIC_SECURITY_HEADERS } from '@/security/headers'
import { METADATA_FILE } from '@/platform/next/addresses'
import { type Route, routeFirstSegments } from './routes/siteRoutes'

/**
 * Whether the catch-all page route would answer this address 404: no published page and no
 * redirect has it. False whenever that cannot be told (the addresses are not known yet, or the
 * address is another route's (src/server/routes/), or ends in a slash, which Next redirects).
 */
export function isUnknownPageAddress(url: string, known = knownAddresses(), routes?: Route[]): boolean {
  if (!known) return false
  const pathname = url.split('?')[0]
  if (pathname !== '/' && pathname.endsWith('/')) return false
  const segments = pathname === '/' ? [] : pathname.slice(1).split('/')
  if (segments.length > 0 && (routeFirstSegments(routes).has(segments[0]) || METADATA_FILE.test(segments[0])))
    return false
  let path: string | null
  try {
    path = pathFromSegments(segments.map((segment) => decodeURIComponent(segment)))
  } catch {
    return true
  }
  return path === null || !known.has(path)
}

/** How long the server answers unknown addresses with the 404 page Next rendered last (see src/platform/caches.ts). */
export const NOT_FOUND_PAGE_MEMO_MS = SHORT_CACHE_MS.notFoundPage

type NotFoundPage = { headers: OutgoingHttpHeaders; body: Buffer }

/** One per way of sending it (encoding, protocol, host): a handful. */
const notFoundPages = new LRUCache<string, NotFoundPage>({ max: 64, ttl: NOT_FOUND_PAGE_MEMO_MS })
onRevalidated(() => notFoundPages.clear())

/** The 404 page's key for a document request (src/server/pageMemo.ts's key, less the address). */
export function notFoundPageKey(memoKey: string): string {
  return memoKey.slice(0, memoKey.lastIndexOf('|'))
}

/**
 * A menu entry marked as the page in view (src/site/MenuLink.tsx): the 404 of an address a menu
 * entry points at (a page unpublished or renamed while the menu still names it). That 404 is its
 * own address's; answered for another, it would mark that entry there too.
 */
const MENU_MARK = Buffer.from('aria-current="page"')

/** Keeps the 404 page Next just rendered (`html`, sent as `body`) for other unknown addresses. */
export function rememberNotFoundPage(key: string, res: ServerResponse, body: Buffer, html: Buffer): void {
  if (html.includes(MENU_MARK)) return
  const headers = { ...res.getHeaders() }
  delete headers['set-cookie']
  notFoundPages.set(key, { headers, body })
}

/** Answers an unknown address with the remembered 404 page; false when Next must render one. */
export function answerNotFoundFromMemo(req: IncomingMessage, res: ServerResponse, key: string): boolean {
  const page = notFoundPages.get(key)
  if (!page) return false
  res.writeHead(404, page.headers)
  res.end(req.method === 'HEAD' ? undefined : page.body)
  return true
}

/**
 * An unknown address asked for by Next's client router: a plain 404, on which the router loads
 * the address as a document (and gets the 404 page).
 */
export function answerUnknownRouterRequest(res: ServerResponse): void {
  res.writeHead(404, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    ...STATIC_SECURITY_HEADERS,
  })
  res.end('Not found')
}
