import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redisReplayGuard } from '@/contact/captcha/replayGuard'
import { redisRateLimiter } from '@/contact/server/rateLimit'
import { closeContactRedis } from '@/contact/server/redis'
import { startTempRedis } from '../support/redis'

let redis: Awaited<ReturnType<typeof startTempRedis>>

beforeAll(async () => {
  redis = await startTempRedis()
})
afterAll(async () => {
  await closeContactRedis()
  redis?.stop()
})

describe('contact limits shared through Redis', () => {
  it('counts one address across two site instances against one limit', async () => {
    const limit = () => 3
    const first = redisRateLimiter(redis.url, limit)
    const second = redisRateLimiter(redis.url, limit)
    const address = `192.0.2.${Math.floor(Math.random() * 200)}`
    const answers = [
      await first.hit(address),
      await second.hit(address),
      await first.hit(address),
      await second.hit(address),
      await first.hit(address),
    ]
    expect(answers).toEqual([true, true, true, false, false])
    expect(await second.hit('198.51.100.7')).toBe(true)
  })

  it('starts a new count in the next window', async () => {
    const windowMs = 300
    const limiter = redisRateLimiter(redis.url, () => 1, windowMs)
    await new Promise((resolve) => setTimeout(resolve, windowMs - (Date.now() % windowMs) + 5))
    expect(await limiter.hit('203.0.113.9')).toBe(true)
    expect(await limiter.hit('203.0.113.9')).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 350))
    expect(await limiter.hit('203.0.113.9')).toBe(true)
  })

  it('accepts a captcha answer on one instance once, and refuses it on the other', async () => {
    const key = `answer-${Date.now()}`
    expect(await redisReplayGuard(redis.url).claim(key, 60_000)).toBe(true)
    expect(await redisReplayGuard(redis.url).claim(key, 60_000)).toBe(false)
  })
})
