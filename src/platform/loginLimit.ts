// Sign-in attempts per client address, for every way to sign in over HTTP (REST, which the admin's
// login form uses, and GraphQL when enabled). The local API (seed, tests, set-up) is not limited.
import { APIError, type CollectionAfterErrorHook, type CollectionBeforeOperationHook } from 'payload'
import { createRateLimiter, retryAfterSeconds } from '@/security/rateLimit'
import { limitKeyOf } from '@/security/request'

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

/** Password-reset emails one address may ask for: each sends mail, so a flood would fill inboxes. */
export const PASSWORD_RESETS_PER_ADDRESS = 5
export const PASSWORD_RESET_WINDOW_MS = 60 * 60 * 1000

const passwordResetLimiter = createRateLimiter(
  { kind: 'fixed-window', limit: PASSWORD_RESETS_PER_ADDRESS, windowMs: PASSWORD_RESET_WINDOW_MS },
  { scope: 'password-reset', now: () => Date.now() },
)

/** The limiter of each operation that is limited per address. */
const LIMITED_OPERATIONS = {
  login: { limiter: loginLimiter, what: 'sign-in attempts' },
  forgotPassword: { limiter: passwordResetLimiter, what: 'password-reset requests' },
} as const

/** A refusal before the password is checked, so it never counts toward an account's lockout. */
export class LoginLimitReached extends APIError {
  constructor(retryAfterSeconds: number, what: string = LIMITED_OPERATIONS.login.what) {
    const minutes = Math.ceil(retryAfterSeconds / 60)
    super(
      `Too many ${what} from your address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      HTTP_TOO_MANY_REQUESTS,
      null,
      true,
    )
  }
}

/** Counts every HTTP sign-in attempt and password-reset request by the client's address and refuses past the allowance. */
export const limitLoginsPerAddress: CollectionBeforeOperationHook = async ({ operation, req }) => {
  if (req.payloadAPI === 'local' || !Object.hasOwn(LIMITED_OPERATIONS, operation)) return
  const { limiter, what } = LIMITED_OPERATIONS[operation as keyof typeof LIMITED_OPERATIONS]
  const decision = await limiter.take(limitKeyOf(req))
  if (decision.allowed) return
  req.responseHeaders = new Headers(req.responseHeaders)
  const seconds = retryAfterSeconds(decision.retryAfterMs)
  req.responseHeaders.set('Retry-After', String(seconds))
  throw new LoginLimitReached(seconds, what)
}

/** Payload answers `errors: [{ message }]` (which its admin shows); the refusal also says it as `error`. */
export const explainLoginLimit: CollectionAfterErrorHook = ({ error, result }) => {
  if (!(error instanceof LoginLimitReached)) return
  return { response: { ...result, error: error.message } }
}
