import { expect, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test'
import { E2E_URL } from '../../../playwright.config'
import { adminToken } from '../helpers'

/** Signs the browser in as the e2e server's first admin, with the session cookie the admin sets. */
export async function signInAsAdmin(context: BrowserContext, request: APIRequestContext): Promise<string> {
  const token = await adminToken(request)
  await context.addCookies([{ name: 'payload-token', value: token, url: E2E_URL, httpOnly: true, sameSite: 'Lax' }])
  return token
}

/** Opens an admin screen and waits until the admin's own interface has taken over the page. */
export async function openAdmin(page: Page, path: string): Promise<void> {
  await page.goto(`/admin${path}`)
  await page.locator('.template-default, .template-minimal').first().waitFor()
}

/**
 * Time a test that drives the admin may take. Its screens are heavy and the shared machines are
 * noisy; the suite's default allowance is sized for site pages.
 */
export const ADMIN_TEST_TIMEOUT_MS = 120_000

/**
 * Time an expectation on an admin screen may wait: what it waits for is often a server round trip
 * (a form-state check, a save), which on a busy machine takes longer than the suite's default.
 */
export const ADMIN_EXPECT_TIMEOUT_MS = 25_000

/** `expect` for the admin's screens, with their longer wait. */
export const adminExpect = expect.configure({ timeout: ADMIN_EXPECT_TIMEOUT_MS })

/**
 * Waits until React has taken over a field the server rendered (hydration attaches its handlers to
 * the element). Keys typed before that reach the input but not the form's state, which then puts the
 * field back as it was: on a loaded machine, a test that types at once loses what it typed.
 */
export async function untilHydrated(field: Locator): Promise<void> {
  await adminExpect
    .poll(() => field.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'))))
    .toBe(true)
}

/** How long one try of a step the editor repeats may take. */
const RETRIED_STEP_MS = 3_000

/**
 * Opens the block picker of a page's layout, until `card` (one of its blocks) shows: a click on
 * "Add Layout" is lost before React has taken the button over, and on a loaded machine also while
 * the form is still settling, so the editor clicks again.
 */
export async function openBlockPicker(page: Page, card: Locator): Promise<void> {
  const addLayout = page.getByRole('button', { name: 'Add Layout' })
  await untilHydrated(addLayout)
  await adminExpect(async () => {
    if (!(await card.isVisible())) await addLayout.click({ timeout: RETRIED_STEP_MS })
    await expect(card).toBeVisible({ timeout: RETRIED_STEP_MS })
  }).toPass({ timeout: ADMIN_EXPECT_TIMEOUT_MS })
}

/**
 * Fills an admin field and waits for the admin's round trip that re-checks the form on the server
 * after a change, so that a save made next is not overtaken by that answer.
 */
export async function fillAndSettle(page: Page, field: Locator, value: string): Promise<void> {
  const checked = page.waitForResponse(
    (response) => response.request().method() === 'POST' && 'next-action' in response.request().headers(),
  )
  await untilHydrated(field)
  await field.fill(value)
  await checked
}

/**
 * The answer to the admin's next save of page `id`: an autosave (`?autosave=true`, sent a moment
 * after typing) or, with `autosave: false`, a press of Save Draft or Publish.
 */
export function pageSaved(
  page: Page,
  id: number | string,
  { autosave = false, timeout }: { autosave?: boolean; timeout?: number } = {},
) {
  return page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' &&
      new URL(response.url()).pathname === `/api/pages/${id}` &&
      (new URL(response.url()).searchParams.get('autosave') === 'true') === autosave,
    { timeout },
  )
}

/** How long the admin's server round trips must have been quiet before an editor's next click. */
const QUIET_MS = 600

/**
 * Fills an admin field and waits until the admin's server round trips (its form-state checks)
 * have all answered and none has started for a moment, as an editor who pauses before clicking.
 */
export async function fillAndWaitForChecks(page: Page, field: Locator, value: string): Promise<void> {
  let inFlight = 0
  let lastActivity = Date.now()
  const isCheck = (request: { method(): string; headers(): Record<string, string> }) =>
    request.method() === 'POST' && 'next-action' in request.headers()
  const started = (request: Parameters<typeof isCheck>[0]) => {
    if (!isCheck(request)) return
    inFlight++
    lastActivity = Date.now()
  }
  const ended = (request: Parameters<typeof isCheck>[0]) => {
    if (!isCheck(request)) return
    inFlight = Math.max(0, inFlight - 1)
    lastActivity = Date.now()
  }
  page.on('request', started)
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  try {
    await untilHydrated(field)
    await field.fill(value)
    await expect
      .poll(() => inFlight === 0 && Date.now() - lastActivity >= QUIET_MS, { timeout: ADMIN_EXPECT_TIMEOUT_MS })
      .toBe(true)
  } finally {
    page.off('request', started)
    page.off('requestfinished', ended)
    page.off('requestfailed', ended)
  }
}

/** The longest an edit may take to reach visitors (the front's cache keeps an answer a second). */
export const EDIT_VISIBLE_MS = 2000

export type Auth = { Authorization: string }

/** Publishes a page with a hero through the API; its id and public address. */
export async function publishPage(request: APIRequestContext, auth: Auth, slug: string, title: string) {
  const created = await request.post('/api/pages', {
    headers: auth,
    data: { title, slug, layout: [{ blockType: 'hero', heading: title }], _status: 'published' },
  })
  expect(created.ok()).toBe(true)
  return (await created.json()).doc as { id: number; path: string }
}
