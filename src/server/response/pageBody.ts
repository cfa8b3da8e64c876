import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { LRUCache } from 'lru-cache'
import { lastKnownBusiness } from '@/content/lastKnownBusiness'
import type { ScriptHash } from '@/security/headers'
import { loadChunksAfterFirstPaint } from '../chunksAfterFirstPaint'
import { databaseReachable } from '../databaseProbe'
import { markedScriptHashes } from '../inlineScripts'
import { MAINTENANCE_PAGE_CSP, MAINTENANCE_RETRY_AFTER_S, maintenancePageHtml } from '../maintenancePage'
import { rememberPage } from '../pageMemo'
import { withoutRouterCopyOfCss } from '../routerCopyOfCss'
import { withoutMark } from '../scriptOrigin'
import { rememberNotFoundPage } from '../unknownAddresses'
import { compress, type Encoding, mergeVary, preferredEncoding } from './encoding'
import { CACHED_PAGE_CACHE_CONTROL, pagePolicy, type ResponseContext } from './responseHead'

/** How many prepared pages (their script hashes and compressed bodies) the server keeps. */
const PREPARED_PAGES_MAX = 500
const PREPARED_PAGES_MAX_BYTES = 64 * 1024 * 1024

/**
 * A page as it is sent: the hashes of the inline scripts the site wrote, the body with the render's
 * mark replaced and, once asked for, its compressed forms.
 */
type PreparedPage = {
  hashes: ScriptHash[]
  body: Buffer
  encoded: Partial<Record<Encoding, Promise<Buffer>>>
  size: number
}

const preparedPages = new LRUCache<string, PreparedPage>({
  max: PREPARED_PAGES_MAX,
  maxSize: PREPARED_PAGES_MAX_BYTES,
  sizeCalculation: (page) => Math.max(1, page.size),
})

export type PageContext = ResponseContext & {
  /** The mark every render ran with (src/security/scriptMark.ts): it never leaves the server. */
  scriptMark: string
  /** Where to remember the page if any cache may keep it (src/server/pageMemo.ts). */
  memoKey?: string | null
  /** Where to remember the page if it is the 404 of an unknown address (src/server/unknownAddresses.ts). */
  notFoundKey?: string | null
}

/**
 * A page that failed while the database cannot be reached becomes the maintenance page: 503 with
 * Retry-After, the site's look and the business's phone, built from memory (never a query).
 */
async function pageWhileDatabaseIsDown(res: ServerResponse, body: Buffer): Promise<Buffer> {
  if (res.statusCode < 500 || (await databaseReachable())) return body
  res.statusCode = 503
  res.setHeader('Retry-After', String(MAINTENANCE_RETRY_AFTER_S))
  res.setHeader('Cache-Control', 'no-store')
  res.setHeader('Content-Security-Policy', MAINTENANCE_PAGE_CSP)
  return Buffer.from(maintenancePageHtml(lastKnownBusiness()))
}

/** The page as it is sent, prepared once per version of a page any cache keeps. */
function preparedPage(
  rendered: Buffer,
  shared: boolean,
  scriptMark: string,
): { page: PreparedPage; key: string | null } {
  const key = shared ? createHash('sha1').update(rendered).digest('base64') : null
  const kept = key ? preparedPages.get(key) : undefined
  if (kept) return { page: kept, key }
  // A page any cache keeps is prepared once, so it is the one whose chunks wait for the first paint.
  // It also leaves the router's second copy of the CSS the document carries (routerCopyOfCss.ts).
  const html = shared
    ? Buffer.from(loadChunksAfterFirstPaint(withoutRouterCopyOfCss(rendered.toString('utf8')), scriptMark))
    : rendered
  const hashes = markedScriptHashes(html.toString('utf8'), scriptMark)
  const body = withoutMark(html, scriptMark)
  const page = { hashes, body, encoded: {}, size: body.length }
  if (key) preparedPages.set(key, page)
  return { page, key }
}

/**
 * The transform of a whole HTML page: the maintenance page if it failed with the database away, the
 * render's mark replaced, a CSP of the hashes of its own inline scripts (a route that set its own
 * policy keeps it), compressed; a page any cache keeps also loads its chunks after the first paint
 * and is remembered (pageMemo.ts, unknownAddresses.ts). Sets the headers and gives the bytes to
 * send, or null when the client has gone.
 */
export async function finishPage(
  req: IncomingMessage,
  res: ServerResponse,
  rendered: Buffer,
  context: PageContext,
): Promise<Buffer | null> {
  const body = await pageWhileDatabaseIsDown(res, rendered)
  const shared = res.getHeader('cache-control') === CACHED_PAGE_CACHE_CONTROL
  const { page, key } = preparedPage(body, shared, context.scriptMark)
  if (!res.hasHeader('content-security-policy'))
    res.setHeader('Content-Security-Policy', pagePolicy(page.hashes, context))
  res.setHeader('Vary', mergeVary(res.getHeader('vary'), 'Accept-Encoding'))
  const encoding = body.length > 0 ? preferredEncoding(req.headers['accept-encoding']) : null
  let sent = page.body
  if (encoding) {
    const encoded = (page.encoded[encoding] ??= compress(page.body, encoding, shared))
    sent = await encoded
    if (key && page.size === page.body.length) {
      page.size += sent.length
      preparedPages.set(key, page)
    }
    res.setHeader('Content-Encoding', encoding)
  }
  res.setHeader('Content-Length', sent.length)
  if (res.destroyed) return null
  if (context.memoKey && shared && (res.statusCode === 200 || res.statusCode === 301))
    rememberPage(context.memoKey, res, sent)
  if (context.notFoundKey && res.statusCode === 404) rememberNotFoundPage(context.notFoundKey, res, sent, page.body)
  return sent
}
