import { checkCsrf } from '@/security/csrf'
import { payloadSecret } from '@/security/secret'
import { originOf } from '@/security/origin'
import { retryAfterSeconds } from '@/security/rateLimit'
import { limitKeyOf } from '@/security/request'
import { contactRateLimiter } from './rateLimit'

export const GUARD_MESSAGES = {
  crossOrigin: 'This form can only be sent from this website.',
  csrf: 'Your session has expired. Please reload the page and send the form again.',
  rateLimited: 'Too many messages were sent from your connection. Please wait a minute and try again.',
} as const

/** A refusal; a 429 says when the sender's allowance opens again. */
export type GuardFailure = { status: 403 | 429; error: string; retryAfterMs?: number }

/** The `Retry-After` header a refusal carries, when it is a 429. */
export const retryAfterHeaders = (failure: GuardFailure): Record<string, string> =>
  failure.retryAfterMs === undefined ? {} : { 'Retry-After': String(retryAfterSeconds(failure.retryAfterMs)) }

/** Refuses posts from other sites, then counts the post against the sender's per-minute limit. */
export async function guardOriginAndRate(request: Request): Promise<GuardFailure | null> {
  if (originOf(request) === 'cross-origin') return { status: 403, error: GUARD_MESSAGES.crossOrigin }
  const decision = await contactRateLimiter().take(limitKeyOf(request))
  if (!decision.allowed) return { status: 429, error: GUARD_MESSAGES.rateLimited, retryAfterMs: decision.retryAfterMs }
  return null
}

/**
 * A form posted by the browser itself (no JavaScript, so no token): the token when one was sent
 * (the answer page's form carries it), otherwise the browser's own word that the post comes from
 * this site (Origin or Sec-Fetch-Site), which no other site can forge.
 */
export async function formPostFailure(request: Request, sentToken: string | null): Promise<GuardFailure | null> {
  if (sentToken) return csrfFailure(request, sentToken)
  return originOf(request) === 'same-origin' ? null : { status: 403, error: GUARD_MESSAGES.csrf }
}

/** The double-submit check: the token sent with the post equals the signed cookie. */
export async function csrfFailure(request: Request, sentToken: string | null): Promise<GuardFailure | null> {
  return (await checkCsrf(request.headers.get('cookie'), sentToken, payloadSecret()))
    ? null
    : { status: 403, error: GUARD_MESSAGES.csrf }
}
