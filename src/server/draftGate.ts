import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { carriesDraftModeCookie, DRAFT_MODE_COOKIE } from '@/content/preview/draftCookie'
import { PRERENDER_REVALIDATE_HEADERS } from '@/platform/next/requests'
import { readCookie } from '@/security/cookies'

/** The session cookie Payload's admin sets for a signed-in editor. */
const SESSION_COOKIE = 'payload-token'

const cookieHeaderOf = (req: IncomingMessage) =>
  Array.isArray(req.headers.cookie) ? req.headers.cookie.join('; ') : (req.headers.cookie ?? '')

/** Payload signs its sessions with the first 32 hex characters of the secret's SHA-256. */
const signingKey = (secret: string) => createHash('sha256').update(secret).digest('hex').slice(0, 32)

/**
 * Whether `token` is a session Payload signed (HS256, this site's secret), for an account, and
 * not expired. It reads no database: the page itself checks the session fully before it shows a
 * draft; this only decides whether a request may pass the caches at all.
 */
export function isSignedSession(token: string | null, secret: string, now = Date.now()): boolean {
  if (!token || !secret) return false
  const parts = token.split('.')
  if (parts.length !== 3) return false
  const [header, body, signature] = parts
  const expected = createHmac('sha256', signingKey(secret)).update(`${header}.${body}`).digest()
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false
  try {
    const { alg } = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'))
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
    return (
      alg === 'HS256' &&
      typeof claims.collection === 'string' &&
      typeof claims.exp === 'number' &&
      claims.exp * 1000 > now
    )
  } catch {
    return false
  }
}

/**
 * Draft mode only with a signed-in editor: a request's draft-mode cookie is dropped unless a
 * signed session comes with it (a former editor's cookie, or one copied from anyone, renders
 * nothing fresh), and Next's revalidation headers are dropped from every request.
 */
export function settleDraftMode(req: IncomingMessage, secret = process.env.PAYLOAD_SECRET ?? ''): void {
  for (const header of PRERENDER_REVALIDATE_HEADERS) delete req.headers[header]
  const cookies = cookieHeaderOf(req)
  if (!carriesDraftModeCookie(cookies)) return
  if (isSignedSession(readCookie(cookies, SESSION_COOKIE), secret)) return
  req.headers.cookie = cookies
    .split(';')
    .filter((part) => part.trim().split('=')[0] !== DRAFT_MODE_COOKIE)
    .join(';')
    .trim()
}
