import type { IncomingMessage, ServerResponse } from 'node:http'
import { FRONT_CACHE_S } from '@/platform/caches'
import { VERSIONED_ICON } from '@/platform/next/addresses'
import { isCachedByNext, NEXT_PERMANENT_REDIRECT_STATUS } from '@/platform/next/responses'
import { MEDIA_CACHE_CONTROL } from '@/content/media/fileVersion'
import {
  contentSecurityPolicy,
  type FrameAncestors,
  HSTS_VALUE,
  type ScriptHash,
  X_FRAME_OPTIONS,
} from '@/security/headers'
import { currentThirdPartySources } from '@/security/thirdPartySources'
import { DRAFT_PAGE_CACHE_CONTROL } from '../draftPages'

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

/**
 * The site's icons at the addresses Next gives them in pages, which Next sends with `max-age=0`:
 * kept for good instead, so browsers do not ask again on every page and the front keeps them
 * rather than passing every visitor's request on.
 */
export const VERSIONED_ICON_CACHE_CONTROL = MEDIA_CACHE_CONTROL.versioned

const MOVED_PERMANENTLY = 301

/**
 * Next answers `permanentRedirect()` (a CMS redirect, a trailing slash) with 308; for a GET or HEAD
 * it means the same as 301, which the site answers because every crawler and old client knows it.
 */
export function permanentRedirectStatus(method: string | undefined, status: number): number {
  return status === NEXT_PERMANENT_REDIRECT_STATUS && (method === 'GET' || method === 'HEAD')
    ? MOVED_PERMANENTLY
    : status
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

/** Whether the response is an event stream (held open, written as events come, never compressed). */
export const isEventStream = (res: ServerResponse) =>
  String(res.getHeader('content-type') ?? '').includes('event-stream')

export type ResponseContext = {
  https: boolean
  dev: boolean
  /** A draft preview: kept by no cache, and framed only by the admin's live preview on this origin. */
  draft: boolean
}

/** Who may frame the response: only a page in draft mode, by the admin's live preview on this origin. */
export const frameAncestorsOf = (context: ResponseContext): FrameAncestors => (context.draft ? 'self' : 'none')

/** A page's policy: the site's own inline scripts by hash, its files and the configured third parties. */
export function pagePolicy(scriptHashes: ScriptHash[], context: ResponseContext): string {
  return contentSecurityPolicy({
    scriptHashes,
    dev: context.dev,
    https: context.https,
    thirdParty: currentThirdPartySources(),
    frameAncestors: frameAncestorsOf(context),
  })
}

/**
 * The head of Next's answer, settled once it is final and before any byte leaves: 301 for a GET's
 * permanent redirect, with the visitor's query and one Location; HSTS over https; the caching a
 * draft, a 404, a page from Next's cache or a versioned icon gets; a draft page's framing; a HEAD
 * of a page its policy. Says whether the answer is an HTML document.
 */
export function settleHead(req: IncomingMessage, res: ServerResponse, context: ResponseContext): { html: boolean } {
  res.statusCode = permanentRedirectStatus(req.method, res.statusCode)
  // A redirect Next serves from its cache carries its Location twice (the render's, the entry's).
  const location = res.getHeader('location')
  if (Array.isArray(location) && new Set(location).size === 1) res.setHeader('Location', location[0])
  const target = res.getHeader('location')
  if (res.statusCode === MOVED_PERMANENTLY && typeof target === 'string')
    res.setHeader('Location', withVisitorQuery(target, req.url))
  if (context.https) res.setHeader('Strict-Transport-Security', HSTS_VALUE)
  const readsPage = req.method === 'GET' || req.method === 'HEAD'
  const cachedByNext = readsPage && isCachedByNext(res.getHeader('cache-control'))
  if (context.draft) res.setHeader('Cache-Control', DRAFT_PAGE_CACHE_CONTROL)
  // Nor is an unknown address kept by any shared cache (see the cache handler's set).
  else if (res.statusCode === 404) res.setHeader('Cache-Control', NOT_FOUND_CACHE_CONTROL)
  else if (cachedByNext) res.setHeader('Cache-Control', CACHED_PAGE_CACHE_CONTROL)
  else if (readsPage && res.statusCode === 200 && VERSIONED_ICON.test(req.url ?? ''))
    res.setHeader('Cache-Control', VERSIONED_ICON_CACHE_CONTROL)
  const html = String(res.getHeader('content-type') ?? '').startsWith('text/html')
  if (html && context.draft) res.setHeader('X-Frame-Options', X_FRAME_OPTIONS[frameAncestorsOf(context)])
  // A HEAD has no body to hash: it gets the policy with no inline script allowed at all.
  if (html && req.method === 'HEAD' && !res.hasHeader('content-security-policy'))
    res.setHeader('Content-Security-Policy', pagePolicy([], context))
  return { html }
}
