/** A chat request refused with a status of its own, and the rate refusal: shared by every part of the chat's server. */
import { type RateDecision, retryAfterSeconds } from '@/security/rateLimit'

export class ChatRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Whole seconds a refused client should wait (sent as Retry-After with a 429). */
    readonly retryAfterS?: number,
  ) {
    super(message)
  }
}

/** Throws a 429 with `message` when the limiter refused, telling the client how long to wait. */
export function refuseWhenLimited(decision: RateDecision, message: string): void {
  if (!decision.allowed) throw new ChatRequestError(429, message, retryAfterSeconds(decision.retryAfterMs))
}
