import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { LRUCache } from 'lru-cache'
import { carriesDraftModeCookie } from '@/content/preview/draftCookie'
import { onRevalidated } from '@/content/revalidate'
import { SHORT_CACHE_MS } from '@/platform/caches'
import { isRouterRequestHeaders } from '@/platform/next/requests'
import { NEXT_CACHE_HEADER } from '@/platform/next/responses'

/** How long the server answers a page Next serves from its cache straight from memory (see src/platform/caches.ts). */
export const PAGE_MEMO_TTL_MS = SHORT_CACHE_MS.pageMemo
const PAGE_MEMO_MAX_ENTRIES = 1000

type RememberedPage = { status: number; headers: OutgoingHttpHeaders; body: Buffer }

const pages = new LRUCache<string, RememberedPage>({ max: PAGE_MEMO_MAX_ENTRIES, ttl: PAGE_MEMO_TTL_MS })
onRevalidated(() => pages.clear())

/** Whether Next's client router asks (for a navigation's or a prefetch's data, not a document). */
export const isRouterRequest = (req: IncomingMessage) => isRouterRequestHeaders(req.headers)

/** The memo's key for a request that a remembered page may answer, or null. */
export function pageMemoKey(req: IncomingMessage, encoding: string | null): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null
  // Requests of Next's client router, and previews of drafts, always go to Next.
  if (isRouterRequest(req)) return null
  if (carriesDraftModeCookie(req.headers.cookie)) return null
  // The protocol too: an answer over https carries HSTS.
  return `${encoding ?? ''}|${req.headers['x-forwarded-proto'] ?? ''}|${req.headers.host ?? ''}|${req.url ?? '/'}`
}

export function rememberPage(key: string, res: ServerResponse, body: Buffer): void {
  // A replay is an answer from the cache, whatever the first answer was.
  pages.set(key, { status: res.statusCode, headers: { ...res.getHeaders(), [NEXT_CACHE_HEADER]: 'HIT' }, body })
}

/** Answers from memory when a page is remembered for this request; false when Next must answer. */
export function answerFromMemo(req: IncomingMessage, res: ServerResponse, key: string): boolean {
  const page = pages.get(key)
  if (!page) return false
  const etag = page.headers.etag
  if (etag !== undefined && req.headers['if-none-match'] === etag) {
    const headers = { ...page.headers }
    delete headers['content-length']
    delete headers['content-encoding']
    res.writeHead(304, headers)
    res.end()
    return true
  }
  res.writeHead(page.status, page.headers)
  res.end(req.method === 'HEAD' ? undefined : page.body)
  return true
}
