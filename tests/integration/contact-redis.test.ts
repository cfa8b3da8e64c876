import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redisReplayGuard } from '@/contact/captcha/replayGuard'
import { closeSharedRedis } from '@/security/redis'
import { startTempRedis } from '../support/redis'

let redis: Awaited<ReturnType<typeof startTempRedis>>

beforeAll(async () => {
  redis = await startTempRedis()
})
afterAll(async () => {
  await closeSharedRedis()
  redis?.stop()
})

describe('captcha answers shared through Redis', () => {
  it('accepts a captcha answer on one instance once, and refuses it on the other', async () => {
    const key = `answer-${Date.now()}`
    expect(await redisReplayGuard(redis.url).claim(key, 60_000)).toBe(true)
    expect(await redisReplayGuard(redis.url).claim(key, 60_000)).toBe(false)
  })
})
