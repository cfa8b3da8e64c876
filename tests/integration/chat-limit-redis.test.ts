import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { CHAT_POST_LIMIT, CHAT_VISITOR_COOKIE } from '@/chat/constants'
import { chatHub } from '@/chat/server/live/hub'
import { newVisitorToken } from '@/chat/server/http/tokens'
import { startTestPayload } from '../support/payload'
import { startTempRedis } from '../support/redis'

type VisitorModule = typeof import('@/chat/server/http/visitor')
type RedisModule = typeof import('@/security/redis')

const SITE = 'http://site.test'
const savedRedisUrl = process.env.REDIS_URL
let redis: Awaited<ReturnType<typeof startTempRedis>>
let payload: Payload
let cleanup: () => Promise<void>
/** The chat's visitor endpoint as two site instances load it: two module copies, two limiters. */
const instances: { visitor: VisitorModule; redis: RedisModule }[] = []

beforeAll(async () => {
  redis = await startTempRedis()
  ;({ payload, cleanup } = await startTestPayload())
  chatHub() // this test is about the limit, so the chat traffic itself stays in this process
  process.env.REDIS_URL = redis.url
  for (let i = 0; i < 2; i++) {
    vi.resetModules()
    instances.push({ visitor: await import('@/chat/server/http/visitor'), redis: await import('@/security/redis') })
  }
})
afterAll(async () => {
  if (savedRedisUrl === undefined) delete process.env.REDIS_URL
  else process.env.REDIS_URL = savedRedisUrl
  for (const instance of instances) await instance.redis.closeSharedRedis()
  await cleanup?.()
  redis?.stop()
})

const typing = (instance: VisitorModule, token: string) =>
  instance.answerVisitorPost(
    new Request(`${SITE}/api/chat/visitor`, {
      method: 'POST',
      headers: {
        cookie: `${CHAT_VISITOR_COOKIE}=${token}`,
        host: 'site.test',
        origin: SITE,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ action: 'typing', typing: true }),
    }),
    payload,
  )

describe('chat message limit on two instances sharing Redis', () => {
  it('spends one visitor’s allowance across both instances, and answers 429 on either once it is spent', async () => {
    expect(instances[0].visitor.visitorPostLimiter).not.toBe(instances[1].visitor.visitorPostLimiter)
    const token = newVisitorToken()
    const statuses: number[] = []
    for (let i = 0; i < CHAT_POST_LIMIT + 2; i++) statuses.push((await typing(instances[i % 2].visitor, token)).status)
    expect(statuses.slice(0, CHAT_POST_LIMIT).every((status) => status === 200)).toBe(true)
    expect(statuses.slice(CHAT_POST_LIMIT)).toEqual([429, 429])
    expect((await typing(instances[1].visitor, newVisitorToken())).status).toBe(200)
  })
})
