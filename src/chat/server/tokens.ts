import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { payloadSecret } from '@/security/secret'

const PART = /^[A-Za-z0-9_-]{43}$/

function signingKey(): Buffer {
  return createHash('sha256').update(`chat-visitor:${payloadSecret()}`).digest()
}

const signatureOf = (random: string) => createHmac('sha256', signingKey()).update(random).digest('base64url')

/**
 * 256 random bits and the server's signature of them: a visitor's only key to their conversation.
 * Signed so that a token the client makes up is a new visitor, counted against its address's limit.
 */
export function newVisitorToken(): string {
  const random = randomBytes(32).toString('base64url')
  return `${random}.${signatureOf(random)}`
}

/** A token this site issued (well formed, and its signature holds). */
export function isIssuedToken(token: unknown): token is string {
  if (typeof token !== 'string') return false
  const [random, signature, ...rest] = token.split('.')
  if (rest.length > 0 || !PART.test(random ?? '') || !PART.test(signature ?? '')) return false
  return timingSafeEqual(Buffer.from(signature), Buffer.from(signatureOf(random)))
}

/** What the database and agents see instead of the token. */
export const hashVisitorToken = (token: string) => createHash('sha256').update(token).digest('hex')
