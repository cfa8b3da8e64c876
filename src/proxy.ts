import { type NextRequest, NextResponse } from 'next/server'
import { CSRF_COOKIE } from './contact/protocol'
import { CSRF_INTERNAL_HEADER, csrfCookieHeader, issueCsrfToken, isGenuineCsrfToken } from './contact/server/csrf'
import { contentSecurityPolicy, HSTS_VALUE, isHttpsRequest, STATIC_SECURITY_HEADERS } from './security/headers'
import { currentThirdPartySources } from './security/thirdPartySources'

/** Gives every request a fresh CSP nonce and every response the security headers. */
export async function proxy(request: NextRequest) {
  if (!hasValidEncoding(request.nextUrl.pathname)) {
    return new NextResponse('Bad request: the address is not valid.', {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', ...STATIC_SECURITY_HEADERS },
    })
  }
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64')
  const https = isHttpsRequest(request.url, request.headers.get('x-forwarded-proto'))
  const csp = contentSecurityPolicy(nonce, {
    dev: process.env.NODE_ENV !== 'production',
    https,
    thirdParty: currentThirdPartySources(),
  })

  const requestHeaders = new Headers(request.headers)
  requestHeaders.set('x-nonce', nonce)
  requestHeaders.set('Content-Security-Policy', csp)
  const csrf = await csrfTokenFor(request)
  requestHeaders.set(CSRF_INTERNAL_HEADER, csrf.token)

  const response = NextResponse.next({ request: { headers: requestHeaders } })
  if (csrf.fresh) response.headers.append('Set-Cookie', csrfCookieHeader(csrf.token, https))
  response.headers.set('Content-Security-Policy', csp)
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) response.headers.set(name, value)
  if (https) response.headers.set('Strict-Transport-Security', HSTS_VALUE)
  return response
}

/** The visitor's CSRF token (double submit), issued here when missing so the page can carry it. */
async function csrfTokenFor(request: NextRequest): Promise<{ token: string; fresh: boolean }> {
  const secret = process.env.PAYLOAD_SECRET ?? ''
  const existing = request.cookies.get(CSRF_COOKIE)?.value
  if (existing && (await isGenuineCsrfToken(existing, secret))) return { token: existing, fresh: false }
  return { token: await issueCsrfToken(secret), fresh: true }
}

/** A path whose percent-escapes do not decode (e.g. "/%E0%A4%A") can name no page. */
function hasValidEncoding(pathname: string): boolean {
  try {
    decodeURIComponent(pathname)
    return true
  } catch {
    return false
  }
}

export const config = {
  matcher: [{ source: '/((?!_next/static|_next/image|favicon.ico).*)' }],
}
