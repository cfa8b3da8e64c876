import { CSRF_COOKIE } from './csrfProtocol'

/** How long the token cookie lives. */
export const CSRF_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 30

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/

const encoder = new TextEncoder()

function base64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url')
}

async function sign(secret: string, nonce: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(`csrf:${secret}`),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  return base64url(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(nonce))))
}

/** A random nonce and its HMAC: a cookie planted by a neighbour site without the secret is refused. */
export async function issueCsrfToken(secret: string): Promise<string> {
  const nonce = base64url(crypto.getRandomValues(new Uint8Array(16)))
  return `${nonce}.${await sign(secret, nonce)}`
}

function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}

/** True when the token has our shape and our signature. */
export async function isGenuineCsrfToken(token: string | null | undefined, secret: string): Promise<boolean> {
  if (!token || !TOKEN_PATTERN.test(token)) return false
  const [nonce, signature] = token.split('.')
  return sameText(signature, await sign(secret, nonce))
}

/** Reads one cookie from a Cookie header without trusting its shape. */
export function readCookie(header: string | null, name: string): string | null {
  if (!header || header.length > 16_384) return null
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return null
}

/** Double submit: the token sent (header or form field) equals the cookie, and the cookie is ours. */
export async function checkCsrf(cookieHeader: string | null, sent: string | null, secret: string): Promise<boolean> {
  const cookie = readCookie(cookieHeader, CSRF_COOKIE)
  if (!cookie || !sent || !sameText(cookie, sent)) return false
  return isGenuineCsrfToken(cookie, secret)
}

export function csrfCookieHeader(token: string, https: boolean): string {
  return `${CSRF_COOKIE}=${token}; Path=/; Max-Age=${CSRF_COOKIE_MAX_AGE_S}; SameSite=Lax; HttpOnly${https ? '; Secure' : ''}`
}
