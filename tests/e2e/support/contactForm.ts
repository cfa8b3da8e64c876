import { type APIRequestContext, expect, type Page, type Route, test } from '@playwright/test'
import { CONTACT_FORM_ID, SEED_FORMS } from '../../../src/setup/seed/content/forms'
import { adminToken } from '../helpers'

export const SUCCESS_TEXT = String(SEED_FORMS[0].data.successMessage)
export const CAPTCHA_SOLVE_TIMEOUT_MS = 30_000

export const form = (page: Page) => page.locator('#contact-form-115')
export const messageArea = (page: Page) => form(page).locator('.form-message')
export const sendButton = (page: Page) => form(page).getByRole('button', { name: 'Send request' })
export const row = (page: Page, name: string) =>
  form(page)
    .locator('.form-field')
    .filter({ has: page.locator(`[name="${name}"]`) })
export const errorOf = (page: Page, name: string) => row(page, name).locator('mark.field-error')
export const messageBox = (page: Page) => page.locator('textarea#message_3')

/** Tells apart the submissions of repeated runs of a test (`--repeat-each`) on one database. */
export const repetition = () => test.info().repeatEachIndex

export const longMessage = (tag: string) =>
  `Parcel 010-123456-00, 123 Main St, Columbus. Full search back 40 years; closing next Friday. Ref ${tag}.`

/** Opens the page and reaches the form, which loads its behaviour. */
export async function openContactForm(page: Page) {
  await page.goto('/contact')
  await page.getByLabel('Your name').focus()
  await expect(form(page)).toHaveAttribute('data-enhanced', 'true')
}

/** Fills every required field as a visitor would, with the pointer. */
export async function fillValidForm(page: Page, tag: string) {
  await page.getByLabel('Your name').fill('Ada Lovelace')
  await page.getByLabel('Email address').fill('ada@example.com')
  await row(page, 'county').getByRole('combobox').fill('frank')
  await row(page, 'county').getByRole('option', { name: 'Franklin County' }).click()
  await row(page, 'service').getByRole('combobox').click()
  await row(page, 'service').getByRole('option').first().click()
  await page.getByRole('radio', { name: 'Email' }).check()
  await messageBox(page).fill(longMessage(tag))
  await page.getByRole('checkbox', { name: /I agree/ }).check()
}

/** Waits until the proof-of-work captcha has solved its challenge in the browser. */
export async function captchaSolved(page: Page) {
  await expect(form(page).locator('input[name="altcha"]')).toHaveValue(/.+/, { timeout: CAPTCHA_SOLVE_TIMEOUT_MS })
}

/** Holds each request to the contact endpoint until the test lets it through. */
export async function holdContactRequests(page: Page) {
  const held: Route[] = []
  await page.route('**/api/contact', (route) => {
    held.push(route)
  })
  return {
    count: () => held.length,
    next: async () => {
      await expect.poll(() => held.length).toBeGreaterThan(0)
      return held.shift()!
    },
  }
}

/** Ahead of the page's clock, so that pausing never lands in its past while it still runs. */
export const FREEZE_MARGIN_MS = 1000

/** Stops the page's clock (just ahead of now), so that only runFor moves it. */
export async function freezeClock(page: Page) {
  const now = await page.evaluate(() => Date.now())
  await page.clock.pauseAt(now + FREEZE_MARGIN_MS)
}

export async function submissionsMentioning(request: APIRequestContext, tag: string) {
  const token = await adminToken(request)
  const response = await request.get(`/api/form-submissions?limit=50&depth=0&sort=-createdAt`, {
    headers: { Authorization: `JWT ${token}` },
  })
  expect(response.ok()).toBe(true)
  const { docs } = (await response.json()) as { docs: unknown[] }
  return docs.filter((doc) => JSON.stringify(doc).includes(tag))
}

export async function expectValuesKept(page: Page, tag: string) {
  await expect(page.getByLabel('Your name')).toHaveValue('Ada Lovelace')
  await expect(messageBox(page)).toHaveValue(longMessage(tag))
  await expect(form(page).locator('select[name="county"]')).toHaveValue('franklin')
}

/** Counted here, not per file, so that the contact suites' files never hand out one address twice. */
let visitorCount = 0

/** Before a contact-form suite's tests: form 115 as the suite expects it, and a visitor address of each test's own. */
export function prepareContactSuite() {
  /** The suite's starting point, whatever other suites on the same server changed: form 115 asks for the seeded altcha captcha. */
  test.beforeAll(async ({ request }) => {
    const auth = { Authorization: `JWT ${await adminToken(request)}` }
    const form115 = await request.patch(`/api/forms/${CONTACT_FORM_ID}`, { headers: auth, data: { captcha: true } })
    expect(form115.ok()).toBe(true)
    const settings = await request.post('/api/globals/site-settings', {
      headers: auth,
      data: { captcha: { provider: 'altcha' } },
    })
    expect(settings.ok()).toBe(true)
  })

  /**
   * Each test is its own visitor behind the proxy (the endpoint limits sends per client address,
   * and the other suites on this server send too).
   */
  test.beforeEach(async ({ page }, testInfo) => {
    visitorCount++
    await page.setExtraHTTPHeaders({
      'X-Forwarded-For': `198.51.100.${(testInfo.workerIndex * 50 + visitorCount) % 250}`,
    })
  })
}

/** Sets the site's captcha provider through the admin API (`none` lets a browser without JavaScript send). */
export async function setCaptchaProvider(request: APIRequestContext, provider: string): Promise<void> {
  const headers = { Authorization: `JWT ${await adminToken(request)}` }
  const response = await request.post('/api/globals/site-settings', { headers, data: { captcha: { provider } } })
  expect(response.ok()).toBe(true)
}
