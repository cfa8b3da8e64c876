/** Requests one client address may make to the collector: a burst, refilled steadily. */
export const COLLECT_RATE_LIMIT = { burst: 60, perMinute: 120 } as const
/** Addresses remembered at most; the oldest are forgotten first so a flood of addresses cannot exhaust memory. */
export const RATE_LIMIT_MAX_KEYS = 50_000

type Bucket = { tokens: number; at: number }

/** A token bucket per key, in this process. */
export function createRateLimiter({ burst, perMinute } = COLLECT_RATE_LIMIT) {
  const buckets = new Map<string, Bucket>()
  return {
    /** Takes one token for the key; false when the key has none left. */
    take(key: string, now = Date.now()): boolean {
      const bucket = buckets.get(key) ?? { tokens: burst, at: now }
      buckets.delete(key)
      bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) * perMinute) / 60_000)
      bucket.at = now
      const allowed = bucket.tokens >= 1
      if (allowed) bucket.tokens -= 1
      buckets.set(key, bucket)
      if (buckets.size > RATE_LIMIT_MAX_KEYS) buckets.delete(buckets.keys().next().value as string)
      return allowed
    },
  }
}
