import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COLLECT_RATE_LIMIT } from '@/analytics/collector/ingest'
import { closeSharedRedis } from '@/security/redis'
import { pageUrl, startCollector, testClock } from '../support/collector'
import { startTestPayload } from '../support/payload'
import { startTempRedis } from '../support/redis'

const NOW = Date.parse('2026-11-20T12:00:00Z')
let redis: Awaited<ReturnType<typeof startTempRedis>>
let payload: Payload
let cleanup: () => Promise<void>
const savedRedisUrl = process.env.REDIS_URL

beforeAll(async () => {
  redis = await startTempRedis()
  process.env.REDIS_URL = redis.url
  ;({ payload, cleanup } = await startTestPayload())
})
afterAll(async () => {
  if (savedRedisUrl === undefined) delete process.env.REDIS_URL
  else process.env.REDIS_URL = savedRedisUrl
  await cleanup?.()
  await closeSharedRedis()
  redis?.stop()
})

describe('POST /api/collect on two instances sharing Redis', () => {
  it('spends one address’s allowance across both instances, and answers 429 on either once it is spent', async () => {
    const clock = testClock(NOW)
    const instances = [await startCollector(payload, clock.now), await startCollector(payload, clock.now)]
    try {
      const event = { name: 'page_view', url: pageUrl('/pricing'), ts: NOW - 1000 }
      const statuses: number[] = []
      for (let i = 0; i < COLLECT_RATE_LIMIT.burst + 4; i++)
        statuses.push((await instances[i % 2].post({ events: [event] })).status)
      expect(statuses.slice(0, COLLECT_RATE_LIMIT.burst).every((status) => status === 202)).toBe(true)
      expect(statuses.slice(COLLECT_RATE_LIMIT.burst)).toEqual([429, 429, 429, 429])
      expect((await instances[1].post({ events: [event] }, { 'x-forwarded-for': '192.0.2.80' })).status).toBe(202)
    } finally {
      for (const instance of instances) await instance.close()
    }
  })
})
