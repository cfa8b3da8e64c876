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
 * Fills an admin field and waits for the admin's round trip that re-checks the form on the server
 * after a change, so that a save made next is not overtaken by that answer.
 */
export async function fillAndSettle(page: Page, field: Locator, value: string): Promise<void> {
  const checked = page.waitForResponse(
    (response) => response.request().method() === 'POST' && 'next-action' in response.request().headers(),
  )
  await field.fill(value)
  await checked
}
