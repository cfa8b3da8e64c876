// One rate limiter for every endpoint that takes visitor input (contact, analytics, chat).
// The limits themselves are named constants beside each caller; this module only counts.
import { withSharedRedis } from './redis'

/**
 * How a key's allowance is counted:
 * - `fixed-window`: at most `limit` takes per window of `windowMs`, a window opening at the key's first take;
 * - `token-bucket`: a burst of `burst` takes, refilled steadily at `perMinute`.
 * `limit` may be a function so that a caller can read it from the environment on each take.
 */
export type RatePolicy =
  | { kind: 'fixed-window'; limit: number | (() => number); windowMs: number }
  | { kind: 'token-bucket'; burst: number; perMinute: number }

/** `window`: for a fixed window, when the window the take was counted in opened (giveBack uses it). */
export type RateDecision = { allowed: true; window?: number } | { allowed: false; retryAfterMs: number }

export interface RateLimiter {
  /** Counts one request for the key: allowed, or refused with the time until the next would be. */
  take(key: string): Promise<RateDecision>
  /**
   * Uncounts the take `taken` of the key, when what it allowed did not happen (the mail server
   * failed, say): the allowance counts what was done, not what was tried. Only within the window the
   * take was counted in, so that nothing is lent past the limit. Best effort: the one
   * createRateLimiter makes never throws.
   */
  giveBack(key: string, taken: RateDecision): Promise<void>
}

export type RateLimiterOptions = {
  /** Names the caller's counters in Redis, so that two callers never share a key. */
  scope: string
  now?: () => number
}

/** Keys one process remembers at most; the least recently used go first, so a flood of addresses cannot exhaust memory. */
export const RATE_LIMIT_MAX_KEYS = 50_000

const ALLOWED: RateDecision = { allowed: true }
const limitOf = (policy: Extract<RatePolicy, { kind: 'fixed-window' }>) =>
  typeof policy.limit === 'function' ? policy.limit() : policy.limit
const refusal = (retryAfterMs: number): RateDecision => ({
  allowed: false,
  retryAfterMs: Math.max(1, Math.ceil(retryAfterMs)),
})

/** Counts in this process only. */
export function memoryRateLimiter(policy: RatePolicy, now: () => number = Date.now): RateLimiter {
  const state = new Map<string, { start: number; count: number; tokens: number }>()
  const remember = (key: string, entry: { start: number; count: number; tokens: number }) => {
    state.delete(key)
    state.set(key, entry)
    if (state.size > RATE_LIMIT_MAX_KEYS) state.delete(state.keys().next().value as string)
  }
  return {
    async take(key) {
      const at = now()
      const entry = state.get(key)
      if (policy.kind === 'fixed-window') {
        const current = entry && at - entry.start < policy.windowMs ? entry : { start: at, count: 0, tokens: 0 }
        current.count++
        remember(key, current)
        return current.count <= limitOf(policy)
          ? { allowed: true, window: current.start }
          : refusal(current.start + policy.windowMs - at)
      }
      const perMs = policy.perMinute / 60_000
      const previous = entry ?? { start: at, count: 0, tokens: policy.burst }
      const tokens = Math.min(policy.burst, previous.tokens + Math.max(0, at - previous.start) * perMs)
      const allowed = tokens >= 1
      remember(key, { start: at, count: 0, tokens: allowed ? tokens - 1 : tokens })
      return allowed ? ALLOWED : refusal((1 - tokens) / perMs)
    },
    async giveBack(key, taken) {
      const entry = state.get(key)
      if (!entry || !taken.allowed) return
      if (policy.kind === 'token-bucket') entry.tokens = Math.min(policy.burst, entry.tokens + 1)
      else if (entry.start === taken.window) entry.count = Math.max(0, entry.count - 1)
    },
  }
}

// Each script reads, counts and stores in one step, so that instances taking at once never both get the last slot.
const FIXED_WINDOW_SCRIPT = `
local windowMs = tonumber(ARGV[1])
local now = tonumber(ARGV[2])
local saved = redis.call('HMGET', KEYS[1], 'start', 'count')
local start = tonumber(saved[1])
local count = tonumber(saved[2]) or 0
if not start or now - start >= windowMs then
  start = now
  count = 0
end
count = count + 1
redis.call('HSET', KEYS[1], 'start', tostring(start), 'count', tostring(count))
redis.call('PEXPIRE', KEYS[1], math.max(1, start + windowMs - now))
return { count, tostring(start) }
`

const TOKEN_BUCKET_SCRIPT = `
local burst = tonumber(ARGV[1])
local perMs = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local saved = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(saved[1]) or burst
local at = tonumber(saved[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * perMs)
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / perMs) + 1000)
return { allowed, tostring(tokens) }
`

// Giving back leaves the window's start and expiry as they are; a key since expired, or a window
// opened after the take, has nothing to give back.
const FIXED_WINDOW_GIVE_BACK_SCRIPT = `
local saved = redis.call('HMGET', KEYS[1], 'start', 'count')
local count = tonumber(saved[2])
if saved[1] == ARGV[1] and count and count > 0 then redis.call('HSET', KEYS[1], 'count', tostring(count - 1)) end
return 0
`

const TOKEN_BUCKET_GIVE_BACK_SCRIPT = `
local tokens = tonumber(redis.call('HGET', KEYS[1], 'tokens'))
if tokens then redis.call('HSET', KEYS[1], 'tokens', tostring(math.min(tonumber(ARGV[1]), tokens + 1))) end
return 0
`

/** Counts in Redis, so that every instance of the site shares one allowance per key. */
export function redisRateLimiter(
  url: string,
  policy: RatePolicy,
  { scope, now = Date.now }: RateLimiterOptions,
): RateLimiter {
  return {
    async take(key) {
      const at = now()
      if (policy.kind === 'fixed-window') {
        const [count, start] = (await withSharedRedis(url, (redis) =>
          redis.eval(FIXED_WINDOW_SCRIPT, {
            keys: [`${scope}:window:${key}`],
            arguments: [String(policy.windowMs), String(at)],
          }),
        )) as [number, string]
        return count <= limitOf(policy)
          ? { allowed: true, window: Number(start) }
          : refusal(Number(start) + policy.windowMs - at)
      }
      const perMs = policy.perMinute / 60_000
      const [allowed, tokens] = (await withSharedRedis(url, (redis) =>
        redis.eval(TOKEN_BUCKET_SCRIPT, {
          keys: [`${scope}:bucket:${key}`],
          arguments: [String(policy.burst), String(perMs), String(at)],
        }),
      )) as [number, string]
      return allowed === 1 ? ALLOWED : refusal((1 - Number(tokens)) / perMs)
    },
    async giveBack(key, taken) {
      if (!taken.allowed) return
      await withSharedRedis(url, (redis) =>
        policy.kind === 'fixed-window'
          ? redis.eval(FIXED_WINDOW_GIVE_BACK_SCRIPT, {
              keys: [`${scope}:window:${key}`],
              arguments: [String(taken.window)],
            })
          : redis.eval(TOKEN_BUCKET_GIVE_BACK_SCRIPT, {
              keys: [`${scope}:bucket:${key}`],
              arguments: [String(policy.burst)],
            }),
      )
    },
  }
}

/**
 * The limiter a caller keeps for its endpoint: in Redis when REDIS_URL is set (read on the first
 * take), so that every instance shares the allowance; in this process otherwise. While Redis is
 * unreachable or slow, each take is counted by this process alone (the same policy, per
 * instance), and the shared count is used again as soon as Redis answers.
 */
export function createRateLimiter(policy: RatePolicy, options: RateLimiterOptions): RateLimiter {
  let shared: RateLimiter | null = null
  let local: RateLimiter | null = null
  const inProcess = () => (local ??= memoryRateLimiter(policy, options.now))
  /** Does `act` with the shared limiter, or with this process's while Redis fails (a give-back too: the take may have been counted here). */
  async function sharedOrInProcess<T>(act: (limiter: RateLimiter) => Promise<T>): Promise<T> {
    const url = process.env.REDIS_URL
    if (!url) return act(inProcess())
    shared ??= redisRateLimiter(url, policy, options)
    try {
      return await act(shared)
    } catch {
      return act(inProcess())
    }
  }
  return {
    take: (key) => sharedOrInProcess((limiter) => limiter.take(key)),
    giveBack: (key, taken) => sharedOrInProcess((limiter) => limiter.giveBack(key, taken)),
  }
}

/** One allowance of several a single action needs: the limiter and the key it counts (a visitor, an address, the site). */
export type Allowance = readonly [limiter: RateLimiter, key: string]

/**
 * Takes one from each allowance, in order, for an action that must stay within all of them (one
 * mail: its recipient's, the site's). On the first refusal, those taken are given back and the
 * answer names the refusing allowance's index; when allowed, `giveBack` undoes every take (the
 * action did not happen after all).
 */
export async function takeEach(
  allowances: readonly Allowance[],
): Promise<
  { allowed: true; giveBack: () => Promise<void> } | { allowed: false; refusedBy: number; retryAfterMs: number }
> {
  const taken: [RateLimiter, string, RateDecision][] = []
  const giveBack = async () => {
    await Promise.all(taken.map(([limiter, key, decision]) => limiter.giveBack(key, decision)))
  }
  for (const [index, [limiter, key]] of allowances.entries()) {
    const decision = await limiter.take(key)
    if (!decision.allowed) {
      await giveBack()
      return { allowed: false, refusedBy: index, retryAfterMs: decision.retryAfterMs }
    }
    taken.push([limiter, key, decision])
  }
  return { allowed: true, giveBack }
}

/** Whole seconds for a `Retry-After` header, never 0. */
export const retryAfterSeconds = (retryAfterMs: number) => Math.max(1, Math.ceil(retryAfterMs / 1000))

/** The answer to a request over its allowance: 429, `Retry-After`, a plain-words `error`, never cached. */
export function tooManyRequests(error: string, retryAfterMs: number): Response {
  return Response.json(
    { ok: false, error },
    { status: 429, headers: { 'Retry-After': String(retryAfterSeconds(retryAfterMs)), 'Cache-Control': 'no-store' } },
  )
}
