import { createRateLimiter, type RateLimiter } from '@/security/rateLimit'

/** Contact posts one visitor (IP) may make per minute; raise it by env for load tests. */
export const CONTACT_RATE_LIMIT_PER_MINUTE_DEFAULT = 10
export const CONTACT_RATE_WINDOW_MS = 60_000

export function contactRateLimitPerMinute(): number {
  const configured = Number(process.env.CONTACT_RATE_LIMIT_PER_MINUTE)
  return Number.isInteger(configured) && configured > 0 ? configured : CONTACT_RATE_LIMIT_PER_MINUTE_DEFAULT
}

let shared: RateLimiter | null = null

/** The limiter for both contact endpoints, one allowance per address (shared through Redis when REDIS_URL is set). */
export function contactRateLimiter(): RateLimiter {
  shared ??= createRateLimiter(
    { kind: 'fixed-window', limit: contactRateLimitPerMinute, windowMs: CONTACT_RATE_WINDOW_MS },
    { scope: 'contact' },
  )
  return shared
}
