// Hostile traffic against a real server on loopback, part two: floods of the collector, search,
// captcha challenges, sign-in and chat from spoofed addresses. No 5xx, the documented status,
// nothing stored beyond what the limits allow, a normal visitor still served.
import { expect, test } from '@playwright/test'
import { E2E_PORT, E2E_URL } from '../../playwright.config'
import { COLLECT_RATE_LIMIT } from '../../src/analytics/collector/ingest'
import { COLLECT_PATH, MAX_BATCH_BYTES } from '../../src/analytics/collector/limits'
import { CAPTCHA_CHALLENGE_RATE_LIMIT } from '../../src/contact/captcha/challengeEndpoint'
import { CAPTCHA_CHALLENGE_ENDPOINT } from '../../src/contact/protocol'
import { SEARCH_RATE_LIMIT } from '../../src/search/api'
import { SEARCH_QUERY_MAX_LENGTH } from '../../src/search/query'
import {
  CHAT_BODY_MAX_BYTES,
  CHAT_NEW_CONVERSATIONS_PER_ADDRESS,
  CHAT_STREAMS_PER_ADDRESS,
} from '../../src/chat/constants'
import { MAX_LOGIN_ATTEMPTS } from '../../src/content/collections/Users'
import { LOGIN_ATTEMPTS_PER_ADDRESS } from '../../src/platform/loginLimit'
import { NOT_FOUND_CACHE_CONTROL } from '../../src/server/pageResponses'
import { adminCredentials, seededPaths } from './helpers'
import { countOf, expectHandled, normalVisitorIsServed, send, spoofed, hostileSuiteServer } from './support/hostile'

/** More than the in-memory page cache holds (1,000 entries): were 404s kept, real pages would be pushed out. */
const UNKNOWN_ADDRESSES = 10_000

test.describe('hostile traffic', () => {
  test.describe.configure({ mode: 'serial' })
  const hostile = hostileSuiteServer(E2E_PORT + 10)
  const HOSTILE = hostile.origin

  test('the collector refuses malformed and oversized batches, and a spoofed-address flood is cut off at its burst', async ({
    request,
  }) => {
    const eventsBefore = await countOf(request, hostile.adminToken, 'analytics-events')
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
    expect(await countOf(request, hostile.adminToken, 'analytics-events')).toBe(eventsBefore)
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
    await normalVisitorIsServed(HOSTILE)
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
      headers: { Authorization: `JWT ${hostile.adminToken}` },
      data: { chat: { provider: 'builtin', defaultWidget: 'chat' } },
    })
    expect(settings.ok()).toBe(true)
    const submissionsBefore = await countOf(request, hostile.adminToken, 'form-submissions')
    const conversationsBefore = await countOf(request, hostile.adminToken, 'chat-conversations')
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
    expect(await countOf(request, hostile.adminToken, 'chat-conversations')).toBe(
      conversationsBefore + CHAT_NEW_CONVERSATIONS_PER_ADDRESS,
    )
    expect(await countOf(request, hostile.adminToken, 'form-submissions')).toBe(submissionsBefore)

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
    await normalVisitorIsServed(HOSTILE)
  })

  test('a flood of unknown addresses is answered 404 uncached and leaves every real page in the cache', async () => {
    test.setTimeout(5 * 60_000)
    const cacheStateOf = async (page: string) => (await send(`${HOSTILE}${page}`)).headers.get('x-nextjs-cache')
    // Each seeded page rendered and kept, then asked for again after the page memo's moment.
    for (const page of seededPaths) await send(`${HOSTILE}${page}`)
    await new Promise((resolve) => setTimeout(resolve, 500))
    for (const page of seededPaths) expect(await cacheStateOf(page), page).toBe('HIT')

    // Ten times more unknown addresses than the in-memory cache holds entries, a few at a time.
    const statuses = new Map<number, number>()
    const cacheControls = new Set<string | null>()
    let next = 0
    const worker = async () => {
      while (next < UNKNOWN_ADDRESSES) {
        const answer = await send(`${HOSTILE}/zz-nope-${++next}-${Math.random().toString(36).slice(2)}`)
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
        cacheControls.add(answer.headers.get('cache-control'))
      }
    }
    await Promise.all(Array.from({ length: 4 }, worker))
    expect(Object.fromEntries(statuses)).toEqual({ 404: UNKNOWN_ADDRESSES })
    expect([...cacheControls]).toEqual([NOT_FOUND_CACHE_CONTROL])

    await new Promise((resolve) => setTimeout(resolve, 500))
    for (const page of seededPaths) expect(await cacheStateOf(page), page).toBe('HIT')
    // Files Next serves at addresses of its own (the icons) are not taken for unknown pages. (The
    // SVG icon travels in the page as a data: address, src/site/siteIcon.ts.)
    const home = (await send(`${HOSTILE}/`)).text
    const icons = [...home.matchAll(/<link rel="icon" href="(\/[^"]+)"/g)].map((match) =>
      match[1].replaceAll('&amp;', '&'),
    )
    expect(icons.length).toBeGreaterThan(0)
    for (const icon of icons) {
      const answer = await send(`${HOSTILE}${icon}`)
      expect(answer.status, icon).toBe(200)
      expect(answer.headers.get('content-type'), icon).toMatch(/^image\//)
    }
    await normalVisitorIsServed(HOSTILE)
  })
})
