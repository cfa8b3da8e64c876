import { describe, expect, it } from 'vitest'
import { createRateLimiter, memoryRateLimiter, RATE_LIMIT_MAX_KEYS, type RateLimiter, takeEach } from './rateLimit'

function clock(start = 1_000_000) {
  let time = start
  return { now: () => time, advance: (ms: number) => void (time += ms) }
}

async function allowedOf(limiter: RateLimiter, key: string, times: number): Promise<boolean[]> {
  const answers: boolean[] = []
  for (let i = 0; i < times; i++) answers.push((await limiter.take(key)).allowed)
  return answers
}

describe('fixed-window limiter in this process', () => {
  const policy = { kind: 'fixed-window', limit: 3, windowMs: 60_000 } as const

  it('allows the limit within a window and refuses the rest until the window ends', async () => {
    const time = clock()
    const limiter = memoryRateLimiter(policy, time.now)
    expect(await allowedOf(limiter, 'a', 3)).toEqual([true, true, true])
    time.advance(20_000)
    expect(await limiter.take('a')).toEqual({ allowed: false, retryAfterMs: 40_000 })
    time.advance(39_999)
    expect((await limiter.take('a')).allowed).toBe(false)
    time.advance(1)
    expect(await allowedOf(limiter, 'a', 4)).toEqual([true, true, true, false])
  })

  it('counts each key on its own', async () => {
    const limiter = memoryRateLimiter(policy, clock().now)
    expect(await allowedOf(limiter, 'a', 4)).toEqual([true, true, true, false])
    expect(await allowedOf(limiter, 'b', 1)).toEqual([true])
  })

  it('reads a limit given as a function on every take', async () => {
    let limit = 1
    const limiter = memoryRateLimiter({ kind: 'fixed-window', limit: () => limit, windowMs: 1000 }, clock().now)
    expect(await allowedOf(limiter, 'a', 2)).toEqual([true, false])
    limit = 5
    expect(await allowedOf(limiter, 'a', 1)).toEqual([true])
  })

  it('takes back a take given back within its window, and lends nothing beyond the limit, to an unknown key or into a later window', async () => {
    const time = clock()
    const limiter = memoryRateLimiter(policy, time.now)
    expect(await allowedOf(limiter, 'a', 2)).toEqual([true, true])
    const last = await limiter.take('a')
    expect(last.allowed).toBe(true)
    await limiter.giveBack('a', last)
    expect(await allowedOf(limiter, 'a', 2)).toEqual([true, false])
    await limiter.giveBack('never-taken', last)
    expect(await allowedOf(limiter, 'never-taken', 4)).toEqual([true, true, true, false])
    // The window still ends when it would have; a take of the last window given back in this one lends nothing.
    time.advance(60_000)
    expect(await allowedOf(limiter, 'a', 3)).toEqual([true, true, true])
    await limiter.giveBack('a', last)
    expect(await allowedOf(limiter, 'a', 1)).toEqual([false])
  })

  it('forgets the least recently seen key once it tracks too many, so a flood of keys cannot exhaust memory', async () => {
    const limiter = memoryRateLimiter({ kind: 'fixed-window', limit: 1, windowMs: 60_000 }, clock().now)
    await limiter.take('first')
    await limiter.take('kept')
    for (let i = 0; i < RATE_LIMIT_MAX_KEYS - 1; i++) await limiter.take(`flood-${i}`)
    expect((await limiter.take('kept')).allowed).toBe(false)
    expect((await limiter.take('first')).allowed).toBe(true)
  })
})

describe('token-bucket limiter in this process', () => {
  const policy = { kind: 'token-bucket', burst: 4, perMinute: 60 } as const

  it('allows a burst, then one take per refilled token', async () => {
    const time = clock()
    const limiter = memoryRateLimiter(policy, time.now)
    expect(await allowedOf(limiter, 'a', 4)).toEqual([true, true, true, true])
    expect(await limiter.take('a')).toEqual({ allowed: false, retryAfterMs: 1000 })
    time.advance(500)
    expect(await limiter.take('a')).toEqual({ allowed: false, retryAfterMs: 500 })
    time.advance(500)
    expect(await allowedOf(limiter, 'a', 2)).toEqual([true, false])
  })

  it('puts a token given back in the bucket, never beyond the burst', async () => {
    const limiter = memoryRateLimiter(policy, clock().now)
    expect(await allowedOf(limiter, 'a', 3)).toEqual([true, true, true])
    const last = await limiter.take('a')
    await limiter.giveBack('a', last)
    expect(await allowedOf(limiter, 'a', 2)).toEqual([true, false])
    const full = memoryRateLimiter(policy, clock().now)
    const taken = await full.take('b')
    await full.giveBack('b', taken)
    await full.giveBack('b', taken)
    expect(await allowedOf(full, 'b', 5)).toEqual([true, true, true, true, false])
  })

  it('refills no further than the burst', async () => {
    const time = clock()
    const limiter = memoryRateLimiter(policy, time.now)
    await allowedOf(limiter, 'a', 4)
    time.advance(60 * 60_000)
    expect(await allowedOf(limiter, 'a', 5)).toEqual([true, true, true, true, false])
  })
})

describe('createRateLimiter', () => {
  it('counts in this process when REDIS_URL is not set', async () => {
    const saved = process.env.REDIS_URL
    delete process.env.REDIS_URL
    try {
      const time = clock()
      const limiter = createRateLimiter(
        { kind: 'fixed-window', limit: 2, windowMs: 1000 },
        { scope: 'test', now: time.now },
      )
      expect(await allowedOf(limiter, 'a', 3)).toEqual([true, true, false])
      time.advance(1000)
      expect(await allowedOf(limiter, 'a', 1)).toEqual([true])
    } finally {
      if (saved !== undefined) process.env.REDIS_URL = saved
    }
  })
})

describe('takeEach, for an action within several allowances', () => {
  const policy = { kind: 'fixed-window' as const, limit: 1, windowMs: 1000 }

  it('takes from each in order, and gives every take back when asked', async () => {
    const recipient = memoryRateLimiter(policy, () => 0)
    const site = memoryRateLimiter(policy, () => 0)
    const taken = await takeEach([
      [recipient, 'a@example.com'],
      [site, 'site'],
    ])
    expect(taken.allowed).toBe(true)
    expect((await site.take('site')).allowed).toBe(false)
    if (taken.allowed) await taken.giveBack()
    expect((await recipient.take('a@example.com')).allowed).toBe(true)
  })

  it('names the allowance that refused, and gives back the ones taken before it', async () => {
    const recipient = memoryRateLimiter(policy, () => 0)
    const site = memoryRateLimiter(policy, () => 0)
    await site.take('site')
    const refused = await takeEach([
      [recipient, 'a@example.com'],
      [site, 'site'],
    ])
    expect(refused).toEqual({ allowed: false, refusedBy: 1, retryAfterMs: 1000 })
    expect((await recipient.take('a@example.com')).allowed).toBe(true)
  })
})
