import { type NextRequest, NextResponse } from 'next/server'
import { currentTagCspSources } from './analytics/tags/cspCache'
import { contentSecurityPolicy, HSTS_VALUE, isHttpsRequest, STATIC_SECURITY_HEADERS } from './security/headers'

/** Gives every request a fresh CSP nonce and every response the security headers. */
export function proxy(request: NextRequest) {
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
    tagSources: currentTagCspSources(),
  })

  const requestHeaders = new Headers(request.headers)
  requestHeaders.set('x-nonce', nonce)
  requestHeaders.set('Content-Security-Policy', csp)

  const response = NextResponse.next({ request: { headers: requestHeaders } })
  response.headers.set('Content-Security-Policy', csp)
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) response.headers.set(name, value)
  if (https) response.headers.set('Strict-Transport-Security', HSTS_VALUE)
  return response
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
