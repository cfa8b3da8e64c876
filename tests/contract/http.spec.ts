import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { E2E_URL } from '../../playwright.config'
import { adminToken } from '../e2e/helpers'
import { solvedCaptcha } from '../e2e/support/captcha'
import { captchaSolved, fillValidForm, openContactForm } from '../e2e/support/contactForm'
import { COLLECT_MAX_BYTES, COLLECT_MAX_EVENTS, CONTACT_FORM_ID, MESSAGE_MIN_CHARS } from './contract'

/** DESIGN.md, "Public contract", "HTTP": real requests against the server, each test one clause. */

/** Form 115's required fields as a client posts them (the seeded form's field names are content). */
const fieldsWith = (message: string, email = 'contract@example.com') => [
  { name: 'name', value: 'Contract Suite' },
  { name: 'email', value: email },
  { name: 'county', value: 'franklin' },
  { name: 'service', value: 'tax-search' },
  { name: 'contactPreference', value: 'email' },
  { name: 'message', value: message },
  { name: 'consent', value: 'on' },
]
const validMessage = (tag: string) =>
  `Contract suite request ${tag}: a tax search on a Franklin County parcel, with the treasurer's statement please.`

/**
 * Each request a visitor of its own behind the trusted front (the contact endpoint limits sends per
 * client address, and other suites send on the same server).
 */
const visitor = () => ({
  'X-Forwarded-For': `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`,
})

/**
 * Where the form's behaviour gets its token: the contract names the cookie (csrf_token), not the
 * endpoint's path, so the path is taken from what a browser on the contact page asks.
 */
let tokenPath = ''

/** Whether a response sets the csrf_token cookie. */
const setsCsrfCookie = (headers: { name: string; value: string }[]) =>
  headers.some((header) => header.name.toLowerCase() === 'set-cookie' && /^csrf_token=/.test(header.value))

async function findTokenPath(page: Page) {
  const tokenResponse = page.waitForResponse(async (response) => setsCsrfCookie(await response.headersArray()))
  await openContactForm(page)
  return new URL((await tokenResponse).url()).pathname
}

/** The visitor's double-submit token: the csrf_token cookie the endpoint sets (kept by `request` from here on). */
async function csrfToken(request: APIRequestContext, headers: Record<string, string>) {
  await request.get(tokenPath, { headers })
  const cookie = (await request.storageState()).cookies.find((c) => c.name === 'csrf_token')
  expect(cookie?.value).toBeTruthy()
  return cookie!.value
}

test.beforeAll(async ({ browser, request }) => {
  // Form 115 asks for the seeded proof-of-work captcha, whatever other suites on this server changed.
  const auth = { Authorization: `JWT ${await adminToken(request)}` }
  expect((await request.patch(`/api/forms/${CONTACT_FORM_ID}`, { headers: auth, data: { captcha: true } })).ok()).toBe(
    true,
  )
  const settings = await request.post('/api/globals/site-settings', {
    headers: auth,
    data: { captcha: { provider: 'altcha' } },
  })
  expect(settings.ok()).toBe(true)
  const context = await browser.newContext()
  tokenPath = await findTokenPath(await context.newPage())
  await context.close()
})

test('contract: POST /api/contact takes JSON { formId, fields: [{ name, value }], captcha } with X-CSRF-Token and answers { ok: true }', async ({
  request,
}) => {
  const headers = visitor()
  const token = await csrfToken(request, headers)
  const response = await request.post('/api/contact', {
    headers: { ...headers, 'X-CSRF-Token': token },
    data: { formId: CONTACT_FORM_ID, fields: fieldsWith(validMessage('json')), captcha: await solvedCaptcha(request) },
  })
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toContain('application/json')
  expect(await response.json()).toMatchObject({ ok: true })
})

test('contract: POST /api/contact answers 400 with ok, error and fieldErrors for invalid fields, by the browser’s rules', async ({
  request,
}) => {
  const headers = visitor()
  const token = await csrfToken(request, headers)
  const response = await request.post('/api/contact', {
    headers: { ...headers, 'X-CSRF-Token': token },
    data: {
      formId: CONTACT_FORM_ID,
      fields: fieldsWith('x'.repeat(MESSAGE_MIN_CHARS - 1), 'not-an-address'),
      captcha: await solvedCaptcha(request),
    },
  })
  expect(response.status()).toBe(400)
  const answer = await response.json()
  expect(answer).toMatchObject({ ok: false, error: expect.any(String) })
  expect(answer.fieldErrors).toMatchObject({
    message: 'Please enter at least 50 characters.',
    email: 'Please enter a valid email address.',
  })
})

test('contract: POST /api/contact answers 403 without a valid X-CSRF-Token', async ({ request }) => {
  const headers = visitor()
  const token = await csrfToken(request, headers)
  const data = { formId: CONTACT_FORM_ID, fields: fieldsWith(validMessage('no-token')) }
  const missing = await request.post('/api/contact', { headers, data })
  expect(missing.status()).toBe(403)
  expect(await missing.json()).toMatchObject({ ok: false, error: expect.any(String) })
  const wrong = await request.post('/api/contact', { headers: { ...headers, 'X-CSRF-Token': `${token}x` }, data })
  expect(wrong.status()).toBe(403)
})

test('contract: a captcha failure answers 403 { "ok": false, "error": "captcha" }', async ({ request }) => {
  const headers = visitor()
  const token = await csrfToken(request, headers)
  const response = await request.post('/api/contact', {
    headers: { ...headers, 'X-CSRF-Token': token },
    data: { formId: CONTACT_FORM_ID, fields: fieldsWith(validMessage('captcha')), captcha: 'forged' },
  })
  expect(response.status()).toBe(403)
  expect(await response.json()).toEqual({ ok: false, error: 'captcha' })
})

test('contract: POST /api/contact answers 413 when the request is too large', async ({ request }) => {
  const headers = visitor()
  const token = await csrfToken(request, headers)
  const response = await request.post('/api/contact', {
    headers: { ...headers, 'X-CSRF-Token': token },
    data: { formId: CONTACT_FORM_ID, fields: fieldsWith('x'.repeat(1024 * 1024)) },
  })
  expect(response.status()).toBe(413)
  expect(await response.json()).toMatchObject({ ok: false, error: expect.any(String) })
})

test('contract: POST /api/contact answers 429 when the sender is rate limited', async ({ request }) => {
  const headers = visitor()
  const token = await csrfToken(request, headers)
  const statuses: number[] = []
  // The contract fixes no allowance: one sender posts until refused (invalid posts count too).
  for (let post = 0; post < 100 && !statuses.includes(429); post++) {
    const response = await request.post('/api/contact', {
      headers: { ...headers, 'X-CSRF-Token': token },
      data: { formId: CONTACT_FORM_ID, fields: fieldsWith('too short') },
    })
    statuses.push(response.status())
    if (response.status() === 429) expect(await response.json()).toMatchObject({ ok: false, error: expect.any(String) })
  }
  expect(statuses).toContain(429)
  expect(statuses[0]).toBe(400)
})

test('contract: the legacy POST /index.php (option=com_ajax, module, format=raw, data, captcha fields) answers s on success, otherwise the error text', async ({
  request,
}) => {
  const headers = { ...visitor(), Origin: E2E_URL }
  const post = async (message: string) =>
    request.post('/index.php', {
      headers,
      form: {
        option: 'com_ajax',
        // The contract leaves the module's name to the site: its contact form answers to `contact`.
        module: 'contact',
        format: 'raw',
        data: new URLSearchParams(fieldsWith(message).map(({ name, value }) => [name, value])).toString(),
        method: 'recaptcha',
        'g-recaptcha-response': await solvedCaptcha(request),
        recaptcha_challenge_field: '',
        recaptcha_response_field: '',
      },
    })
  const sent = await post(validMessage('legacy'))
  expect(await sent.text()).toBe('s')
  const refused = await post('x'.repeat(MESSAGE_MIN_CHARS - 1))
  expect(await refused.text()).toContain('Please enter at least 50 characters.')
})

test('contract: CSRF is double submit: pages carry nothing per visitor, the form gets its token from an endpoint that sets csrf_token, and the fetch helper sends it as X-CSRF-Token', async ({
  playwright,
  page,
}) => {
  // Two visitors get the same page, which sets no cookie.
  const pages = await Promise.all(
    [1, 2].map(async () => {
      const visitorContext = await playwright.request.newContext({ baseURL: E2E_URL })
      const response = await visitorContext.get('/contact')
      const answer = {
        cookies: response.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie'),
        html: await response.text(),
      }
      await visitorContext.dispose()
      return answer
    }),
  )
  expect(pages[0].cookies).toEqual([])
  expect(pages[1].html).toBe(pages[0].html)

  // The form's behaviour asks for the token as it loads; the endpoint sets the cookie and returns it.
  const tokenResponse = page.waitForResponse(async (response) => setsCsrfCookie(await response.headersArray()))
  await page.setExtraHTTPHeaders(visitor())
  await openContactForm(page)
  // The cookie is there once the endpoint has answered (the form may be enhanced before that).
  const tokenText = await (await tokenResponse).text()
  const cookie = (await page.context().cookies()).find((c) => c.name === 'csrf_token')!
  expect(cookie.value).toBeTruthy()
  expect(tokenText).toContain(cookie.value)

  // A write to this site through the site's fetch helper carries it.
  await fillValidForm(page, 'contract-csrf')
  await captchaSolved(page)
  const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/contact'))
  await page.route('**/api/contact', (route) => route.abort())
  await page.locator(`form#contact-form-${CONTACT_FORM_ID} button[type="submit"]`).click()
  expect((await sent).headers()['x-csrf-token']).toBe(cookie.value)
})

test('contract: a post without JavaScript (no token) is checked by Origin / Sec-Fetch-Site', async ({ request }) => {
  const form = Object.fromEntries([
    ['formId', String(CONTACT_FORM_ID)],
    ...fieldsWith('x'.repeat(MESSAGE_MIN_CHARS - 1)).map(({ name, value }) => [name, value]),
  ])
  const post = (headers: Record<string, string>) =>
    request.post('/api/contact', { form, headers: { ...visitor(), ...headers }, maxRedirects: 0 })
  expect((await post({ Origin: 'https://elsewhere.example' })).status()).toBe(403)
  expect((await post({ 'Sec-Fetch-Site': 'cross-site' })).status()).toBe(403)
  // From this site (the browser's own word), the post is read: here, refused for its short message.
  const sameSite = await post({ Origin: E2E_URL, 'Sec-Fetch-Site': 'same-origin' })
  expect(sameSite.status()).not.toBe(403)
  expect(sameSite.status()).toBeLessThan(500)
})

test('contract: POST /api/collect takes up to 20 events and 16384 bytes; more than 20 events: 400; one event over 16384 bytes: 413', async ({
  request,
}) => {
  const headers = visitor()
  const event = (i: number, props?: Record<string, string>) => ({
    name: 'page_view',
    url: `${E2E_URL}/pricing?contract=${i}`,
    ts: Date.now(),
    referrer: `${E2E_URL}/`,
    ...(props ? { props } : {}),
  })
  const collect = (events: object[]) => request.post('/api/collect', { headers, data: { events } })

  // Twenty events, filling the body close to its limit.
  let width = 250
  const full = () =>
    Array.from({ length: COLLECT_MAX_EVENTS }, (_, i) =>
      event(i, { a: 'x'.repeat(width), b: 'y'.repeat(width), c: 'z'.repeat(width) }),
    )
  while (JSON.stringify({ events: full() }).length > COLLECT_MAX_BYTES) width -= 5
  expect(JSON.stringify({ events: full() }).length).toBeGreaterThan(COLLECT_MAX_BYTES - 1000)
  const accepted = await collect(full())
  expect(accepted.status(), await accepted.text()).toBeLessThan(300)

  expect((await collect(Array.from({ length: COLLECT_MAX_EVENTS + 1 }, (_, i) => event(i)))).status()).toBe(400)
  expect((await collect([event(0, { a: 'z'.repeat(COLLECT_MAX_BYTES) })])).status()).toBe(413)
})

test('contract: /admin is the login page and the create-first-user screen is never reachable', async ({ page }) => {
  await page.goto('/admin')
  await expect(page.locator('input[type="password"]')).toBeVisible()
  await expect(page).toHaveURL(/\/admin(\/login)?(\?.*)?$/)
  await page.goto('/admin/create-first-user')
  await expect(page.locator('input[type="password"]')).toBeVisible()
  await expect(page).not.toHaveURL(/create-first-user/)
  await expect(page.locator('input[type="password"]')).toHaveCount(1)
})
