import type { Payload } from 'payload'
import { afterAll, beforeAll } from 'vitest'
import { CHAT_VISITOR_COOKIE } from '@/chat/constants'
import { answerAgentPost } from '@/chat/server/http/agent'
import { answerVisitorPost } from '@/chat/server/http/visitor'
import { seedIfEmpty } from '@/setup/seed'
import { startTestPayload } from './payload'
import { chatEvents, readFrames } from './sseFrames'

export { chatEvents, readFrames }

export const SITE = 'http://site.test'
const PASSWORD = 'a-long-test-password'

/** The suite's Payload and its signed-in agent, set before the suite's tests run. */
export let payload: Payload
export let agentToken: string

/**
 * Registers a chat suite's database: a new migrated Payload (seeded, if asked) with an agent signed
 * in, and an editor (an account without the agent role) if asked; destroyed after the suite.
 */
export function setUpChatSuite({ seeded = false, withEditor = false } = {}) {
  let cleanup: (() => Promise<void>) | undefined
  beforeAll(async () => {
    ;({ payload, cleanup } = await startTestPayload())
    if (seeded) {
      await seedIfEmpty(payload)
      // The seeded office hours would take the chat offline at night; the hours' own suite tests them.
      await payload.updateGlobal({ slug: 'site-settings', data: { business: { openingHours: [] } } as never })
    }
    await payload.create({
      collection: 'users',
      data: { email: 'agent@example.com', password: PASSWORD, roles: ['agent'], name: 'Ada Agent' },
    })
    if (withEditor)
      await payload.create({
        collection: 'users',
        data: { email: 'editor@example.com', password: PASSWORD, roles: ['editor'] },
      })
    agentToken = (
      await payload.login({ collection: 'users', data: { email: 'agent@example.com', password: PASSWORD } })
    ).token!
  })
  afterAll(() => cleanup?.())
}

export const visitorHeaders = (token: string, extra: Record<string, string> = {}) => ({
  cookie: `${CHAT_VISITOR_COOKIE}=${token}`,
  host: 'site.test',
  origin: SITE,
  'content-type': 'application/json',
  ...extra,
})

export const visitorPost = (token: string, body: unknown, extra: Record<string, string> = {}) =>
  answerVisitorPost(
    new Request(`${SITE}/api/chat/visitor`, {
      method: 'POST',
      headers: visitorHeaders(token, extra),
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
    payload,
  )

export const agentPost = (body: unknown, token = agentToken) =>
  answerAgentPost(
    new Request(`${SITE}/api/chat/agent`, {
      method: 'POST',
      headers: { authorization: `JWT ${token}`, host: 'site.test', origin: SITE, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    payload,
  )

/** The data of the first frame named `name` on an event stream. */
export async function firstFrame<T>(response: Response, name: string): Promise<T> {
  const frames = await readFrames(response, (read) => read.some((frame) => frame.name === name))
  const found = frames.find((frame) => frame.name === name)
  if (!found) throw new Error(`the stream ended before a ${name} frame`)
  return found.data as T
}

/** Each test speaks from its own addresses, so that one test's allowance never spends another's. */
let addressCount = 0
export const newAddress = () => `198.51.100.${++addressCount}`

export const headersFrom = (address: string, token?: string, extra: Record<string, string> = {}) => ({
  host: 'site.test',
  origin: SITE,
  'content-type': 'application/json',
  'x-forwarded-for': address,
  ...(token ? { cookie: `${CHAT_VISITOR_COOKIE}=${token}` } : {}),
  ...extra,
})

/** A visitor post from `address`, with the visitor cookie `token` if there is one. */
export const visitorPostFrom = (address: string, token: string | undefined, body: unknown, site = SITE, extra = {}) =>
  answerVisitorPost(
    new Request(`${site}/api/chat/visitor`, {
      method: 'POST',
      headers: headersFrom(address, token, { origin: site, ...extra }),
      body: JSON.stringify(body),
    }),
    payload,
  )
