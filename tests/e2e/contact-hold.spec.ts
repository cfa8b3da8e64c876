import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { E2E_URL } from '../../playwright.config'
import { ACTION_MESSAGES } from '../../src/contact/inbox/protocol'
import { HELD_ANSWER, NEEDS_JAVASCRIPT_TEXT } from '../../src/contact/server/noScriptAnswer'
import { adminToken } from './helpers'

type Submission = { id: number; summary?: string; deliveryStatus?: string }

const form = (page: Page) => page.locator('#contact-form-115')

async function setCaptcha(request: APIRequestContext, captcha: { provider: string; holdWithoutJavaScript: boolean }) {
  const response = await request.post('/api/globals/site-settings', {
    headers: { Authorization: `JWT ${await adminToken(request)}` },
    data: { captcha },
  })
  expect(response.ok()).toBe(true)
}

async function submissionNamed(request: APIRequestContext, name: string): Promise<Submission | undefined> {
  const response = await request.get(
    `/api/form-submissions?depth=0&limit=5&where[summary][like]=${encodeURIComponent(name)}`,
    { headers: { Authorization: `JWT ${await adminToken(request)}` } },
  )
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { docs: Submission[] }).docs[0]
}

/** Fills the plain form as a visitor without JavaScript does, with the browser's own controls. */
async function fillPlainForm(page: Page, name: string) {
  await page.goto('/contact')
  await expect(form(page).locator('select[name="county"]')).toBeVisible()
  await page.getByLabel('Your name').fill(name)
  await page.getByLabel('Email address').fill('plain.visitor@example.com')
  await form(page).locator('select[name="county"]').selectOption('franklin')
  await form(page).locator('select[name="service"]').selectOption('lien-search')
  await page.getByRole('radio', { name: 'Phone' }).check()
  await page
    .locator('textarea#message_3')
    .fill('Parcel 010-123456-00, 123 Main St, Columbus. A lien search, please, before the closing next week.')
  await page.getByRole('checkbox', { name: /I agree/ }).check()
  await form(page).getByRole('button', { name: 'Send request' }).click()
}

test.describe.serial('a visitor without JavaScript and the proof-of-work captcha', () => {
  let heldId: number

  test.afterAll(async ({ request }) => {
    await setCaptcha(request, { provider: 'altcha', holdWithoutJavaScript: true })
  })

  test.describe('in a browser with JavaScript off', () => {
    test.use({ javaScriptEnabled: false })

    test('sends the form and reads that it was received and will be reviewed by hand', async ({
      browser,
      page,
      request,
    }) => {
      await setCaptcha(request, { provider: 'altcha', holdWithoutJavaScript: true })
      await fillPlainForm(page, 'Plain Held Visitor')
      await expect(page.getByRole('heading', { level: 1, name: HELD_ANSWER.title })).toBeVisible()
      await expect(page.getByRole('status')).toHaveText(HELD_ANSWER.text)
      // axe needs script, which this page has off: check the same markup in a page that has it.
      const checker = await browser.newContext({ javaScriptEnabled: true })
      const copy = await checker.newPage()
      await copy.setContent(await page.content())
      const { violations } = await new AxeBuilder({ page: copy }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()
      await checker.close()
      expect(violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))).toEqual([])
      const stored = await submissionNamed(request, 'Plain Held Visitor')
      expect(stored?.deliveryStatus).toBe('held')
      heldId = stored!.id
    })

    test('is told the form needs JavaScript, input kept, when the site does not hold such messages', async ({
      page,
      request,
    }) => {
      await setCaptcha(request, { provider: 'altcha', holdWithoutJavaScript: false })
      await fillPlainForm(page, 'Plain Refused Visitor')
      await expect(page.getByRole('alert')).toHaveText(NEEDS_JAVASCRIPT_TEXT)
      await expect(page.getByLabel('Your name')).toHaveValue('Plain Refused Visitor')
      await expect(page.locator('textarea#message_3')).toHaveValue(/Parcel 010-123456-00/)
      expect(await submissionNamed(request, 'Plain Refused Visitor')).toBeUndefined()
    })
  })

  // That a message is released once (a second release answers 409) is tested in tests/integration/inbox-actions.test.ts.
  test('an admin finds the held message by its status and releases it for delivery', async ({ page, request }) => {
    const token = await adminToken(request)
    await page.context().addCookies([{ name: 'payload-token', value: token, url: E2E_URL }])
    await page.goto('/admin/collections/form-submissions?where[deliveryStatus][equals]=held')
    await expect(page.getByRole('link', { name: /Plain Held Visitor/ })).toBeVisible()
    await page.goto(`/admin/collections/form-submissions/${heldId}`)
    const button = page.getByRole('button', { name: 'Release for delivery' })
    await button.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByText(ACTION_MESSAGES.done.release)).toBeVisible()
    await expect.poll(async () => (await submissionNamed(request, 'Plain Held Visitor'))?.deliveryStatus).toBe('outbox')
  })
})
