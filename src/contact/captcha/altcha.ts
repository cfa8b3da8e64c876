import { createHash } from 'node:crypto'
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1'
import type { Challenge, Payload as SolutionPayload } from 'altcha-lib/v1/types'
import type { ReplayGuard } from './replayGuard'
import { CAPTCHA_PASSED, CAPTCHA_REFUSED, type CaptchaVerifier } from './types'

/** Largest number the browser may have to try: about a second of hashing on a phone. */
export const ALTCHA_MAX_NUMBER = 100_000
/** A challenge must be solved and sent within this time. */
export const ALTCHA_CHALLENGE_TTL_MS = 10 * 60_000
/** Longest base64 payload a genuine solution can have. */
const MAX_PAYLOAD_LENGTH = 2048

/** The HMAC key of our challenges, derived from PAYLOAD_SECRET so no second secret is needed. */
export function altchaHmacKey(secret = process.env.PAYLOAD_SECRET ?? ''): string {
  if (!secret) throw new Error('PAYLOAD_SECRET is not set: the captcha cannot sign challenges.')
  return createHash('sha256').update(`altcha-hmac:${secret}`).digest('hex')
}

/** A fresh signed proof-of-work challenge, expiring after ALTCHA_CHALLENGE_TTL_MS. */
export function createAltchaChallenge(hmacKey = altchaHmacKey(), now = Date.now()): Promise<Challenge> {
  return createChallenge({
    hmacKey,
    maxNumber: ALTCHA_MAX_NUMBER,
    expires: new Date(now + ALTCHA_CHALLENGE_TTL_MS),
  })
}

function decodePayload(answer: string): SolutionPayload | null {
  if (answer.length > MAX_PAYLOAD_LENGTH) return null
  try {
    const value: unknown = JSON.parse(Buffer.from(answer, 'base64').toString('utf8'))
    if (!value || typeof value !== 'object') return null
    const { algorithm, challenge, number, salt, signature } = value as Record<string, unknown>
    if (typeof algorithm !== 'string' || typeof challenge !== 'string' || typeof salt !== 'string') return null
    if (typeof signature !== 'string' || typeof number !== 'number' || !Number.isInteger(number)) return null
    return { algorithm: algorithm as SolutionPayload['algorithm'], challenge, number, salt, signature }
  } catch {
    return null
  }
}

/**
 * Self-hosted proof of work: the answer is valid, unexpired, signed by us and not used before.
 * Without the record of spent answers (the database failing) a replay cannot be ruled out, and the
 * check is `unavailable`.
 */
export function altchaProvider(guard: ReplayGuard, hmacKey = altchaHmacKey()): CaptchaVerifier {
  return {
    name: 'altcha',
    async verify(answer) {
      const payload = decodePayload(answer)
      if (!payload) return CAPTCHA_REFUSED
      if (!(await verifySolution(payload, hmacKey, true))) return CAPTCHA_REFUSED
      const expires = Number(extractParams(payload).expires) * 1000
      const ttl = Number.isFinite(expires) ? Math.max(expires - Date.now(), 1000) : ALTCHA_CHALLENGE_TTL_MS
      try {
        return (await guard.claim(payload.signature, ttl)) ? CAPTCHA_PASSED : CAPTCHA_REFUSED
      } catch (error) {
        const reason = 'the record of spent captcha answers could not be read'
        return { outcome: 'unavailable', failed: 'storage', reason, cause: error }
      }
    },
  }
}
