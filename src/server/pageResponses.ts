import { createHash } from 'node:crypto'
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { LRUCache } from 'lru-cache'
import { FRONT_CACHE_S } from '@/platform/caches'
import {
  contentSecurityPolicy,
  type FrameAncestors,
  HSTS_VALUE,
  type ScriptHash,
  X_FRAME_OPTIONS,
} from '@/security/headers'
import { currentThirdPartySources } from '@/security/thirdPartySources'
import { lastKnownBusiness } from '@/content/lastKnownBusiness'
import { MEDIA_CACHE_CONTROL } from '@/content/media/fileVersion'
import { MAINTENANCE_PAGE_CSP, MAINTENANCE_RETRY_AFTER_S, maintenancePageHtml } from './maintenancePage'
import { databaseReachable } from './databaseProbe'
import { DRAFT_PAGE_CACHE_CONTROL, isDraftPageRequest } from './draftPages'
import { loadChunksAfterFirstPaint } from './chunksAfterFirstPaint'
import { markedScriptHashes } from './inlineScripts'
import { rememberPage } from './pageMemo'
import { withoutRouterCopyOfCss } from './routerCopyOfCss'
import { MarkRemover, withoutMark } from './scriptOrigin'
import { rememberNotFoundPage } from './unknownAddresses'

/** How long a shared cache may keep serving a page while the app cannot answer: a day. */
const STALE_IF_ERROR_S = 86400

/**
 * What a shared cache (the nginx front, a CDN) may do with a page Next serves from its cache: keep
 * it the front's second (src/platform/caches.ts), so a publish shows within two, refresh it in the
 * background while it serves the old copy for one more, and keep serving it when the app cannot
 * answer. Browsers ask again each time (max-age=0) and get a 304 while the page is unchanged.
 */
export const CACHED_PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${FRONT_CACHE_S}, stale-while-revalidate=${FRONT_CACHE_S}, stale-if-error=${STALE_IF_ERROR_S}`

/** What a page that answered 404 tells caches: keep nothing, so random addresses cannot crowd out real pages. */
export const NOT_FOUND_CACHE_CONTROL = 'no-store'

/** How many prepared pages (their script hashes and compressed bodies) the server keeps. */
const PREPARED_PAGES_MAX = 500
const PREPARED_PAGES_MAX_BYTES = 64 * 1024 * 1024

type Encoding = 'br' | 'gzip'

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

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** A cached page is compressed once, as small as the formats go; a page made per request, quickly. */
function compress(body: Buffer, encoding: Encoding, once: boolean): Promise<Buffer> {
  if (encoding === 'br')
    return brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: once ? 11 : 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    })
  return gzip(body, { level: once ? 9 : 6 })
}

/** The best encoding the client accepts (a `q=0` refuses one). */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const accepted = new Set<string>()
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param))
    if (name && !refused) accepted.add(name)
  }
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip'
  return null
}

/**
 * Next answers `permanentRedirect()` (a CMS redirect, a trailing slash) with 308; for a GET or HEAD
 * it means the same as 301, which the site answers because every crawler and old client knows it.
 */
export function permanentRedirectStatus(method: string | undefined, status: number): number {
  return status === 308 && (method === 'GET' || method === 'HEAD') ? 301 : status
}

/**
 * Where a permanent redirect sends a visitor who came with a query (campaign tags, a search): the
 * same query on the new address, unless the target names a query of its own. Next keeps one
 * redirect per address in its cache whatever the query, so the server adds it per request.
 */
export function withVisitorQuery(location: string, url: string | undefined): string {
  const at = (url ?? '').indexOf('?')
  const query = at === -1 ? '' : (url ?? '').slice(at + 1)
  if (!query || location.includes('?')) return location
  const hash = location.indexOf('#')
  return hash === -1 ? `${location}?${query}` : `${location.slice(0, hash)}?${query}${location.slice(hash)}`
}

/**
 * The site's icons at the addresses Next gives them in pages (`/icon-<hash>.svg?icon.<hash>.svg`,
 * `/favicon.ico?favicon.<hash>.ico`, new whenever the file changes), which Next sends with
 * `max-age=0`: kept for good instead, so browsers do not ask again on every page and the front
 * keeps them rather than passing every visitor's request on.
 */
const VERSIONED_ICON = /^\/(favicon\.ico|(icon|apple-icon)-[0-9a-z]+\.[a-z]+)\?[^/]+$/
export const VERSIONED_ICON_CACHE_CONTROL = MEDIA_CACHE_CONTROL.versioned

/**
 * Whether Next marked the response as one any cache may keep (a page from its full-route cache). A
 * route that wrote its own `public` policy (the chat's shared answers) keeps it.
 */
function isCachedByNext(cacheControl: unknown): boolean {
  const value = String(cacheControl ?? '')
  return /\bs-maxage=\d+/.test(value) && !/\b(private|no-store|public)\b/.test(value)
}

export type PageResponseOptions = {
  https: boolean
  dev: boolean
  /**
   * Where to remember the page if any cache may keep it (src/server/pageMemo.ts), taken when the
   * request arrived: Next adds forwarding headers to the request on its way.
   */
  memoKey?: string | null
  /** Where to remember the page if it is the 404 of an unknown address (src/server/unknownAddresses.ts). */
  notFoundKey?: string | null
  /** The mark every render ran with (src/security/scriptMark.ts): it never leaves the server. */
  scriptMark: string
}

/** A page's policy: the site's own inline scripts by hash, its files and the configured third parties. */
function pagePolicy(scriptHashes: ScriptHash[], options: PageResponseOptions, frameAncestors: FrameAncestors): string {
  return contentSecurityPolicy({
    scriptHashes,
    dev: options.dev,
    https: options.https,
    thirdParty: currentThirdPartySources(),
    frameAncestors,
  })
}

/** Whether the response is an event stream (held open, written as events come, never compressed). */
export const isEventStream = (res: ServerResponse) =>
  String(res.getHeader('content-type') ?? '').includes('event-stream')

function applyHeaders(res: ServerResponse, headers: OutgoingHttpHeaders | undefined) {
  for (const [name, value] of Object.entries(headers ?? {})) if (value !== undefined) res.setHeader(name, value)
}

/**
 * Takes over how Next's answer is written. Every HTML page is held until it is complete, then sent
 * with a Content-Security-Policy listing the hashes of its own inline scripts (a route that set its
 * own policy keeps it) and compressed; a page Next serves from its cache gets the shared-cache
 * policy, and its hashes and compressed forms are kept for the next request of the same bytes.
 * Everything else passes through, streams included.
 */
export function takeOverResponse(req: IncomingMessage, res: ServerResponse, options: PageResponseOptions): void {
  const writeHead = res.writeHead.bind(res) as (status: number) => ServerResponse
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean
  const end = res.end.bind(res) as (chunk?: unknown, ...rest: unknown[]) => ServerResponse
  const flushHeaders = res.flushHeaders.bind(res)
  let mode: 'undecided' | 'hold' | 'pass' = 'undecided'
  // Next's data for the router and a server action's answer name the mark too; it is replaced as they stream.
  let markRemover: MarkRemover | null = null
  let status: number | null = null
  const chunks: Buffer[] = []
  const draft = isDraftPageRequest(req)
  // Only a page in draft mode may be framed, by the admin's live preview on this origin.
  const frameAncestors: FrameAncestors = draft ? 'self' : 'none'

  const decide = () => {
    if (mode !== 'undecided') return mode
    res.statusCode = permanentRedirectStatus(req.method, res.statusCode)
    if (status !== null) status = res.statusCode
    // A redirect Next serves from its cache carries its Location twice (the render's, the entry's).
    const location = res.getHeader('location')
    if (Array.isArray(location) && new Set(location).size === 1) res.setHeader('Location', location[0])
    const target = res.getHeader('location')
    if (res.statusCode === 301 && typeof target === 'string')
      res.setHeader('Location', withVisitorQuery(target, req.url))
    if (options.https) res.setHeader('Strict-Transport-Security', HSTS_VALUE)
    const readsPage = req.method === 'GET' || req.method === 'HEAD'
    const cachedByNext = readsPage && isCachedByNext(res.getHeader('cache-control'))
    if (draft) res.setHeader('Cache-Control', DRAFT_PAGE_CACHE_CONTROL)
    // Nor is an unknown address kept by any shared cache (see the cache handler's set).
    else if (res.statusCode === 404) res.setHeader('Cache-Control', NOT_FOUND_CACHE_CONTROL)
    else if (cachedByNext) res.setHeader('Cache-Control', CACHED_PAGE_CACHE_CONTROL)
    else if (readsPage && res.statusCode === 200 && VERSIONED_ICON.test(req.url ?? ''))
      res.setHeader('Cache-Control', VERSIONED_ICON_CACHE_CONTROL)
    const html = String(res.getHeader('content-type') ?? '').startsWith('text/html')
    if (html && draft) res.setHeader('X-Frame-Options', X_FRAME_OPTIONS[frameAncestors])
    // A HEAD has no body to hash: it gets the policy with no inline script allowed at all.
    if (html && req.method === 'HEAD' && !res.hasHeader('content-security-policy'))
      res.setHeader('Content-Security-Policy', pagePolicy([], options, frameAncestors))
    mode = html && req.method === 'GET' && !res.getHeader('content-encoding') ? 'hold' : 'pass'
    if (mode === 'pass' && (html || String(res.getHeader('content-type') ?? '').startsWith('text/x-component'))) {
      markRemover = new MarkRemover(options.scriptMark)
    }
    if (mode === 'pass' && status !== null) writeHead(status)
    return mode
  }

  const toBuffer = (chunk: unknown, encoding?: unknown) =>
    Buffer.isBuffer(chunk)
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk)
        : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')

  /** The callback among a write's or an end's arguments, if any. */
  const callbackIn = (args: unknown[]) => args.find((arg) => typeof arg === 'function') as (() => void) | undefined
  /** The bytes an end's arguments carry, if any (its first may be the callback). */
  const endBytes = (chunk: unknown, encoding: unknown) =>
    chunk !== undefined && chunk !== null && typeof chunk !== 'function' ? toBuffer(chunk, encoding) : null

  res.writeHead = function (asked: number, ...rest: unknown[]) {
    const code = permanentRedirectStatus(req.method, asked)
    // Once passing through, Node's own implicit header write comes here too.
    if (mode === 'pass') return (writeHead as (...args: unknown[]) => ServerResponse)(code, ...rest)
    status = code
    const headers = rest.find((arg) => arg && typeof arg === 'object') as OutgoingHttpHeaders | undefined
    applyHeaders(res, headers)
    res.statusCode = code
    decide()
    return res
  } as ServerResponse['writeHead']

  // Next sends a route's headers on their own before its body: one more write to the socket, which
  // costs as much as the answer itself on a small one. The headers go with the first bytes of the
  // body instead, except for an event stream, whose client learns at once that it is connected.
  res.flushHeaders = function () {
    if (decide() === 'pass' && isEventStream(res)) flushHeaders()
  }

  // What passes through and is written in the turn of the event loop its first bytes came in: held
  // for that turn, so that an answer made at once (a route's JSON) leaves in one write, with its
  // length (and uncompressed when that is small, as the compression's threshold then sees it), not
  // as headers, a chunk and an end. Not an event stream, nor anything whose mark is being replaced.
  let firstTurn: Buffer[] | null = null
  const holdsFirstTurn = () => !markRemover && !isEventStream(res)
  const releaseFirstTurn = () => {
    const held = firstTurn
    firstTurn = null
    if (held?.length) write(Buffer.concat(held))
  }

  res.write = function (chunk: unknown, ...rest: unknown[]) {
    if (decide() === 'pass' && markRemover) {
      const callback = callbackIn(rest)
      return write(markRemover.take(toBuffer(chunk, rest[0])), ...(callback ? [callback] : []))
    }
    if (mode === 'pass' && firstTurn === null && !res.headersSent && holdsFirstTurn()) {
      firstTurn = []
      setImmediate(releaseFirstTurn)
    }
    if (mode === 'pass' && firstTurn) {
      firstTurn.push(toBuffer(chunk, rest[0]))
      callbackIn(rest)?.()
      return true
    }
    if (mode === 'pass') return write(chunk, ...rest)
    chunks.push(toBuffer(chunk, rest[0]))
    callbackIn(rest)?.()
    return true
  } as ServerResponse['write']

  res.end = function (chunk?: unknown, ...rest: unknown[]) {
    if (decide() === 'pass' && markRemover) {
      const last = endBytes(chunk, rest[0])
      const callback = callbackIn([chunk, ...rest])
      const tail = Buffer.concat([last ? markRemover.take(last) : Buffer.alloc(0), markRemover.finish()])
      return end(tail, ...(callback ? [callback] : []))
    }
    if (mode === 'pass' && firstTurn) {
      const held = firstTurn
      firstTurn = null
      const last = endBytes(chunk, rest[0])
      const callback = callbackIn([chunk, ...rest])
      const body = Buffer.concat(last ? [...held, last] : held)
      if (!res.headersSent && !res.hasHeader('content-length')) res.setHeader('Content-Length', body.length)
      return end(body, ...(callback ? [callback] : []))
    }
    if (mode === 'pass') return end(chunk, ...rest)
    const last = endBytes(chunk, rest[0])
    if (last) chunks.push(last)
    const callback = callbackIn([chunk, ...rest])
    void sendHeldPage(req, res, Buffer.concat(chunks), { ...options, frameAncestors }, { writeHead, end }).then(
      callback,
      (error) => {
        console.error('A page could not be sent:', error)
        res.destroy(error instanceof Error ? error : undefined)
      },
    )
    return res
  } as ServerResponse['end']
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

async function sendHeldPage(
  req: IncomingMessage,
  res: ServerResponse,
  rendered: Buffer,
  options: PageResponseOptions & { frameAncestors: FrameAncestors },
  original: { writeHead: (status: number) => ServerResponse; end: (chunk?: unknown) => ServerResponse },
) {
  const body = await pageWhileDatabaseIsDown(res, rendered)
  const shared = res.getHeader('cache-control') === CACHED_PAGE_CACHE_CONTROL
  const key = shared ? createHash('sha1').update(body).digest('base64') : null
  let page = key ? preparedPages.get(key) : undefined
  if (!page) {
    // A page any cache keeps is prepared once, so it is the one whose chunks wait for the first paint.
    // It also leaves the router's second copy of the CSS the document carries (routerCopyOfCss.ts).
    const html = shared
      ? Buffer.from(loadChunksAfterFirstPaint(withoutRouterCopyOfCss(body.toString('utf8')), options.scriptMark))
      : body
    const hashes = markedScriptHashes(html.toString('utf8'), options.scriptMark)
    const prepared = withoutMark(html, options.scriptMark)
    page = { hashes, body: prepared, encoded: {}, size: prepared.length }
    if (key) preparedPages.set(key, page)
  }
  if (!res.hasHeader('content-security-policy'))
    res.setHeader('Content-Security-Policy', pagePolicy(page.hashes, options, options.frameAncestors))
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
  if (res.destroyed) return
  if (options.memoKey && shared && (res.statusCode === 200 || res.statusCode === 301))
    rememberPage(options.memoKey, res, sent)
  if (options.notFoundKey && res.statusCode === 404) rememberNotFoundPage(options.notFoundKey, res, sent, page.body)
  original.writeHead(res.statusCode)
  original.end(sent)
}

function mergeVary(existing: unknown, name: string): string {
  const values = String(existing ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)
  return values.some((value) => value.toLowerCase() === name.toLowerCase() || value === '*')
    ? values.join(', ')
    : [...values, name].join(', ')
}
