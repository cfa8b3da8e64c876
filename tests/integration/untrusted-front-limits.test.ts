// The per-address limits behind the site's own server when it trusts no front (TRUST_PROXY empty),
// as a server reached directly is: the address is the connection's, so a client naming a new
// X-Forwarded-For on every request buys no new allowance. Real handlers, over real HTTP on loopback.
import { handleEndpoints, type Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCollector, COLLECT_RATE_LIMIT } from '@/analytics/collector/ingest'
import { COLLECT_PATH } from '@/analytics/collector/limits'
import { CHAT_NEW_CONVERSATIONS_PER_ADDRESS, CHAT_STREAMS_PER_ADDRESS } from '@/chat/constants'
import { answerVisitorPost, visitorStream } from '@/chat/server/http/visitor'
import { answerChallenge, CAPTCHA_CHALLENGE_RATE_LIMIT } from '@/contact/captcha/challengeEndpoint'
import { CAPTCHA_CHALLENGE_ENDPOINT, CONTACT_ENDPOINT } from '@/contact/protocol'
import { handleContactPost } from '@/contact/server/contactEndpoint'
import { GUARD_MESSAGES } from '@/contact/server/guard'
import { CONTACT_RATE_LIMIT_PER_MINUTE_DEFAULT } from '@/contact/server/rateLimit'
import { MAX_LOGIN_ATTEMPTS } from '@/content/collections/Users'
import { LOGIN_ATTEMPTS_PER_ADDRESS } from '@/platform/loginLimit'
import { SEARCH_RATE_LIMIT, searchEndpoint } from '@/search/api'
import { CSRF_HEADER } from '@/security/csrfProtocol'
import { proxyTrustFrom } from '@/server/clientAddress'
import { siteRequestListener } from '@/server/requestListener'
import { serveOutsideNext } from '@/server/routesOutsideNext'
import { createContactForm, csrfPair, validFields } from '../support/contact'
import { listenOnLoopback } from '../support/handlerServer'
import { startTestPayload } from '../support/payload'

const ADMIN = { email: 'admin@example.com', password: 'a-long-test-password' }

let payload: Payload
let cleanup: () => Promise<void>
let server: { url: string; close: () => Promise<void> }

beforeAll(async () => {
  let key: string
  ;({ payload, key, cleanup } = await startTestPayload())
  await createContactForm(payload)
  await payload.create({ collection: 'users', data: { ...ADMIN, roles: ['admin'] } })
  const rest = (request: Request) => handleEndpoints({ config: payload.config, request, payloadInstanceCacheKey: key })
  const collect = createCollector({ payload, siteHosts: (request) => [new URL(request.url).host] })
  // Each route answered by its own handler, as Next would route it, behind the site's request listener.
  serveOutsideNext('POST', CONTACT_ENDPOINT, (request) => handleContactPost(request, { payload: async () => payload }))
  serveOutsideNext('POST', COLLECT_PATH, collect)
  serveOutsideNext('GET', '/api/search', (request) => searchEndpoint(request, async () => payload))
  serveOutsideNext('GET', CAPTCHA_CHALLENGE_ENDPOINT, answerChallenge)
  serveOutsideNext('POST', '/api/users/login', rest)
  serveOutsideNext('POST', '/api/chat/visitor', (request) => answerVisitorPost(request, payload))
  serveOutsideNext('GET', '/api/chat/stream', (request) => visitorStream(request, payload))
  server = await listenOnLoopback(
    siteRequestListener({
      handle: (_req, res) => {
        res.statusCode = 404
        res.end()
      },
      trust: proxyTrustFrom(''),
      dev: false,
      scriptMark: 'testMarkForTheStandInServer0000',
    }),
  )
}, 120_000)
afterAll(async () => {
  await server?.close()
  await cleanup?.()
})

/** A different client address on every request, as a client that makes them up names. */
const spoofed = (i: number) => ({
  'X-Forwarded-For': `203.0.113.${(i % 250) + 1}, 198.51.100.${(i % 250) + 1}`,
})

const countOf = async (collection: 'analytics-events' | 'chat-conversations' | 'form-submissions') =>
  (await payload.count({ collection })).totalDocs

/** A refusal for the flood: 429 with a whole-second Retry-After. */
function expectFloodRefusal(response: Response) {
  expect(response.status).toBe(429)
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
}

/**
 * Floods `send` until it answers 429 (at most three bursts), every answer one of `statuses` or 429;
 * the requests served are the burst and what the elapsed time refilled, no more.
 */
async function floodUntilRefused(
  send: (i: number) => Promise<Response>,
  policy: { burst: number; perMinute: number },
  statuses: number[],
) {
  const started = Date.now()
  let served = 0
  for (let i = 0; i < policy.burst * 3; i++) {
    const response = await send(i)
    if (response.status === 429) {
      expectFloodRefusal(response)
      const refill = Math.ceil(((Date.now() - started) * policy.perMinute) / 60_000)
      expect(served).toBeLessThanOrEqual(policy.burst + refill)
      return served
    }
    expect(statuses, await response.text()).toContain(response.status)
    served++
  }
  throw new Error('the flood was never refused')
}

describe('behind no trusted front, a new X-Forwarded-For on every request buys no new allowance', () => {
  it('on the contact endpoint: past the allowance every post is refused with 429, and only the allowed ones are stored', async () => {
    const before = await countOf('form-submissions')
    const csrf = await csrfPair()
    const post = (i: number) =>
      fetch(`${server.url}${CONTACT_ENDPOINT}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Origin: server.url,
          Cookie: csrf.cookie,
          [CSRF_HEADER]: csrf.token,
          ...spoofed(i),
        },
        body: JSON.stringify({ formId: 115, fields: validFields({ name: `Spoofed Sender ${i}` }) }),
      })
    for (let i = 0; i < CONTACT_RATE_LIMIT_PER_MINUTE_DEFAULT; i++) expect((await post(i)).status).toBe(200)
    const refused = await post(99)
    expectFloodRefusal(refused)
    expect((await refused.json()).error).toBe(GUARD_MESSAGES.rateLimited)
    expect(await countOf('form-submissions')).toBe(before + CONTACT_RATE_LIMIT_PER_MINUTE_DEFAULT)
  })

  it('on the collector: a flood of bad batches is cut off at its burst, and nothing is stored', async () => {
    const before = await countOf('analytics-events')
    const collect = (i: number) =>
      fetch(`${server.url}${COLLECT_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: server.url, ...spoofed(i) },
        body: '{"events": [',
      })
    await floodUntilRefused(collect, COLLECT_RATE_LIMIT, [400])
    expect(await countOf('analytics-events')).toBe(before)
  })

  it('on search and captcha challenges: each flood is cut off at its burst', async () => {
    for (const [endpoint, policy] of [
      ['/api/search?q=deed', SEARCH_RATE_LIMIT],
      [CAPTCHA_CHALLENGE_ENDPOINT, CAPTCHA_CHALLENGE_RATE_LIMIT],
    ] as const) {
      const served = await floodUntilRefused(
        (i) => fetch(`${server.url}${endpoint}`, { headers: spoofed(i) }),
        policy,
        [200],
      )
      expect(served, endpoint).toBeGreaterThanOrEqual(policy.burst)
    }
  })

  it('on sign-in: guesses are cut off at the allowance, and the refused ones lock no account', async () => {
    const attempt = (body: string, i: number) =>
      fetch(`${server.url}/api/users/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: server.url, ...spoofed(i) },
        body,
      })
    const guess = (email: string, i: number) => attempt(JSON.stringify({ email, password: `guess-${i}` }), i)
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_ADDRESS; i++)
      expect((await guess('nobody-here@example.com', i)).status).toBe(401)
    // As many wrong passwords for the admin as lock an account: refused before the password is checked.
    for (let i = 0; i < MAX_LOGIN_ATTEMPTS; i++)
      expectFloodRefusal(await guess(ADMIN.email, LOGIN_ATTEMPTS_PER_ADDRESS + i))
    // Whatever it names, an attempt past the allowance is refused.
    expectFloodRefusal(await attempt(JSON.stringify({ email: '{"not": "json"', password: '' }), 0))
    const { docs } = await payload.find({
      collection: 'users',
      where: { email: { equals: ADMIN.email } },
      showHiddenFields: true,
    })
    expect(docs[0].loginAttempts ?? 0).toBe(0)
    expect(docs[0].lockUntil ?? null).toBeNull()
  })

  it('on the chat: cookie-less starts open no more conversations, and one visitor no more streams, than one address may', async () => {
    const conversationsBefore = await countOf('chat-conversations')
    const submissionsBefore = await countOf('form-submissions')
    const starts: number[] = []
    for (let i = 0; i < CHAT_NEW_CONVERSATIONS_PER_ADDRESS + 5; i++) {
      const response = await fetch(`${server.url}/api/chat/visitor`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: server.url, ...spoofed(i) },
        body: JSON.stringify({ action: 'start', name: `Flood ${i}`, email: 'flood@example.com' }),
      })
      if (response.status === 429) expectFloodRefusal(response)
      starts.push(response.status)
    }
    expect(starts).toEqual([...Array(CHAT_NEW_CONVERSATIONS_PER_ADDRESS).fill(200), ...Array(5).fill(429)])
    expect(await countOf('chat-conversations')).toBe(conversationsBefore + CHAT_NEW_CONVERSATIONS_PER_ADDRESS)
    expect(await countOf('form-submissions')).toBe(submissionsBefore)

    // One visitor's cookie in many tabs, each stream held open, each tab naming another address.
    // Responses are kept with their controllers: one dropped unread may be collected and its stream closed.
    const held: { controller: AbortController; response: Response }[] = []
    try {
      let refused: Response | null = null
      let cookie = ''
      for (let i = 0; i < CHAT_STREAMS_PER_ADDRESS + 2 && !refused; i++) {
        const controller = new AbortController()
        const response = await fetch(`${server.url}/api/chat/stream?page=/`, {
          headers: { Origin: server.url, ...spoofed(i), ...(cookie ? { Cookie: cookie } : {}) },
          signal: controller.signal,
        })
        cookie ||= response.headers.getSetCookie()[0]?.split(';')[0] ?? ''
        if (response.status === 429) refused = response
        else {
          expect(response.status).toBe(200)
          held.push({ controller, response })
        }
      }
      expect(held).toHaveLength(CHAT_STREAMS_PER_ADDRESS)
      expectFloodRefusal(refused!)
    } finally {
      for (const { controller } of held) controller.abort()
    }
  })
})
