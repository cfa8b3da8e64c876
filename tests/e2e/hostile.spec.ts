// Hostile traffic against a real server on loopback: malformed, oversized, replayed, spoofed-address
// and flood requests to every public endpoint. Each asserts no 5xx, the documented status, nothing
// stored or mailed beyond what the limits allow, and a normal visitor still served afterwards.
import fs from 'node:fs'
import path from 'node:path'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { E2E_PORT, E2E_URL } from '../../playwright.config'
import { COLLECT_RATE_LIMIT } from '../../src/analytics/collector/ingest'
import { COLLECT_PATH, MAX_BATCH_BYTES } from '../../src/analytics/collector/limits'
import { CONTACT_FORM_ID } from '../../src/cms/seed/content/forms'
import { CAPTCHA_CHALLENGE_RATE_LIMIT } from '../../src/contact/captcha/challengeEndpoint'
import { CAPTCHA_CHALLENGE_ENDPOINT, CAPTCHA_ERROR, CONTACT_ENDPOINT } from '../../src/contact/protocol'
import { CSRF_COOKIE, CSRF_ENDPOINT, CSRF_HEADER } from '../../src/security/csrfProtocol'
import { CONTACT_BODY_LIMIT_BYTES } from '../../src/contact/server/body'
import { GUARD_MESSAGES } from '../../src/contact/server/guard'
import { CONTACT_RATE_LIMIT_PER_MINUTE_DEFAULT } from '../../src/contact/server/rateLimit'
import { SEARCH_RATE_LIMIT } from '../../src/search/api'
import { SEARCH_QUERY_MAX_LENGTH } from '../../src/search/query'
import {
  CHAT_BODY_MAX_BYTES,
  CHAT_NEW_CONVERSATIONS_PER_ADDRESS,
  CHAT_STREAMS_PER_ADDRESS,
} from '../../src/chat/constants'
import { MAX_LOGIN_ATTEMPTS } from '../../src/cms/collections/Users'
import { LOGIN_ATTEMPTS_PER_ADDRESS } from '../../src/cms/loginLimit'
import { adminCredentials, adminToken } from './helpers'
import { solvedCaptcha } from './support/captcha'
import { secondServer } from './support/secondServer'

/** A server of the same build and database that trusts no front: every request's address is its socket's. */
const hostile = secondServer(E2E_PORT + 5, E2E_PORT, { TRUST_PROXY: '' })
const HOSTILE = hostile.origin
const outbox = path.resolve(process.cwd(), `.tmp/e2e-${E2E_PORT}/outbox`)

type Sent = { status: number; headers: Headers; text: string }

/** One request as a hostile client makes it: any headers, any body, no browser rules. */
async function send(url: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<Sent> {
  const response = await fetch(url, { redirect: 'manual', ...init })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

const spoofed = (i: number) => ({ 'X-Forwarded-For': `203.0.113.${(i % 250) + 1}, 198.51.100.${(i % 250) + 1}` })

/** What every answer of the suite must be: never a server error, and a refusal says why in words. */
function expectHandled(answer: Sent, statuses: number[]) {
  expect(answer.status, answer.text.slice(0, 200)).toBeLessThan(500)
  expect(statuses, answer.text.slice(0, 200)).toContain(answer.status)
  if (answer.status === 429) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
}

async function countOf(request: APIRequestContext, token: string, collection: string): Promise<number> {
  const response = await request.get(`${E2E_URL}/api/${collection}?limit=1&depth=0`, {
    headers: { Authorization: `JWT ${token}` },
  })
  expect(response.ok()).toBe(true)
  return (await response.json()).totalDocs
}

const mailCount = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0)

/** The visitor the flood must not hurt: the home page, a search and a token, all answered. */
async function normalVisitorIsServed() {
  const home = await send(`${HOSTILE}/`)
  expect(home.status).toBe(200)
  expect(home.text).toContain('</html>')
  expect((await send(`${E2E_URL}/api/health`)).status).toBe(200)
}

const validFields = (marker: string) => [
  { name: 'name', value: marker },
  { name: 'email', value: 'hostile-suite@example.com' },
  { name: 'county', value: 'franklin' },
  { name: 'service', value: 'lien-search' },
  { name: 'contactPreference', value: 'email' },
  { name: 'message', value: `A genuine request among hostile ones (${marker}), for a lien search in Franklin County.` },
  { name: 'consent', value: 'on' },
]

/** The token pair a page's script gets from the CSRF endpoint. */
async function csrfPair(origin: string, headers: Record<string, string> = {}) {
  const answer = await fetch(`${origin}${CSRF_ENDPOINT}`, { headers })
  const cookie = answer.headers.getSetCookie().find((value) => value.startsWith(`${CSRF_COOKIE}=`))!
  return { cookie: cookie.split(';')[0], token: ((await answer.json()) as { token: string }).token }
}

test.describe('hostile traffic', () => {
  test.describe.configure({ mode: 'serial' })
  let token: string

  test.beforeAll(async ({ request }) => {
    test.setTimeout(180_000)
    await hostile.start()
    token = await adminToken(request)
  })
  test.afterAll(() => hostile.stop())

  test('the contact endpoint: malformed, oversized, forged, replayed and spoofed-address posts store one submission and mail it once', async ({
    request,
    playwright,
  }) => {
    const submissionsBefore = await countOf(request, token, 'form-submissions')
    const mailsBefore = mailCount()
    const { cookie, token: csrf } = await csrfPair(HOSTILE)
    const post = (body: string, headers: Record<string, string> = {}) =>
      send(`${HOSTILE}${CONTACT_ENDPOINT}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Origin: HOSTILE,
          Cookie: cookie,
          [CSRF_HEADER]: csrf,
          ...headers,
        },
        body,
      })
    const answers: number[] = []
    const expectPost = async (body: string, statuses: number[], headers: Record<string, string> = {}) => {
      const answer = await post(body, { ...spoofed(answers.length), ...headers })
      answers.push(answer.status)
      expectHandled(answer, statuses)
      return answer
    }

    // One genuine submission, then the same answer replayed: the captcha answer is spent.
    const captchaContext = await playwright.request.newContext()
    const captcha = await solvedCaptcha(captchaContext, HOSTILE)
    await captchaContext.dispose()
    const genuine = JSON.stringify({ formId: CONTACT_FORM_ID, fields: validFields('Hostile Genuine'), captcha })
    await expectPost(genuine, [200])
    const replay = await expectPost(genuine, [403])
    expect(JSON.parse(replay.text).error).toBe(CAPTCHA_ERROR)

    await expectPost('{"formId": 115, "fields": [', [400])
    await expectPost(JSON.stringify({ formId: CONTACT_FORM_ID, pad: 'x'.repeat(CONTACT_BODY_LIMIT_BYTES) }), [413])
    await expectPost(genuine, [415], { 'Content-Type': 'text/plain' })
    await expectPost(genuine, [403], { [CSRF_HEADER]: 'forged' })
    const hostileFields = [
      { name: '__proto__', value: 'polluted' },
      { name: 'name', value: '<script>alert(1)</script>\u0000' },
      { name: 'email', value: 'not an address' },
    ]
    const invalid = await expectPost(JSON.stringify({ formId: CONTACT_FORM_ID, fields: hostileFields }), [400])
    expect(JSON.parse(invalid.text).fieldErrors).toMatchObject({ email: expect.any(String), name: expect.any(String) })

    // A post from another site is refused before it counts.
    await expectPost(genuine, [403], { Origin: 'https://attacker.example' })

    // A new X-Forwarded-For on every post does not buy a new allowance: the server trusts no front here.
    for (let i = 0; i < 5; i++) await expectPost(genuine, [403, 429])
    const counted = answers.filter((_, i) => i !== answers.length - 6) // the cross-site post is not counted
    expect(counted.filter((status) => status !== 429)).toHaveLength(CONTACT_RATE_LIMIT_PER_MINUTE_DEFAULT)
    const refused = await post(genuine, spoofed(99))
    expect(refused.status).toBe(429)
    expect(JSON.parse(refused.text).error).toBe(GUARD_MESSAGES.rateLimited)

    expect(await countOf(request, token, 'form-submissions')).toBe(submissionsBefore + 1)
    await expect.poll(mailCount, { timeout: 30_000 }).toBe(mailsBefore + 1)
    await normalVisitorIsServed()
  })

  test('the legacy endpoint answers malformed and oversized calls with their status, and a flood from one named client with 429', async () => {
    // The e2e server stands behind a trusted front (loopback): the address it names is the client's.
    const call = (body: string, address: string, type = 'application/x-www-form-urlencoded') =>
      send(`${E2E_URL}/index.php`, {
        method: 'POST',
        headers: { 'Content-Type': type, Origin: E2E_URL, 'X-Forwarded-For': address },
        body,
      })
    expectHandled(await call('option=com_ajax&format=raw&module=nothing', '192.0.2.201'), [400])
    expectHandled(await call('{}', '192.0.2.202', 'application/json'), [415])
    expectHandled(await call(`option=com_ajax&pad=${'x'.repeat(CONTACT_BODY_LIMIT_BYTES)}`, '192.0.2.203'), [413])
    const flood: number[] = []
    for (let i = 0; i < CONTACT_RATE_LIMIT_PER_MINUTE_DEFAULT + 3; i++) {
      const answer = await call('option=com_ajax&format=raw&module=contact', '192.0.2.204')
      expectHandled(answer, [400, 403, 429])
      flood.push(answer.status)
    }
    expect(flood.slice(CONTACT_RATE_LIMIT_PER_MINUTE_DEFAULT)).toEqual([429, 429, 429])
    expect((await call('option=com_ajax&format=raw&module=contact', '192.0.2.205')).status).not.toBe(429)
  })

  test('the collector refuses malformed and oversized batches, and a spoofed-address flood is cut off at its burst', async ({
    request,
  }) => {
    const eventsBefore = await countOf(request, token, 'analytics-events')
    const collect = (body: string, i: number, type = 'application/json') =>
      send(`${HOSTILE}${COLLECT_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': type, Origin: HOSTILE, ...spoofed(i) },
        body,
      })
    const statuses: number[] = []
    const bad = ['{"events": [', JSON.stringify({ events: [{ name: 'x'.repeat(500), url: 'javascript:1', ts: 0 }] })]
    const started = Date.now()
    for (let i = 0; i < COLLECT_RATE_LIMIT.burst * 3 && !statuses.includes(429); i++) {
      const body = i === 1 ? 'y'.repeat(MAX_BATCH_BYTES + 1) : bad[i % bad.length]
      const answer = await collect(body, i, i === 2 ? 'text/plain' : 'application/json')
      expectHandled(answer, [400, 413, 415, 429])
      statuses.push(answer.status)
    }
    expect(statuses[1]).toBe(413)
    expect(statuses[2]).toBe(415)
    // The bucket refills while the flood runs: the burst and what the elapsed time allows, no more.
    const refill = Math.ceil(((Date.now() - started) * COLLECT_RATE_LIMIT.perMinute) / 60_000)
    expect(statuses.at(-1)).toBe(429)
    expect(statuses.length - 1).toBeLessThanOrEqual(COLLECT_RATE_LIMIT.burst + refill)
    expect(await countOf(request, token, 'analytics-events')).toBe(eventsBefore)
  })

  test('search and captcha challenges: oversized queries get 400, and a spoofed-address flood gets 429 after its burst', async () => {
    expectHandled(await send(`${HOSTILE}/api/search?q=${'a'.repeat(SEARCH_QUERY_MAX_LENGTH + 1)}`), [400])
    expectHandled(await send(`${HOSTILE}/api/search?q=%ZZ%00`), [200, 400])
    for (const [endpoint, policy] of [
      [`/api/search?q=deed`, SEARCH_RATE_LIMIT],
      [CAPTCHA_CHALLENGE_ENDPOINT, CAPTCHA_CHALLENGE_RATE_LIMIT],
    ] as const) {
      const started = Date.now()
      let served = 0
      let refused = false
      for (let i = 0; i < policy.burst * 3 && !refused; i++) {
        const answer = await send(`${HOSTILE}${endpoint}`, { headers: spoofed(i) })
        expectHandled(answer, [200, 429])
        if (answer.status === 429) refused = true
        else served++
      }
      // The bucket refills while the flood runs: the burst and what the elapsed time allows, no more.
      const refill = Math.ceil(((Date.now() - started) * policy.perMinute) / 60_000)
      expect(refused, endpoint).toBe(true)
      expect(served, endpoint).toBeLessThanOrEqual(policy.burst + refill)
    }
    await normalVisitorIsServed()
  })

  test('the CSRF endpoint answers repeated, forged and oversized cookies with a fresh signed token', async () => {
    const forged = await send(`${HOSTILE}${CSRF_ENDPOINT}`, { headers: { Cookie: `${CSRF_COOKIE}=forged.value` } })
    expectHandled(forged, [200])
    expect(JSON.parse(forged.text).token).not.toBe('forged.value')
    const huge = await send(`${HOSTILE}${CSRF_ENDPOINT}`, { headers: { Cookie: `${CSRF_COOKIE}=${'z'.repeat(6000)}` } })
    expectHandled(huge, [200, 400, 431])
    const tokens = new Set<string>()
    for (let i = 0; i < 20; i++) {
      const answer = await send(`${HOSTILE}${CSRF_ENDPOINT}`)
      expectHandled(answer, [200])
      tokens.add(JSON.parse(answer.text).token)
    }
    // Without a cookie each request is a new visitor: twenty fresh tokens, none reused.
    expect(tokens.size).toBe(20)
  })

  test('sign-in: guessing from one address is cut off at its allowance, whatever address it claims, and its refused guesses lock no account', async () => {
    const attempt = (email: string, password: string, i: number) =>
      send(`${HOSTILE}/api/users/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: HOSTILE, ...spoofed(i) },
        body: JSON.stringify({ email, password }),
      })
    const statuses: number[] = []
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_ADDRESS; i++) {
      const answer = await attempt('nobody-here@example.com', `guess-${i}`, i)
      expectHandled(answer, [401])
      statuses.push(answer.status)
    }
    // Now as many wrong passwords for the admin as lock an account: refused before the password is
    // checked, so none of them counts.
    for (let i = 0; i < MAX_LOGIN_ATTEMPTS; i++) {
      const answer = await attempt(adminCredentials().email, `guess-${i}`, LOGIN_ATTEMPTS_PER_ADDRESS + i)
      expectHandled(answer, [429])
    }
    expectHandled(await attempt('{"not": "json"', '', 0), [429])
    // The admin, signing in from elsewhere, is not locked out by any of it.
    const admin = await send(`${E2E_URL}/api/users/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '192.0.2.230' },
      body: JSON.stringify(adminCredentials()),
    })
    expect(admin.status).toBe(200)
  })

  test('the chat: malformed, oversized and retired calls are refused, and a cookie-less flood opens no more chats or streams than one address may', async ({
    request,
  }) => {
    // The built-in chat, on for this test whatever an earlier suite left.
    const settings = await request.post(`${E2E_URL}/api/globals/site-settings`, {
      headers: { Authorization: `JWT ${token}` },
      data: { chat: { provider: 'builtin', defaultWidget: 'chat' } },
    })
    expect(settings.ok()).toBe(true)
    const submissionsBefore = await countOf(request, token, 'form-submissions')
    const conversationsBefore = await countOf(request, token, 'chat-conversations')
    const act = (body: string, i: number) =>
      send(`${HOSTILE}/api/chat/visitor`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: HOSTILE, ...spoofed(i) },
        body,
      })
    expectHandled(await act('{"action": "start"', 0), [400])
    expectHandled(await act(JSON.stringify({ action: 'message', text: 'x'.repeat(CHAT_BODY_MAX_BYTES) }), 1), [413])
    expectHandled(await act(JSON.stringify({ action: 'become_agent' }), 2), [400])
    // The offline message that was an open relay to the business's inbox is gone from the chat.
    const relay = JSON.stringify({
      action: 'offline_message',
      email: 'relay@example.com',
      message: 'spam',
      page: 'javascript:alert(1)',
    })
    expectHandled(await act(relay, 3), [400])
    expectHandled(
      await send(`${HOSTILE}/api/chat/visitor`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'https://attacker.example' },
        body: JSON.stringify({ action: 'start' }),
      }),
      [403],
    )

    const starts: number[] = []
    for (let i = 0; i < CHAT_NEW_CONVERSATIONS_PER_ADDRESS + 5; i++) {
      const answer = await act(JSON.stringify({ action: 'start', name: `Flood ${i}`, email: 'flood@example.com' }), i)
      expectHandled(answer, [200, 429])
      starts.push(answer.status)
    }
    expect(starts.filter((status) => status === 200)).toHaveLength(CHAT_NEW_CONVERSATIONS_PER_ADDRESS)
    expect(starts.slice(CHAT_NEW_CONVERSATIONS_PER_ADDRESS)).toEqual(Array(5).fill(429))
    expect(await countOf(request, token, 'chat-conversations')).toBe(
      conversationsBefore + CHAT_NEW_CONVERSATIONS_PER_ADDRESS,
    )
    expect(await countOf(request, token, 'form-submissions')).toBe(submissionsBefore)

    // Event streams: one visitor's cookie in many tabs, each held open; one address gets its share, then 429 until one closes.
    // Responses are kept with their controllers: one dropped unread may be collected and its stream closed.
    const held: { controller: AbortController; response: Response }[] = []
    try {
      let refused: Response | null = null
      let cookie = ''
      for (let i = 0; i < CHAT_STREAMS_PER_ADDRESS + 2 && !refused; i++) {
        const controller = new AbortController()
        const response = await fetch(`${HOSTILE}/api/chat/stream?page=/`, {
          headers: { Origin: HOSTILE, ...spoofed(i), ...(cookie ? { Cookie: cookie } : {}) },
          signal: controller.signal,
        })
        expect(response.status).toBeLessThan(500)
        cookie ||= response.headers.getSetCookie()[0]?.split(';')[0] ?? ''
        if (response.status === 429) refused = response
        else {
          expect(response.status).toBe(200)
          held.push({ controller, response })
        }
      }
      expect(held).toHaveLength(CHAT_STREAMS_PER_ADDRESS)
      expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    } finally {
      for (const { controller } of held) controller.abort()
    }
    await normalVisitorIsServed()
  })
})
