import { isHttpsRequest } from './headers'
import { CSRF_COOKIE, type CsrfTokenResponse } from './csrfProtocol'
import { readCookie } from './cookies'
import { csrfCookieHeader, isGenuineCsrfToken, issueCsrfToken } from './csrf'
import { payloadSecret } from './secret'

/**
 * GET /api/csrf: the visitor's anti-forgery token for the site's script to send as a header.
 * A genuine cookie is kept (its token returned); otherwise a new one is issued and set. The answer
 * is the visitor's own, so no cache may keep it.
 */
export async function handleCsrfTokenRequest(request: Request): Promise<Response> {
  const secret = payloadSecret()
  const existing = readCookie(request.headers.get('cookie'), CSRF_COOKIE)
  const keep = await isGenuineCsrfToken(existing, secret)
  const token = keep && existing ? existing : await issueCsrfToken(secret)
  const headers = new Headers({ 'Content-Type': 'application/json', 'Cache-Control': 'private, no-store' })
  if (!keep)
    headers.append(
      'Set-Cookie',
      csrfCookieHeader(token, isHttpsRequest(request.url, request.headers.get('x-forwarded-proto'))),
    )
  const body: CsrfTokenResponse = { token }
  return new Response(JSON.stringify(body), { status: 200, headers })
}
