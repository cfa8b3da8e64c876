import { limitKeyOf } from '@/security/request'
import { createRateLimiter, tooManyRequests } from '@/security/rateLimit'
import { createAltchaChallenge } from './altcha'

/**
 * Challenges one address may fetch: a burst for several forms and tabs, then one a second. A
 * challenge is cheap to make, so this only keeps a flood from costing more than it has to.
 */
export const CAPTCHA_CHALLENGE_RATE_LIMIT = { burst: 60, perMinute: 60 } as const

const challengeLimiter = createRateLimiter(
  { kind: 'token-bucket', ...CAPTCHA_CHALLENGE_RATE_LIMIT },
  { scope: 'captcha-challenge' },
)

/** GET /api/captcha/challenge: a fresh signed proof-of-work challenge for the widget. */
export async function answerChallenge(request: Request): Promise<Response> {
  const decision = await challengeLimiter.take(limitKeyOf(request))
  if (!decision.allowed)
    return tooManyRequests(
      'Too many captcha challenges from your connection. Please wait a moment.',
      decision.retryAfterMs,
    )
  return Response.json(await createAltchaChallenge(), { headers: { 'Cache-Control': 'no-store' } })
}
