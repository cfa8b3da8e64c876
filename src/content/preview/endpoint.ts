import type { Payload, TypedUser, Where } from 'payload'
import { NEWS_PATH, newsAddressFrom } from '../posts/addresses'
import { POSTS_SLUG } from '../posts/Posts'
import { hasRole, type Role } from '@/platform/access'
import { escapeHtml } from '@/security/html'
import { previewPathFrom } from './previewPath'

/** Next's draft mode as a route handler sees it (`await draftMode()` from next/headers). */
export type DraftModeSwitch = { enable(): void; disable(): void }

/** Previews and their refusals are per person: no cache may keep them. */
export const PREVIEW_CACHE_CONTROL = 'no-store'
const HEADERS = { 'Cache-Control': PREVIEW_CACHE_CONTROL }

export const PREVIEW_ROLES: readonly Role[] = ['admin', 'editor']

/** Where the admin signs in; `?redirect=` is where it goes once signed in (a path of this site). */
export const ADMIN_LOGIN_PATH = '/admin/login'

/** A script (fetch, curl) that asks for JSON gets JSON; a browser following a link gets a page. */
const asksForJson = (request: Request) => {
  const accept = request.headers.get('accept') ?? ''
  return accept.includes('application/json') && !accept.includes('text/html')
}

/** The sign-in page, coming back to this very preview once signed in. */
export const signInHref = (request: Request) => {
  const { pathname, search } = new URL(request.url)
  return `${ADMIN_LOGIN_PATH}?redirect=${encodeURIComponent(`${pathname}${search}`)}`
}

/** A refusal as a small page a person can act on: what happened, and the way to sign in when that is the fix. */
function refusalPage(status: number, error: string, signIn: string | null): Response {
  const action = signIn ? `<p><a href="${escapeHtml(signIn)}">Sign in to the admin</a></p>` : ''
  const html = `<!doctype html><html lang="en-US"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Preview not available</title></head><body><main><h1>Preview not available</h1><p>${escapeHtml(error)}</p>${action}</main></body></html>`
  return new Response(html, { status, headers: { ...HEADERS, 'Content-Type': 'text/html; charset=utf-8' } })
}

/** A refusal in the form the request asks for; a signed-out browser is offered the sign-in page. */
function refuse(request: Request, status: number, error: string): Response {
  if (asksForJson(request)) return Response.json({ error }, { status, headers: HEADERS })
  return refusalPage(status, error, status === 401 ? signInHref(request) : null)
}

/** A redirect to a checked page path of this site, kept relative so it cannot leave the site's origin. */
const redirectTo = (path: string) => new Response(null, { status: 307, headers: { ...HEADERS, Location: path } })

/** The signed-in account of a request (Payload's session cookie or Authorization header), or null. */
async function accountOf(payload: Payload, headers: Headers) {
  try {
    return (await payload.auth({ headers })).user
  } catch (error) {
    console.error('preview: the session could not be read', error)
    return null
  }
}

/**
 * Whether a page or a news post has (in its latest draft) this path: a page renamed in a draft is
 * previewed at its new path.
 */
async function hasDraftAt(payload: Payload, path: string, user: TypedUser): Promise<boolean> {
  const address = path.startsWith(`${NEWS_PATH}/`) ? newsAddressFrom(path.split('/').slice(2)) : null
  const where: Where = address?.kind === 'post' ? { slug: { equals: address.slug } } : { path: { equals: path } }
  const { docs } = await payload.find({
    collection: address?.kind === 'post' ? POSTS_SLUG : 'pages',
    where,
    draft: true,
    depth: 0,
    limit: 1,
    pagination: false,
    select: {},
    overrideAccess: false,
    user,
  })
  return docs.length > 0
}

/**
 * GET /api/preview?path=: for a signed-in editor or admin, turns on draft mode and redirects to the
 * page, which then shows its latest draft. Signed out 401, another role 403, a path the site
 * could not serve 400, no page (not even a draft) at the path 404: as JSON to a request that asks
 * for it, else as an HTML page (a signed-out one with a link to sign in and come back).
 */
export async function startPreview(
  request: Request,
  payload: Payload,
  draftMode: () => Promise<DraftModeSwitch>,
): Promise<Response> {
  const user = await accountOf(payload, request.headers)
  if (!user) return refuse(request, 401, 'Sign in to the admin to preview drafts.')
  if (!hasRole(user as { roles?: Role[] }, ...PREVIEW_ROLES))
    return refuse(request, 403, 'Only editors and admins preview drafts.')
  const parsed = previewPathFrom(new URL(request.url).searchParams.get('path'))
  if (!parsed.ok) return refuse(request, 400, parsed.error)
  if (!(await hasDraftAt(payload, parsed.path, user)))
    return refuse(request, 404, 'There is no page at that path, not even a draft.')
  ;(await draftMode()).enable()
  return redirectTo(parsed.path)
}

/**
 * GET /api/preview/exit?path=: turns draft mode off for anyone (it only ever hides drafts) and
 * redirects to the published page at `path`, or to the home page when `path` is missing or not
 * a page path.
 */
export async function exitPreview(request: Request, draftMode: () => Promise<DraftModeSwitch>): Promise<Response> {
  const parsed = previewPathFrom(new URL(request.url).searchParams.get('path'))
  ;(await draftMode()).disable()
  return redirectTo(parsed.ok ? parsed.path : '/')
}
