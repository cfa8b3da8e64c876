import { readCookie } from './cookies'
import { CSRF_COOKIE } from './csrfProtocol'
import { sameSecret, signedTokens } from './signedToken'

/** How long the token cookie lives. */
export const CSRF_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 30

/** The CSRF token's kind: 16 random bytes signed with a key of its own, derived from the site's secret. */
const csrfTokens = (secret: string) => signedTokens({ key: () => `csrf:${secret}`, randomLength: 16 })

/** A random nonce and its HMAC: a cookie planted by a neighbour site without the secret is refused. */
export async function issueCsrfToken(secret: string): Promise<string> {
  return csrfTokens(secret).issue()
}

/** True when the token has our shape and our signature. */
export async function isGenuineCsrfToken(token: string | null | undefined, secret: string): Promise<boolean> {
  return csrfTokens(secret).isGenuine(token)
}

/** Double submit: the token sent (header or form field) equals the cookie, and the cookie is ours. */
export async function checkCsrf(cookieHeader: string | null, sent: string | null, secret: string): Promise<boolean> {
  const cookie = readCookie(cookieHeader, CSRF_COOKIE)
  if (!cookie || !sent || !sameSecret(cookie, sent)) return false
  return isGenuineCsrfToken(cookie, secret)
}

export function csrfCookieHeader(token: string, https: boolean): string {
  return `${CSRF_COOKIE}=${token}; Path=/; Max-Age=${CSRF_COOKIE_MAX_AGE_S}; SameSite=Lax; HttpOnly${https ? '; Secure' : ''}`
}
