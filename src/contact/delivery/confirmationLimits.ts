// How many confirmation emails the site sends to addresses visitors type: a confirmation goes to
// whatever address a form was given, so without a ceiling a visitor could have the site mail
// anyone, again and again, under the business's name. The same engine and shape as the chat's
// transcripts (src/chat/server/conversation/transcriptRequest.ts).
import { createRateLimiter, takeEach } from '@/security/rateLimit'

export const CONTACT_CONFIRMATION_WINDOW_MS = 60 * 60_000
/** Confirmations one address receives per window, whoever submits: a typo's retry, not a flood of one inbox. */
export const CONTACT_CONFIRMATIONS_PER_RECIPIENT = 3
/** Confirmations the site sends per window, all addresses together: far above a busy hour's real messages. */
export const CONTACT_CONFIRMATIONS_PER_SITE = 60

export const confirmationRecipientLimiter = createRateLimiter(
  { kind: 'fixed-window', limit: CONTACT_CONFIRMATIONS_PER_RECIPIENT, windowMs: CONTACT_CONFIRMATION_WINDOW_MS },
  { scope: 'contact-confirmation-recipient' },
)

export const confirmationSiteLimiter = createRateLimiter(
  { kind: 'fixed-window', limit: CONTACT_CONFIRMATIONS_PER_SITE, windowMs: CONTACT_CONFIRMATION_WINDOW_MS },
  { scope: 'contact-confirmation-site' },
)

/** The one key of the site-wide allowance. */
export const CONFIRMATION_SITE_KEY = 'site'

/** What a submission records when its confirmation was over an allowance, by the allowance. */
export const CONFIRMATION_SKIPPED_REASONS = [
  `Not sent: this address had ${CONTACT_CONFIRMATIONS_PER_RECIPIENT} confirmations within the hour.`,
  `Not sent: the site sent ${CONTACT_CONFIRMATIONS_PER_SITE} confirmations within the hour.`,
] as const

/**
 * Takes a confirmation to `to` from its address's and the site's hourly allowances: allowed, with
 * `giveBack` for a mail that did not go out after all, or the reason it is skipped.
 */
export async function takeConfirmationAllowance(
  to: string,
): Promise<{ allowed: true; giveBack: () => Promise<void> } | { allowed: false; reason: string }> {
  const taken = await takeEach([
    [confirmationRecipientLimiter, to.toLowerCase()],
    [confirmationSiteLimiter, CONFIRMATION_SITE_KEY],
  ])
  return taken.allowed ? taken : { allowed: false, reason: CONFIRMATION_SKIPPED_REASONS[taken.refusedBy] }
}
