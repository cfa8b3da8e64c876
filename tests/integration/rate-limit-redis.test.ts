import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRateLimiter, redisRateLimiter, type RateLimiter } from '@/security/rateLimit'
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

function clock(start: number) {
  let time = start
  return { now: () => time, advance: (ms: number) => void (time += ms) }
}

async function alternate(limiters: RateLimiter[], key: string, times: number): Promise<boolean[]> {
  const answers: boolean[] = []
  for (let i = 0; i < times; i++) answers.push((await limiters[i % limiters.length].take(key)).allowed)
  return answers
}

describe('rate limits shared through Redis', () => {
  it('counts one key across two instances against one fixed-window allowance, the window opening at its first take', async () => {
    const windowMs = 60_000
    // Late in a clock minute, so that a window tied to the minute, not to the first take, would end too soon.
    const time = clock(Math.floor(Date.now() / windowMs) * windowMs + 59_000)
    const policy = { kind: 'fixed-window', limit: 3, windowMs } as const
    const first = redisRateLimiter(redis.url, policy, { scope: 'shared-window', now: time.now })
    const second = redisRateLimiter(redis.url, policy, { scope: 'shared-window', now: time.now })
    expect(await alternate([first, second], '192.0.2.1', 5)).toEqual([true, true, true, false, false])
    time.advance(15_000)
    expect(await second.take('192.0.2.1')).toEqual({ allowed: false, retryAfterMs: 45_000 })
    expect((await first.take('198.51.100.7')).allowed).toBe(true)
    time.advance(45_000)
    expect(await alternate([second, first], '192.0.2.1', 4)).toEqual([true, true, true, false])
  })

  it('spends one token bucket from two instances, refilled at the policy rate', async () => {
    const time = clock(Date.now())
    const policy = { kind: 'token-bucket', burst: 4, perMinute: 60 } as const
    const first = redisRateLimiter(redis.url, policy, { scope: 'shared-bucket', now: time.now })
    const second = redisRateLimiter(redis.url, policy, { scope: 'shared-bucket', now: time.now })
    expect(await alternate([first, second], '192.0.2.2', 5)).toEqual([true, true, true, true, false])
    expect(await first.take('192.0.2.2')).toEqual({ allowed: false, retryAfterMs: 1000 })
    time.advance(1000)
    expect(await alternate([second, first], '192.0.2.2', 2)).toEqual([true, false])
    time.advance(60 * 60_000)
    expect(await alternate([first, second], '192.0.2.2', 5)).toEqual([true, true, true, true, false])
  })

  it('takes back a take one instance gives back, for every instance, within the same window only', async () => {
    const time = clock(Date.now())
    const policy = { kind: 'fixed-window', limit: 2, windowMs: 60_000 } as const
    const first = redisRateLimiter(redis.url, policy, { scope: 'given-back', now: time.now })
    const second = redisRateLimiter(redis.url, policy, { scope: 'given-back', now: time.now })
    expect((await first.take('192.0.2.3')).allowed).toBe(true)
    const last = await second.take('192.0.2.3')
    expect(last.allowed).toBe(true)
    await first.giveBack('192.0.2.3', last)
    expect(await alternate([second, first], '192.0.2.3', 2)).toEqual([true, false])
    time.advance(30_000)
    expect(await second.take('192.0.2.3')).toEqual({ allowed: false, retryAfterMs: 30_000 })
    // A key never taken is left alone: giving back lends nothing beyond the limit.
    await first.giveBack('192.0.2.4', last)
    expect(await alternate([first, second], '192.0.2.4', 3)).toEqual([true, true, false])
    // Nor into a window opened after the take.
    time.advance(30_000)
    expect(await alternate([first, second], '192.0.2.3', 2)).toEqual([true, true])
    await second.giveBack('192.0.2.3', last)
    expect((await first.take('192.0.2.3')).allowed).toBe(false)
    const bucket = { kind: 'token-bucket', burst: 2, perMinute: 1 } as const
    const spender = redisRateLimiter(redis.url, bucket, { scope: 'given-back-bucket', now: time.now })
    expect(await alternate([spender], '192.0.2.5', 1)).toEqual([true])
    const taken = await spender.take('192.0.2.5')
    for (let i = 0; i < 3; i++) await spender.giveBack('192.0.2.5', taken)
    expect(await alternate([spender], '192.0.2.5', 3)).toEqual([true, true, false])
  })

  it('keeps the counters of two scopes apart', async () => {
    const policy = { kind: 'fixed-window', limit: 1, windowMs: 60_000 } as const
    const contact = redisRateLimiter(redis.url, policy, { scope: 'scope-a', now: () => 1_000 })
    const chat = redisRateLimiter(redis.url, policy, { scope: 'scope-b', now: () => 1_000 })
    expect((await contact.take('same-key')).allowed).toBe(true)
    expect((await chat.take('same-key')).allowed).toBe(true)
    expect((await contact.take('same-key')).allowed).toBe(false)
  })

  it('counts in Redis when REDIS_URL is set, so separately created limiters share one allowance', async () => {
    const saved = process.env.REDIS_URL
    process.env.REDIS_URL = redis.url
    try {
      const policy = { kind: 'fixed-window', limit: 2, windowMs: 60_000 } as const
      const first = createRateLimiter(policy, { scope: 'from-env', now: () => 1_000 })
      const second = createRateLimiter(policy, { scope: 'from-env', now: () => 1_000 })
      expect(await alternate([first, second], '203.0.113.9', 3)).toEqual([true, true, false])
    } finally {
      if (saved === undefined) delete process.env.REDIS_URL
      else process.env.REDIS_URL = saved
    }
  })
})
