import { expect, type Page, test } from '@playwright/test'
import { E2E_URL } from '../../playwright.config'
import { consentCommands, settle } from '../e2e/support/analytics'
import { banner, fromRegion, prepareConsentSuite } from '../e2e/support/consent'

/**
 * DESIGN.md, "Public contract", "Analytics and consent": each test is one clause, as a first visit
 * (no privacy choice stored). The site's tags point at a stand-in for Google's hosts (and any request
 * to a real Google host is caught and counted).
 */
// As a first visit, the site's tags pointed at a stand-in cleared before each test (the consent suites' own set-up).
const standIn = prepareConsentSuite()

const CONSENT_TYPES = ['ad_storage', 'analytics_storage', 'ad_user_data', 'ad_personalization']
const all = (value: 'granted' | 'denied') => Object.fromEntries(CONSENT_TYPES.map((type) => [type, value]))
const GOOGLE_HOST = /(^|\.)(google|googletagmanager|google-analytics|googleadservices|doubleclick|gstatic)\.[a-z.]+$/

/** Every request the page makes to a Google host or the tags' stand-in (the real hosts are not reached). */
async function recordTagRequests(page: Page) {
  const seen: string[] = []
  await page.route(
    (url) => GOOGLE_HOST.test(url.hostname),
    (route) => {
      seen.push(route.request().url())
      return route.abort()
    },
  )
  page.on('request', (request) => {
    if (request.url().startsWith(standIn().origin)) seen.push(request.url())
  })
  return seen
}

/** Lets the page reach idle, when tags load if they are going to. */
async function idleAndQuiet(page: Page) {
  await settle(page)
  await page.waitForLoadState('networkidle')
}

const acceptAll = (page: Page) => banner(page).getByRole('button', { name: 'Accept all' }).click()

test('contract: window.dataLayer gets consent default for ad_storage, analytics_storage, ad_user_data, ad_personalization before any tag loads, and consent update on the visitor’s choice', async ({
  page,
}) => {
  // For each script of another origin the page adds (a tag), the consent commands it finds waiting.
  await page.addInitScript(() => {
    const tagLoads: { src: string; consent: unknown[][] }[] = []
    Object.assign(window, { tagLoads })
    new MutationObserver((mutations) => {
      for (const mutation of mutations)
        for (const node of mutation.addedNodes) {
          if (!(node instanceof HTMLScriptElement) || !node.src || new URL(node.src).origin === location.origin)
            continue
          const layer = (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []
          const consent = layer
            .map((entry) =>
              entry && typeof entry === 'object' && 'length' in entry ? Array.from(entry as ArrayLike<unknown>) : [],
            )
            .filter((entry) => entry[0] === 'consent')
          tagLoads.push({ src: node.src, consent })
        }
    }).observe(document, { childList: true, subtree: true })
  })
  await page.goto('/')
  const [first] = await consentCommands(page)
  expect(first.slice(0, 2)).toEqual(['consent', 'default'])
  expect(first[2]).toMatchObject(all('denied'))

  await acceptAll(page)
  await expect.poll(async () => (await consentCommands(page)).at(-1)).toEqual(['consent', 'update', all('granted')])
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { tagLoads: unknown[] }).tagLoads.length))
    .toBeGreaterThan(0)
  const tagLoads = await page.evaluate(
    () => (window as unknown as { tagLoads: { src: string; consent: unknown[][] }[] }).tagLoads,
  )
  for (const { src, consent } of tagLoads) {
    expect(consent[0]?.slice(0, 2), src).toEqual(['consent', 'default'])
    expect(consent[0][2], src).toMatchObject(
      Object.fromEntries(CONSENT_TYPES.map((type) => [type, expect.any(String)])),
    )
  }
})

test('contract: where the defaults are denied (a visitor whose region is unknown counts so), no request reaches a Google host before the visitor grants', async ({
  page,
}) => {
  const tagRequests = await recordTagRequests(page)
  await page.goto('/')
  await idleAndQuiet(page)
  await expect(banner(page)).toBeVisible()
  expect(tagRequests).toEqual([])

  // Granting loads the tags: the silence above was the wait for consent.
  await acceptAll(page)
  await expect.poll(() => tagRequests.length).toBeGreaterThan(0)
})

test('contract: query values that look like email addresses are sent as (redacted) to every analytics or tag endpoint, the first-party collector included', async ({
  page,
}) => {
  const email = 'jane.doe@example.com'
  const tagRequests = await recordTagRequests(page)
  const collected: string[] = []
  await page.route('**/api/collect', async (route) => {
    collected.push(`${route.request().url()} ${route.request().postData() ?? ''}`)
    await route.continue()
  })
  // A region whose defaults grant: the tags load without a choice.
  await fromRegion(page, 'US-OH')
  await page.goto(`/pricing?email=${encodeURIComponent(email)}&plan=full`)
  await idleAndQuiet(page)
  await expect.poll(() => standIn().hits().length).toBeGreaterThan(0)
  // The collector sends what it holds when the page is hidden.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
  })
  await expect.poll(() => collected.length).toBeGreaterThan(0)

  const sent = [...tagRequests, ...standIn().requests.map((request) => request.url.href), ...collected].map((text) =>
    decodeURIComponent(text.replace(/\+/g, ' ')),
  )
  for (const text of sent) expect(text).not.toContain(email)
  expect(sent.filter((text) => text.includes('email=(redacted)')).length).toBeGreaterThan(0)
  expect(collected.map((text) => decodeURIComponent(text))).toEqual(
    expect.arrayContaining([expect.stringContaining('email=(redacted)')]),
  )
  expect(
    standIn()
      .hits()
      .map((hit) => hit.url.searchParams.get('dl')),
  ).toEqual(expect.arrayContaining([`${E2E_URL}/pricing?email=(redacted)&plan=full`]))
})
