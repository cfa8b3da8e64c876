import { contactRedis } from '../server/redis'

/** Remembers answers already accepted, until they could no longer be accepted anyway. */
export interface ReplayGuard {
  /** True the first time a key is seen within its lifetime, false ever after. */
  claim(key: string, ttlMs: number): Promise<boolean>
}

const MAX_REMEMBERED = 200_000

export function memoryReplayGuard(): ReplayGuard {
  const seen = new Map<string, number>()
  return {
    async claim(key, ttlMs) {
      const now = Date.now()
      const until = seen.get(key)
      if (until !== undefined && until > now) return false
      seen.set(key, now + ttlMs)
      if (seen.size > MAX_REMEMBERED) {
        for (const [old, expiry] of seen) if (expiry <= now) seen.delete(old)
      }
      return true
    },
  }
}

export function redisReplayGuard(url: string): ReplayGuard {
  return {
    async claim(key, ttlMs) {
      const redis = await contactRedis(url)
      return (await redis.set(`captcha:used:${key}`, '1', { NX: true, PX: ttlMs })) === 'OK'
    },
  }
}

let shared: ReplayGuard | null = null

export function captchaReplayGuard(): ReplayGuard {
  shared ??= process.env.REDIS_URL ? redisReplayGuard(process.env.REDIS_URL) : memoryReplayGuard()
  return shared
}
