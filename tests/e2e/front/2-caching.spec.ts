// What the front keeps and for whom: pages and shared answers in its micro-cache, the consent
// region per region header, and pages one instance rendered served by the other.
import { expect } from '@playwright/test'
import { SHARED_CHAT_ANSWER_CACHE_CONTROL } from '../../../src/chat/server/http/sharedAnswers'
import { CACHED_PAGE_CACHE_CONTROL } from '../../../src/server/pageResponses'
import { APP_A, APP_B, FRONT, test } from '../support/productionStack'

/** A crowd asking one answer at once, for a few of the front's one-second lifetimes of it. */
const CROWD_VISITORS = 20
const CROWD_MS = 3_000
const countsOf = (values: string[]) =>
  JSON.stringify(
    Object.fromEntries([...new Set(values)].map((value) => [value, values.filter((v) => v === value).length])),
  )

test.describe('production front', () => {
  for (const page of ['/', '/pricing']) {
    test(`${page} answers HTML that shared caches may keep`, async ({ request }) => {
      const response = await request.get(`${FRONT}${page}`)
      expect(response.status()).toBe(200)
      expect(response.headers()['content-type']).toContain('text/html')
      expect(response.headers()['cache-control']).toMatch(/\bpublic\b/)
    })
  }

  test('a page asked for again is served from the micro-cache', async ({ playwright }) => {
    // No cookie jar: a visitor's first request, twice.
    const visitor = await playwright.request.newContext({ storageState: { cookies: [], origins: [] } })
    const ask = () => visitor.get(`${FRONT}/pricing`, { headers: { 'Accept-Encoding': 'gzip' } })
    expect((await ask()).status()).toBe(200)
    const again = await ask()
    expect(again.status()).toBe(200)
    // From the cache: fresh (HIT), or kept while one request refreshes it (UPDATING, STALE).
    expect(['HIT', 'UPDATING', 'STALE']).toContain(again.headers()['x-cache-status'])
    await visitor.dispose()
  })

  test('the chat widget’s lookup and availability poll are one shared answer the front keeps', async ({
    playwright,
  }) => {
    for (const path of ['/api/chat/config', '/api/chat/config?availability']) {
      const visitors = await Promise.all([1, 2].map(() => playwright.request.newContext()))
      const first = await visitors[0].get(`${FRONT}${path}`)
      expect(first.status()).toBe(200)
      expect(first.headers()['cache-control']).toBe(SHARED_CHAT_ANSWER_CACHE_CONTROL)
      const second = await visitors[1].get(`${FRONT}${path}`)
      expect(await second.json()).toEqual(await first.json())
      expect(['HIT', 'UPDATING', 'STALE']).toContain(second.headers()['x-cache-status'])
      await Promise.all(visitors.map((visitor) => visitor.dispose()))
    }
  })

  test('the consent region’s answer is kept by the front per region header value, never by the browser', async ({
    playwright,
  }) => {
    const visitors = await Promise.all([1, 2, 3, 4].map(() => playwright.request.newContext()))
    const ask = (visitor: number, headers: Record<string, string>) =>
      visitors[visitor].get(`${FRONT}/api/consent/region`, { headers })
    // An instance's first answer loads the route. On a busy machine that can outlast the two seconds
    // the front keeps an unused copy, which is then dropped as soon as it is stored: the route is
    // loaded on both instances first (requests at once go to different ones), for another region.
    await Promise.all(
      [1, 2, 3, 4].map(() => fetch(`${FRONT}/api/consent/region`, { headers: { 'X-Visitor-Region': 'US-PA' } })),
    )
    const first = await ask(0, { 'X-Visitor-Region': 'US-OH' })
    expect(await first.json()).toEqual({ region: 'US-OH', denied: false })
    const second = await ask(1, { 'X-Visitor-Region': 'US-OH' })
    expect(['HIT', 'UPDATING', 'STALE']).toContain(second.headers()['x-cache-status'])
    expect(second.headers()['set-cookie']).toMatch(/^visitor_region=US-OH; Path=\/; Max-Age=\d+; SameSite=Lax; Secure$/)
    // Past the front, nobody keeps it: it sets the visitor's own cookie.
    expect(second.headers()['cache-control']).toBe('private, no-store')
    // Another region, or none, is never given the copy kept for US-OH.
    expect(await (await ask(2, { 'X-Visitor-Region': 'DE' })).json()).toEqual({ region: 'DE', denied: true })
    const none = await ask(3, {})
    expect(await none.json()).toEqual({ region: null, denied: true })
    expect(none.headers()['set-cookie']).toMatch(/^visitor_region=unknown;/)
    await Promise.all(visitors.map((visitor) => visitor.dispose()))
  })

  test('a crowd of first visits asks the app for the region about once a second, not once per visitor who comes while it refreshes', async () => {
    const cacheStatuses: string[] = []
    const end = Date.now() + CROWD_MS
    await Promise.all(
      Array.from({ length: CROWD_VISITORS }, async () => {
        while (Date.now() < end) {
          const answer = await fetch(`${FRONT}/api/consent/region`, { headers: { 'X-Visitor-Region': 'US-OH' } })
          expect(await answer.json()).toEqual({ region: 'US-OH', denied: false })
          cacheStatuses.push(answer.headers.get('x-cache-status') ?? '')
        }
      }),
    )
    const askedTheApp = cacheStatuses.filter((status) => status === 'MISS' || status === 'EXPIRED').length
    expect(cacheStatuses.length).toBeGreaterThan(CROWD_VISITORS * 5)
    expect(askedTheApp, `answers by cache status: ${countsOf(cacheStatuses)}`).toBeLessThanOrEqual(CROWD_MS / 1000 + 2)
  })

  test('a region named before the front reaches the page’s consent script in a cookie, with no request for it', async ({
    playwright,
    browser,
  }) => {
    const visitor = await playwright.request.newContext({ storageState: { cookies: [], origins: [] } })
    const ask = (headers: Record<string, string>) =>
      visitor.get(`${FRONT}/pricing`, { headers, maxRedirects: 0 }).then((response) => response.headers()['set-cookie'])
    expect(await ask({ 'X-Visitor-Region': 'US-OH' })).toMatch(
      /^visitor_region=US-OH; Path=\/; Max-Age=86400; SameSite=Lax; Secure$/,
    )
    // Kept once set; never from a malformed or hostile value; nothing without a region.
    expect(await ask({ 'X-Visitor-Region': 'DE', Cookie: 'visitor_region=US-OH' })).toBeUndefined()
    expect(await ask({ 'X-Visitor-Region': 'DE; Domain=evil.example' })).toBeUndefined()
    expect(await ask({ 'X-Visitor-Region': 'Germany' })).toBeUndefined()
    expect(await ask({})).toBeUndefined()
    await visitor.dispose()

    // Chromium cannot be told to trust one certificate after it started: it accepts the stack's.
    const context = await browser.newContext({
      extraHTTPHeaders: { 'X-Visitor-Region': 'DE' },
      ignoreHTTPSErrors: true,
    })
    const page = await context.newPage()
    const regionRequests: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/consent/region')) regionRequests.push(request.url())
    })
    // Not a page the other tests here need unrendered (the shared-cache test renders /faq first).
    await page.goto(`${FRONT}/privacy`)
    const consent = await page.evaluate(
      () => (window as { __consentDefault?: { regionKnown: boolean } }).__consentDefault,
    )
    expect(consent?.regionKnown).toBe(true)
    await page.waitForLoadState('networkidle')
    expect(regionRequests).toEqual([])
    await context.close()
  })

  test('a page one instance rendered is served by the other from the shared cache, which caches may keep', async ({
    request,
  }) => {
    const path = `/faq?shared=${Date.now()}`
    expect((await request.get(`${APP_A}${path}`)).headers()['x-nextjs-cache']).toBe('MISS')
    const fromB = await request.get(`${APP_B}${path}`)
    expect(fromB.headers()['x-nextjs-cache']).toBe('HIT')
    expect(fromB.headers()['cache-control']).toBe(CACHED_PAGE_CACHE_CONTROL)
  })
})
