// Sign-in attempts per client address, for every way to sign in over HTTP (REST, which the admin's
// login form uses, and GraphQL when enabled). The local API (seed, tests, set-up) is not limited.
import { APIError, type CollectionAfterErrorHook, type CollectionBeforeOperationHook } from 'payload'
import { createRateLimiter } from '@/security/rateLimit'
import { clientAddress } from '@/security/request'

/**
 * Twice the account lockout (5 wrong passwords): someone mistyping meets their account's lockout
 * first, while one address can lock at most two accounts, or try 10 passwords, per window.
 */
export const LOGIN_ATTEMPTS_PER_ADDRESS = 10
export const LOGIN_WINDOW_MS = 15 * 60 * 1000

/** The allowance, raised by `LOGIN_ATTEMPTS_PER_ADDRESS` in the environment for the browser suites, which sign in many times from loopback. */
export function loginAttemptsPerAddress(): number {
  const configured = Number(process.env.LOGIN_ATTEMPTS_PER_ADDRESS)
  return Number.isInteger(configured) && configured > 0 ? configured : LOGIN_ATTEMPTS_PER_ADDRESS
}

const loginLimiter = createRateLimiter(
  { kind: 'fixed-window', limit: loginAttemptsPerAddress, windowMs: LOGIN_WINDOW_MS },
  // The clock is read on each take, so a test can move it past the window.
  { scope: 'login', now: () => Date.now() },
)

const HTTP_TOO_MANY_REQUESTS = 429

/** A refusal before the password is checked, so it never counts toward an account's lockout. */
export class LoginLimitReached extends APIError {
  constructor(retryAfterSeconds: number) {
    const minutes = Math.ceil(retryAfterSeconds / 60)
    super(
      `Too many sign-in attempts from your address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      HTTP_TOO_MANY_REQUESTS,
      null,
      true,
    )
  }
}

/** Counts every HTTP sign-in attempt by the client's address and refuses past the allowance. */
export const limitLoginsPerAddress: CollectionBeforeOperationHook = async ({ operation, req }) => {
  if (operation !== 'login' || req.payloadAPI === 'local') return
  const decision = await loginLimiter.take(clientAddress({ headers: req.headers } as Request))
  if (decision.allowed) return
  const retryAfterSeconds = Math.ceil(decision.retryAfterMs / 1000)
  req.responseHeaders = new Headers(req.responseHeaders)
  req.responseHeaders.set('Retry-After', String(retryAfterSeconds))
  throw new LoginLimitReached(retryAfterSeconds)
}

/** Payload answers `errors: [{ message }]` (which its admin shows); the refusal also says it as `error`. */
export const explainLoginLimit: CollectionAfterErrorHook = ({ error, result }) => {
  if (!(error instanceof LoginLimitReached)) return
  return { response: { ...result, error: error.message } }
}
