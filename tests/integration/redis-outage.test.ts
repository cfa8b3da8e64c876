import { createClient } from 'redis'
import { spawnSync } from 'node:child_process'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import type { BusMessage } from '@/chat/server/live/bus'
import {
  CHAT_BUS_ANSWER_TIMEOUT_MS,
  CHAT_BUS_PING_INTERVAL_MS,
  CHAT_BUS_RECONNECT_MAX_DELAY_MS,
  CHAT_REDIS_CHANNEL,
  createRedisBus,
} from '@/chat/server/live/redisBus'
import { databaseReplayGuard, redisReplayGuard } from '@/contact/captcha/replayGuard'
import { checkReadiness } from '@/platform/health'
import { createRateLimiter } from '@/security/rateLimit'
import { closeSharedRedis, REDIS_COMMAND_TIMEOUT_MS, REDIS_CONNECT_TIMEOUT_MS } from '@/security/redis'
import { startTestPayload } from '../support/payload'
import { startSilentServer, startTempRedis, type TempRedis } from '../support/redis'

/** The bound every answer is held to while Redis is down: well under a second. */
const OUTAGE_ANSWER_MS = Math.max(REDIS_CONNECT_TIMEOUT_MS, REDIS_COMMAND_TIMEOUT_MS) + 250
/** How soon after Redis returns each part must use it again. */
const HEALED_WITHIN_MS = 10_000

const started: TempRedis[] = []
async function redisServer(port?: number) {
  const server = await startTempRedis({ port })
  started.push(server)
  return server
}

const savedUrl = process.env.REDIS_URL
afterEach(async () => {
  await closeSharedRedis()
  if (savedUrl === undefined) delete process.env.REDIS_URL
  else process.env.REDIS_URL = savedUrl
})
afterAll(() => started.forEach((server) => server.stop()))

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now()
  const value = await work()
  return { value, ms: performance.now() - start }
}

/** The keys a raw client sees in a Redis, to tell whether a part wrote there. */
async function keysIn(url: string, pattern: string): Promise<string[]> {
  const client = createClient({ url })
  await client.connect()
  try {
    return await client.keys(pattern)
  } finally {
    client.destroy()
  }
}

describe('rate limits while Redis is down', () => {
  for (const when of ['before the first use', 'after it was in use'] as const) {
    it(`answer within ${OUTAGE_ANSWER_MS} ms and count per instance when Redis dies ${when}, then share again once it returns`, async () => {
      const redis = await redisServer()
      process.env.REDIS_URL = redis.url
      const scope = `outage-${when.replace(/\W/g, '-')}`
      const limiter = createRateLimiter({ kind: 'fixed-window', limit: 3, windowMs: 60_000 }, { scope })
      if (when === 'after it was in use') {
        expect((await limiter.take('warm-up')).allowed).toBe(true)
        expect(await keysIn(redis.url, `${scope}:*`)).toHaveLength(1)
      }
      await redis.kill()
      const answers: boolean[] = []
      for (let i = 0; i < 5; i++) {
        const { value, ms } = await timed(() => limiter.take('198.51.100.9'))
        expect(ms).toBeLessThan(OUTAGE_ANSWER_MS)
        answers.push(value.allowed)
      }
      // The same allowance, counted by this instance alone.
      expect(answers).toEqual([true, true, true, false, false])

      await redisServer(redis.port)
      await expect
        .poll(
          async () => {
            await limiter.take('192.0.2.44')
            return (await keysIn(redis.url, `${scope}:window:192.0.2.44`)).length
          },
          { timeout: HEALED_WITHIN_MS },
        )
        .toBe(1)
    })
  }
})

describe('spent captcha answers while Redis is down', () => {
  it('are kept in the database, once each, within the bound, and in Redis again once it returns', async () => {
    const redis = await redisServer()
    const { payload, cleanup } = await startTestPayload()
    try {
      const guard = redisReplayGuard(redis.url, databaseReplayGuard(payload))
      expect(await guard.claim('before-outage', 60_000)).toBe(true)
      await redis.kill()
      const first = await timed(() => guard.claim('during-outage', 60_000))
      expect(first.value).toBe(true)
      expect(first.ms).toBeLessThan(OUTAGE_ANSWER_MS)
      expect(await guard.claim('during-outage', 60_000)).toBe(false)

      await redisServer(redis.port)
      await expect
        .poll(
          async () => {
            await guard.claim(`after-${Date.now()}`, 60_000)
            return (await keysIn(redis.url, 'captcha:used:after-*')).length
          },
          { timeout: HEALED_WITHIN_MS },
        )
        .toBeGreaterThan(0)
    } finally {
      await cleanup()
    }
  })
})

describe('readiness while Redis is down', () => {
  it('says degraded and names Redis within a second, and ok again once it returns', async () => {
    const redis = await redisServer()
    const databaseUp = async () => true
    expect(await checkReadiness(databaseUp, redis.url)).toEqual({
      ok: true,
      status: 'ok',
      database: 'up',
      redis: 'up',
      storage: 'off',
    })
    await redis.kill()
    const { value, ms } = await timed(() => checkReadiness(databaseUp, redis.url))
    expect(ms).toBeLessThan(1_000)
    expect(value).toEqual({ ok: true, status: 'degraded', database: 'up', redis: 'down', storage: 'off' })
    await redisServer(redis.port)
    await expect
      .poll(async () => (await checkReadiness(databaseUp, redis.url)).status, { timeout: HEALED_WITHIN_MS })
      .toBe('ok')
  })
})

type ChatBusOnRedis = ReturnType<typeof createRedisBus>

/** What a note said (the bus message's data), as a listener on a bus hears it. */
const noteOf = (message: BusMessage) => (message.kind === 'signal' ? String(message.data) : message.kind)
const say = (bus: ChatBusOnRedis, data: string) =>
  bus.publish({ kind: 'signal', audience: { kind: 'agents' }, name: 'note', data })

/** Two instances' buses on `url`, with the notes each one's streams hear. */
function twoInstances(url: string) {
  const first = createRedisBus(url)
  const second = createRedisBus(url)
  const heard = { first: [] as string[], second: [] as string[] }
  first.subscribe((message) => heard.first.push(noteOf(message)))
  second.subscribe((message) => heard.second.push(noteOf(message)))
  return { first, second, heard }
}

describe('the chat bus while Redis is down', () => {
  it('keeps each instance’s chats going within it, reconnects by itself and crosses instances again', async () => {
    const redis = await redisServer()
    const { first, second, heard } = twoInstances(redis.url)
    try {
      await Promise.all([first.subscribed, second.subscribed])
      say(first, 'shared before')
      await expect.poll(() => heard.second).toContain('shared before')

      await redis.kill()
      await expect.poll(() => first.isShared() || second.isShared()).toBe(false)
      say(first, 'alone during')
      expect(heard.first).toContain('alone during')
      expect(heard.second).not.toContain('alone during')

      await redisServer(redis.port)
      await expect
        .poll(() => first.isShared() && second.isShared(), { timeout: CHAT_BUS_RECONNECT_MAX_DELAY_MS + 5_000 })
        .toBe(true)
      say(first, 'shared after')
      await expect.poll(() => heard.second).toContain('shared after')
      // Each message reached its own instance exactly once.
      expect(heard.first.filter((note) => note === 'shared after')).toHaveLength(1)
      expect(heard.first.filter((note) => note === 'alone during')).toHaveLength(1)
    } finally {
      first.close()
      second.close()
    }
  })
})

/**
 * How soon after Redis stops answering an instance notices: up to a ping interval before its next
 * ping goes out, the wait for the answer, up to another interval before the check that sees it
 * late, and slack for a busy machine.
 */
const STALL_NOTICED_MS = 2 * CHAT_BUS_PING_INTERVAL_MS + CHAT_BUS_ANSWER_TIMEOUT_MS + 500

describe('the chat bus while Redis stops answering', () => {
  it('does not take a Redis that answered for gone when this process itself was held up past the deadline', async () => {
    const redis = await redisServer()
    const bus = createRedisBus(redis.url)
    const heard: string[] = []
    bus.subscribe((message) => heard.push(noteOf(message)))
    const outages = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      await bus.subscribed
      say(bus, 'just before the hold-up')
      // This process held up past the deadline (spawnSync blocks it), while another instance
      // publishes: Redis answers and passes the message on meanwhile, unread until the hold-up ends.
      const fromElsewhere = JSON.stringify({
        kind: 'signal',
        audience: { kind: 'agents' },
        name: 'note',
        data: 'from elsewhere',
      })
      const started = Date.now()
      spawnSync('redis-cli', ['-p', String(redis.port), 'PUBLISH', CHAT_REDIS_CHANNEL, fromElsewhere])
      while (Date.now() - started < CHAT_BUS_ANSWER_TIMEOUT_MS + CHAT_BUS_PING_INTERVAL_MS);
      await new Promise((resolve) => setTimeout(resolve, 3 * CHAT_BUS_PING_INTERVAL_MS))
      expect(heard).toContain('from elsewhere')
      expect(heard.filter((note) => note === 'just before the hold-up')).toHaveLength(1)
      expect(outages).not.toHaveBeenCalled()
      expect(bus.isShared()).toBe(true)
    } finally {
      outages.mockRestore()
      bus.close()
    }
  })

  it(`hands messages to this instance’s streams within ${STALL_NOTICED_MS} ms when Redis accepts the connection and never answers`, async () => {
    const silent = await startSilentServer()
    const bus = createRedisBus(silent.url)
    const heard: string[] = []
    bus.subscribe((message) => heard.push(noteOf(message)))
    try {
      say(bus, 'while connecting')
      await expect
        .poll(() => heard.includes('while connecting') && !bus.isShared(), { timeout: STALL_NOTICED_MS })
        .toBe(true)
      say(bus, 'after giving up')
      expect(heard).toContain('after giving up')
    } finally {
      bus.close()
      await silent.close()
    }
  })

  it('keeps each instance’s chats going within it while Redis hangs, and crosses instances again once it answers', async () => {
    const redis = await redisServer()
    const { first, second, heard } = twoInstances(redis.url)
    try {
      await Promise.all([first.subscribed, second.subscribed])
      say(first, 'shared before')
      await expect.poll(() => heard.second).toContain('shared before')

      redis.pause()
      try {
        say(first, 'sent into the hang')
        await expect
          .poll(() => heard.first.includes('sent into the hang') && !first.isShared() && !second.isShared(), {
            timeout: STALL_NOTICED_MS,
          })
          .toBe(true)
        say(second, 'alone during')
        expect(heard.second).toContain('alone during')
        expect(heard.first).not.toContain('alone during')
      } finally {
        redis.resume()
      }

      await expect
        .poll(() => first.isShared() && second.isShared(), { timeout: CHAT_BUS_RECONNECT_MAX_DELAY_MS + 5_000 })
        .toBe(true)
      say(first, 'shared after')
      await expect.poll(() => heard.second).toContain('shared after')
      expect(heard.first.filter((note) => note === 'shared after')).toHaveLength(1)
    } finally {
      first.close()
      second.close()
    }
  })
})
