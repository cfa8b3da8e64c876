import { contactRedis } from './redis'

/** Contact posts one visitor (IP) may make per minute; raise it by env for load tests. */
export const CONTACT_RATE_LIMIT_PER_MINUTE_DEFAULT = 10
export const CONTACT_RATE_WINDOW_MS = 60_000
/** In-process counters kept at most; the oldest windows are dropped first. */
const MAX_TRACKED_CLIENTS = 50_000

export function contactRateLimitPerMinute(): number {
  const configured = Number(process.env.CONTACT_RATE_LIMIT_PER_MINUTE)
  return Number.isInteger(configured) && configured > 0 ? configured : CONTACT_RATE_LIMIT_PER_MINUTE_DEFAULT
}

export type RateLimiter = { hit(key: string): Promise<boolean> }

/** Fixed one-minute windows counted in this process. */
export function memoryRateLimiter(limit: () => number, windowMs = CONTACT_RATE_WINDOW_MS): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>()
  return {
    async hit(key) {
      const now = Date.now()
      let entry = windows.get(key)
      if (!entry || now - entry.start >= windowMs) {
        windows.delete(key)
        entry = { start: now, count: 0 }
        windows.set(key, entry)
        if (windows.size > MAX_TRACKED_CLIENTS) windows.delete(windows.keys().next().value as string)
      }
      entry.count++
      return entry.count <= limit()
    },
  }
}

/** The same windows counted in Redis, so every instance of the site shares them. */
export function redisRateLimiter(url: string, limit: () => number, windowMs = CONTACT_RATE_WINDOW_MS): RateLimiter {
  return {
    async hit(key) {
      const redis = await contactRedis(url)
      const bucket = `contact:rate:${key}:${Math.floor(Date.now() / windowMs)}`
      const count = await redis.incr(bucket)
      if (count === 1) await redis.pExpire(bucket, windowMs)
      return count <= limit()
    },
  }
}

let shared: RateLimiter | null = null

/** The limiter for both contact endpoints: Redis when REDIS_URL is set, in-process otherwise. */
export function contactRateLimiter(): RateLimiter {
  shared ??= process.env.REDIS_URL
    ? redisRateLimiter(process.env.REDIS_URL, contactRateLimitPerMinute)
    : memoryRateLimiter(contactRateLimitPerMinute)
  return shared
}
