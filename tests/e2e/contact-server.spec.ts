// The contact pipeline where only the running production server shows it. Each rule of a request and
// its answer is an HTTP test in Vitest (docs/tests.md lists where each one went).
import { expect, test } from '@playwright/test'
import { solvedCaptcha } from './support/captcha'
import { CONTACT_FORM_ID } from '../../src/setup/seed/content/forms'
import { CSRF_ENDPOINT, CSRF_HEADER } from '../../src/security/csrfProtocol'
import { EXPORT_CSV_PATH } from '../../src/contact/admin/exportPath'
import { E2E_URL } from '../../playwright.config'
import { adminToken, mailsMentioning } from './helpers'
import { completeContactFields } from '../../bench/lib/contactFields.mjs'

const fields = (name: string) =>
  completeContactFields(name, {
    email: 'e2e@example.com',
    service: 'tax-search',
    message: 'End-to-end request for a tax search on a Franklin County parcel, please.',
  })

test.describe('contact server', () => {
  // Next runs the delivery kick after the answer is sent (`after()`), which only the real server does.
  test('stores a JSON post and its email goes out through the queue without another request', async ({ request }) => {
    const marker = `E2E Json ${Date.now()}`
    const { token } = (await (await request.get(CSRF_ENDPOINT)).json()) as { token: string }
    const response = await request.post('/api/contact', {
      headers: { [CSRF_HEADER]: token, Origin: E2E_URL },
      data: { formId: CONTACT_FORM_ID, fields: fields(marker), captcha: await solvedCaptcha(request) },
    })
    expect(response.status()).toBe(200)
    expect(await response.json()).toMatchObject({ ok: true })
    await expect.poll(() => mailsMentioning(marker), { timeout: 20_000 }).toBe(1)
  })

  test('offers the CSV download above the submissions list in the admin', async ({ page, request }) => {
    const token = await adminToken(request)
    await page.context().addCookies([{ name: 'payload-token', value: token, url: E2E_URL }])
    await page.goto('/admin/collections/form-submissions')
    const link = page.getByRole('link', { name: 'Export all as CSV' })
    await expect(link).toHaveAttribute('href', EXPORT_CSV_PATH)
    const download = page.waitForEvent('download')
    await link.click()
    expect((await download).suggestedFilename()).toMatch(/\.csv$/)
  })
})
