import { expect, type Page, test } from '@playwright/test'
import { FLUSH_DELAY_MS } from '../../src/analytics/collector/client'
import { COLLECT_PATH, MAX_EVENTS_PER_BATCH } from '../../src/analytics/collector/limits'
import { CONSENT_STORAGE_KEY } from '../../src/analytics/consent/model'
import { REDACTION_TEXT } from '../../src/analytics/redact'
import { adminCredentials } from './helpers'
import { FIRST_VISIT } from '../../playwright.config'
import { configureTags, settle } from './support/analytics'
import { startTagStandIn, type TagStandIn } from './support/tagStandIn'

const EMAIL = 'jane.doe@example.com'
let standIn: TagStandIn

test.describe.configure({ mode: 'serial' })
// A first visit: no privacy choice stored yet.
test.use({ storageState: FIRST_VISIT })

test.beforeAll(async ({ request }) => {
  standIn = await startTagStandIn()
  await configureTags(request, { gtmId: 'GTM-TEST1', ga4Id: 'G-TEST1' }, standIn.origin)
})
test.afterAll(async ({ request }) => {
  await configureTags(request, {}, null)
  await standIn.close()
})
test.beforeEach(() => {
  standIn.clear()
})

type Batch = { events: Array<{ name: string; url: string; ts: number; referrer?: string; props?: object }> }

/** Records the first-party collector's requests, with their bodies. */
function recordCollects(page: Page) {
  const batches: Batch[] = []
  void page.route(`**${COLLECT_PATH}`, async (route) => {
    const request = route.request()
    if (request.method() === 'POST') batches.push(JSON.parse(request.postData() ?? '{}'))
    await route.continue()
  })
  return batches
}

/** Waits until the collector runs: it has replaced the page's early queue (an array) with its own. */
async function untilCollectorStarted(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const queue = (window as unknown as { __firstParty?: unknown }).__firstParty
        return typeof queue === 'object' && queue !== null && !Array.isArray(queue)
      }),
    )
    .toBe(true)
}

const acceptAll = (page: Page) =>
  page.getByRole('region', { name: 'Privacy choices' }).getByRole('button', { name: 'Accept all' }).click()

test('the first-party collector sends the page view in a batch after the flush delay, before any consent', async ({
  page,
}) => {
  await page.clock.install()
  await page.setExtraHTTPHeaders({ 'x-visitor-region': 'DE' })
  const batches = recordCollects(page)
  await page.goto('/pricing')
  await settle(page)
  expect(batches).toEqual([])
  // The collector starts once the region's default is known (a real request, later on a loaded
  // machine); the flush delay runs from there.
  await untilCollectorStarted(page)
  await page.clock.runFor(FLUSH_DELAY_MS)
  await expect.poll(() => batches.length).toBe(1)
  expect(batches[0].events).toHaveLength(1)
  expect(batches[0].events[0]).toMatchObject({ name: 'page_view', url: expect.stringMatching(/\/pricing$/) })
  expect(standIn.requests).toEqual([])
})

test('sends what is queued by sendBeacon as soon as the page is hidden', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-visitor-region': 'DE' })
  const batches = recordCollects(page)
  await page.goto('/faq')
  await settle(page)
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
  })
  await expect.poll(() => batches.length).toBe(1)
  expect(batches[0].events[0].name).toBe('page_view')
})

test('counts a page hidden before it is idle: its view goes by beacon at once', async ({ page }) => {
  // A page too busy ever to be idle: the collector would otherwise start only then.
  await page.addInitScript(() => Object.assign(window, { requestIdleCallback: () => 0 }))
  await page.setExtraHTTPHeaders({ 'x-visitor-region': 'DE' })
  const batches = recordCollects(page)
  await page.goto('/faq')
  // Its view is queued (once the region is known) for a collector that has not started.
  await expect
    .poll(() => page.evaluate(() => JSON.stringify((window as { __firstParty?: unknown }).__firstParty ?? null)))
    .toMatch(/"page_view"/)
  expect(batches).toEqual([])
  // The visitor switches away: on a phone the page may never be seen again.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
  })
  await expect
    .poll(() => batches.flatMap((batch) => batch.events).map((event) => [event.name, new URL(event.url).pathname]))
    .toEqual([['page_view', '/faq']])
})

test('splits many events into batches of at most the maximum size', async ({ page }) => {
  await page.clock.install()
  await page.setExtraHTTPHeaders({ 'x-visitor-region': 'DE' })
  const batches = recordCollects(page)
  await page.goto('/')
  await settle(page)
  // The collector loads after idle; events pushed before it takes over the queue wait for it.
  await untilCollectorStarted(page)
  await page.evaluate((count) => {
    const queue = (window as unknown as { __firstParty: { push: (e: object) => void } }).__firstParty
    for (let i = 0; i < count; i++)
      queue.push({ name: 'scroll_depth', url: location.href, ts: Date.now(), props: { i } })
  }, MAX_EVENTS_PER_BATCH * 2)
  await page.clock.runFor(FLUSH_DELAY_MS)
  await expect.poll(() => batches.flatMap((batch) => batch.events).length).toBe(MAX_EVENTS_PER_BATCH * 2 + 1)
  expect(batches.every((batch) => batch.events.length <= MAX_EVENTS_PER_BATCH)).toBe(true)
})

test('sends nothing to the first-party collector for a Do Not Track browser', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' }))
  await page.clock.install()
  const batches = recordCollects(page)
  await page.goto('/')
  await settle(page)
  await page.clock.runFor(FLUSH_DELAY_MS * 2)
  expect(batches).toEqual([])
})

test('redacts email-like query values in every URL sent to the tags and to the collector', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-visitor-region': 'US-OH' })
  const batches = recordCollects(page)
  const outgoing: string[] = []
  page.on('request', (request) => outgoing.push(request.url()))
  await page.goto(`/pricing?email=${encodeURIComponent(EMAIL)}&plan=full`)
  await settle(page)
  await expect.poll(() => standIn.hits().length).toBeGreaterThan(0)
  const hit = standIn.hits()[0]
  expect(hit.url.searchParams.get('dl')).toMatch(new RegExp(`/pricing\\?email=\\(redacted\\)&plan=full$`))
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
  })
  await expect.poll(() => batches.length).toBeGreaterThan(0)
  expect(batches[0].events[0].url).toContain(`email=${REDACTION_TEXT}`)
  const leaving = [
    ...outgoing.filter((url) => url.includes(COLLECT_PATH) || url.startsWith(standIn.origin)),
    ...standIn.requests.map((r) => r.url.href),
  ]
  for (const url of leaving) {
    expect(decodeURIComponent(url)).not.toContain('example.com')
  }
  expect(JSON.stringify(batches)).not.toContain('example.com')
})

test('sends a page view to the tags and the collector on every client navigation', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-visitor-region': 'FR' })
  const batches = recordCollects(page)
  await page.goto('/')
  await acceptAll(page)
  await expect.poll(() => standIn.hits().length).toBe(1)
  // A same-document navigation, as the App Router makes them (it follows history.pushState).
  await page.evaluate(() => history.pushState(null, '', '/pricing'))
  await expect(page).toHaveURL(/\/pricing$/)
  await expect
    .poll(() => standIn.hits().map((hit) => new URL(hit.url.searchParams.get('dl')!).pathname))
    .toEqual(['/', '/pricing'])
  expect(new URL(standIn.hits()[1].url.searchParams.get('dr')!).pathname).toBe('/')
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
  })
  await expect
    .poll(() =>
      batches
        .flatMap((batch) => batch.events)
        .filter((e) => e.name === 'page_view')
        .map((e) => new URL(e.url).pathname),
    )
    .toEqual(['/', '/pricing'])
})

test('stops first-party counting when the visitor turns analytics off', async ({ page }) => {
  await page.clock.install()
  await page.addInitScript(
    (key) =>
      localStorage.setItem(key, JSON.stringify({ v: 1, analytics: false, ads: false, expires: Date.now() + 1e9 })),
    CONSENT_STORAGE_KEY,
  )
  const batches = recordCollects(page)
  await page.goto('/')
  await settle(page)
  await page.clock.runFor(FLUSH_DELAY_MS * 2)
  expect(batches).toEqual([])
})

test('the admin dashboard shows the recorded visits', async ({ page }) => {
  const { email, password } = adminCredentials()
  await page.goto('/admin/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL(/\/admin(?!\/login)/)
  await page.goto('/admin/analytics?days=7')
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible()
  const views = page.locator('.analytics-figure', { hasText: 'Page views' }).locator('dd')
  expect(Number((await views.textContent())!.replace(/,/g, ''))).toBeGreaterThan(0)
  await expect(page.getByRole('img', { name: /Page views .* per day/ })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Last 7 days' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('table').filter({ hasText: 'Top pages' }).getByText('/pricing')).toBeVisible()
})
