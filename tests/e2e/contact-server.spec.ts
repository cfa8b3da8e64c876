import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test'
import { solvedCaptcha } from './support/captcha'
import { CONTACT_FORM_ID } from '../../src/setup/seed/content/forms'
import { CAPTCHA_FORM_FIELDS, SENT_FRAGMENT_SUFFIX } from '../../src/contact/protocol'
import { CSRF_COOKIE, CSRF_ENDPOINT, CSRF_HEADER } from '../../src/security/csrfProtocol'
import { GUARD_MESSAGES } from '../../src/contact/server/guard'
import { EXPORT_CSV_PATH } from '../../src/contact/admin/exportPath'
import { LEGACY_SUCCESS } from '../../src/contact/server/legacyEndpoint'
import { E2E_URL } from '../../playwright.config'
import { adminToken, mailsMentioning } from './helpers'
import { completeContactFields } from '../../bench/lib/contactFields.mjs'

const fields = (name: string) =>
  completeContactFields(name, {
    email: 'e2e@example.com',
    service: 'tax-search',
    message: 'End-to-end request for a tax search on a Franklin County parcel, please.',
  })

const csrfCookieOf = (response: APIResponse) =>
  response
    .headersArray()
    .filter((header) => header.name.toLowerCase() === 'set-cookie')
    .map((header) => header.value)
    .find((value) => value.startsWith(`${CSRF_COOKIE}=`))

/** The token pair a visitor's browser holds once the form's script has asked for it. */
async function pageToken(request: APIRequestContext) {
  const response = await request.get(CSRF_ENDPOINT)
  const { token } = (await response.json()) as { token: string }
  return { cookie: csrfCookieOf(response), meta: token, response }
}

test.describe('contact server', () => {
  test('issues the CSRF token from its endpoint as a SameSite=Lax cookie and the same value in the answer', async ({
    playwright,
  }) => {
    const fresh = await playwright.request.newContext({ baseURL: E2E_URL })
    const { cookie, meta, response } = await pageToken(fresh)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).toMatch(/Path=\//)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(meta).toBeTruthy()
    expect(cookie!.split(';')[0]).toBe(`${CSRF_COOKIE}=${meta}`)
    expect(response.headers()['cache-control']).toMatch(/no-store/)
    // Asked again with the cookie, the endpoint keeps the visitor's token.
    const again = await fresh.get(CSRF_ENDPOINT)
    expect((await again.json()).token).toBe(meta)
    expect(csrfCookieOf(again)).toBeUndefined()
    await fresh.dispose()
  })

  test('replaces a token cookie it did not sign', async ({ playwright }) => {
    const fresh = await playwright.request.newContext({ baseURL: E2E_URL })
    const forged = `${'A'.repeat(22)}.${'B'.repeat(43)}`
    const response = await fresh.get(CSRF_ENDPOINT, { headers: { Cookie: `${CSRF_COOKIE}=${forged}` } })
    const { token } = await response.json()
    expect(token).not.toBe(forged)
    expect(csrfCookieOf(response)!.split(';')[0]).toBe(`${CSRF_COOKIE}=${token}`)
    await fresh.dispose()
  })

  test('pages carry no token and set no cookie, so every visitor gets the same page', async ({ playwright }) => {
    const fresh = await playwright.request.newContext({ baseURL: E2E_URL })
    const page = await fresh.get('/contact')
    expect(page.headers()['set-cookie']).toBeUndefined()
    const html = await page.text()
    expect(html).not.toContain('csrf')
    expect(await (await fresh.get('/contact')).text()).toBe(html)
    await fresh.dispose()
  })

  test('stores a JSON post and its email goes out through the queue without another request', async ({ request }) => {
    const marker = `E2E Json ${Date.now()}`
    const { meta } = await pageToken(request)
    const response = await request.post('/api/contact', {
      headers: { [CSRF_HEADER]: meta!, Origin: E2E_URL },
      data: { formId: CONTACT_FORM_ID, fields: fields(marker), captcha: await solvedCaptcha(request) },
    })
    expect(response.status()).toBe(200)
    expect(await response.json()).toMatchObject({ ok: true })
    await expect.poll(() => mailsMentioning(marker), { timeout: 20_000 }).toBe(1)
  })

  test('refuses a replayed captcha answer with 403 captcha', async ({ request }) => {
    const { meta } = await pageToken(request)
    const captcha = await solvedCaptcha(request)
    const post = () =>
      request.post('/api/contact', {
        headers: { [CSRF_HEADER]: meta! },
        data: { formId: CONTACT_FORM_ID, fields: fields(`E2E Replay ${Date.now()}`), captcha },
      })
    expect((await post()).status()).toBe(200)
    const replay = await post()
    expect(replay.status()).toBe(403)
    expect(await replay.json()).toEqual({ ok: false, error: 'captcha' })
  })

  test('refuses a JSON post without the token and one from another origin', async ({ request }) => {
    await pageToken(request)
    const noToken = await request.post('/api/contact', { data: { formId: CONTACT_FORM_ID, fields: fields('x') } })
    expect(noToken.status()).toBe(403)
    const { meta } = await pageToken(request)
    const crossOrigin = await request.post('/api/contact', {
      headers: { [CSRF_HEADER]: meta!, Origin: 'https://evil.example' },
      data: { formId: CONTACT_FORM_ID, fields: fields('x') },
    })
    expect(crossOrigin.status()).toBe(403)
  })

  test('answers the no-JavaScript form (no token, the browser’s same-origin Origin) with a 303 back to the page', async ({
    request,
  }) => {
    const marker = `E2E NoScript ${Date.now()}`
    const form: Record<string, string> = {
      formId: String(CONTACT_FORM_ID),
      [CAPTCHA_FORM_FIELDS.altcha]: await solvedCaptcha(request),
    }
    for (const { name, value } of fields(marker)) form[name] = value
    const response = await request.post('/api/contact', {
      form,
      headers: { Origin: E2E_URL, Referer: `${E2E_URL}/contact` },
      maxRedirects: 0,
    })
    expect(response.status()).toBe(303)
    expect(response.headers()['location']).toBe(`/contact#contact-form-${CONTACT_FORM_ID}${SENT_FRAGMENT_SUFFIX}`)
    await expect.poll(() => mailsMentioning(marker), { timeout: 20_000 }).toBe(1)
  })

  for (const [what, headers] of [
    ['another site’s Origin', { Origin: 'https://evil.example' }],
    ['Sec-Fetch-Site: cross-site and no Origin', { 'Sec-Fetch-Site': 'cross-site' }],
    ['neither Origin nor Sec-Fetch-Site', {}],
  ] as const) {
    test(`refuses a no-JavaScript post without a token that has ${what}`, async ({ request }) => {
      const marker = `E2E NoScript refused ${Date.now()}`
      const form: Record<string, string> = { formId: String(CONTACT_FORM_ID) }
      for (const { name, value } of fields(marker)) form[name] = value
      const response = await request.post('/api/contact', { form, headers, maxRedirects: 0 })
      expect(response.status()).toBe(403)
      const text = await response.text()
      expect(text).toContain(
        'Origin' in headers || 'Sec-Fetch-Site' in headers ? GUARD_MESSAGES.crossOrigin : GUARD_MESSAGES.csrf,
      )
      expect(mailsMentioning(marker)).toBe(0)
    })
  }

  test('serves the legacy POST /index.php and answers s', async ({ request }) => {
    const marker = `E2E Legacy ${Date.now()}`
    const { meta } = await pageToken(request)
    const data = new URLSearchParams(fields(marker).map(({ name, value }) => [name, value] as [string, string]))
    const response = await request.post('/index.php', {
      headers: { [CSRF_HEADER]: meta!, Origin: E2E_URL },
      form: {
        option: 'com_ajax',
        module: 'contact',
        format: 'raw',
        data: data.toString(),
        method: 'recaptcha',
        'g-recaptcha-response': await solvedCaptcha(request),
        recaptcha_challenge_field: '',
        recaptcha_response_field: '',
      },
    })
    expect(response.status()).toBe(200)
    expect(await response.text()).toBe(LEGACY_SUCCESS)
    await expect.poll(() => mailsMentioning(marker), { timeout: 20_000 }).toBe(1)
  })

  test('lets an admin download the submissions as CSV, and nobody else', async ({ request, playwright }) => {
    const token = await adminToken(request)
    const csv = await request.get('/api/form-submissions/export.csv', { headers: { Authorization: `JWT ${token}` } })
    expect(csv.status()).toBe(200)
    expect(csv.headers()['content-type']).toContain('text/csv')
    expect(await csv.text()).toContain('"deliveryStatus"')
    const anonymous = await playwright.request.newContext({ baseURL: E2E_URL })
    expect((await anonymous.get('/api/form-submissions/export.csv')).status()).toBe(401)
    await anonymous.dispose()
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

  test('serves a proof-of-work challenge', async ({ request }) => {
    const response = await request.get('/api/captcha/challenge')
    expect(response.status()).toBe(200)
    expect(await response.json()).toMatchObject({ algorithm: 'SHA-256', signature: expect.any(String) })
  })
})
