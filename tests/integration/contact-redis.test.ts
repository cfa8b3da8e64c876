import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redisReplayGuard, type ReplayGuard } from '@/contact/captcha/replayGuard'
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

/** The database guard's place, which must not be asked while Redis answers. */
const notWhileRedisAnswers: ReplayGuard = {
  claim: () => Promise.reject(new Error('the fallback was asked while Redis was up')),
}

describe('captcha answers shared through Redis', () => {
  it('accepts a captcha answer on one instance once, and refuses it on the other', async () => {
    const key = `answer-${Date.now()}`
    expect(await redisReplayGuard(redis.url, notWhileRedisAnswers).claim(key, 60_000)).toBe(true)
    expect(await redisReplayGuard(redis.url, notWhileRedisAnswers).claim(key, 60_000)).toBe(false)
  })
})
