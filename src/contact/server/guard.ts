import { checkCsrf } from './csrf'
import { originOf } from './origin'
import { clientAddress } from '@/security/request'
import { contactRateLimiter } from './rateLimit'

export const GUARD_MESSAGES = {
  crossOrigin: 'This form can only be sent from this website.',
  csrf: 'Your session has expired. Please reload the page and send the form again.',
  rateLimited: 'Too many messages were sent from your connection. Please wait a minute and try again.',
} as const

export type GuardFailure = { status: 403 | 429; error: string }

export function payloadSecret(): string {
  const secret = process.env.PAYLOAD_SECRET
  if (!secret) throw new Error('PAYLOAD_SECRET is not set.')
  return secret
}

/** Refuses posts from other sites, then counts the post against the sender's per-minute limit. */
export async function guardOriginAndRate(request: Request): Promise<GuardFailure | null> {
  if (originOf(request) === 'cross-origin') return { status: 403, error: GUARD_MESSAGES.crossOrigin }
  if (!(await contactRateLimiter().take(clientAddress(request))).allowed)
    return { status: 429, error: GUARD_MESSAGES.rateLimited }
  return null
}

/** The double-submit check: the token sent with the post equals the page's signed cookie. */
export async function csrfFailure(request: Request, sentToken: string | null): Promise<GuardFailure | null> {
  return (await checkCsrf(request.headers.get('cookie'), sentToken, payloadSecret()))
    ? null
    : { status: 403, error: GUARD_MESSAGES.csrf }
}
