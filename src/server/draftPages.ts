import type { IncomingMessage } from 'node:http'
import { carriesDraftModeCookie } from '@/content/preview/draftCookie'

/**
 * A page answered in draft mode is one editor's view of unpublished work: no cache, shared or
 * the browser's, may keep it.
 */
export const DRAFT_PAGE_CACHE_CONTROL = 'private, no-store'

/** Where no site page lives: the admin, the APIs (which set their own caching), Next's files. */
const NOT_PAGES = /^\/(?:admin|api|_next)(?:[/?]|$)/

/**
 * Whether a request asks for a site page in draft mode. Next decides whether the cookie is
 * genuine; a forged one gets the public page, which then is merely uncached and frameable by
 * this origin alone.
 */
export function isDraftPageRequest(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  if (NOT_PAGES.test(req.url ?? '/')) return false
  return carriesDraftModeCookie(req.headers.cookie)
}
