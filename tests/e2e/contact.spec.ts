import { type APIRequestContext, expect, type Page, type Route, test } from '@playwright/test'
import { LEAD_EVENT } from '../../src/analytics/events'
import { CONTACT_FAILURE_TEXT, CONTACT_REQUEST_TIMEOUT_MS } from '../../src/contact/client'
import { SENT_FRAGMENT_SUFFIX } from '../../src/contact/protocol'
import { CSRF_HEADER } from '../../src/security/csrfProtocol'
import { GUARD_MESSAGES } from '../../src/contact/server/guard'
import { SUBMIT_MESSAGES } from '../../src/contact/server/submit'
import { CONTACT_FORM_ID, CONTACT_MESSAGE_MIN_LENGTH, SEED_FORMS } from '../../src/cms/seed/content/forms'
import { SINGLE_PLACEHOLDER } from '../../src/forms/dropdown/model'
import { CAPTCHA_FAILED_TEXT } from '../../src/contact/form/attachForm'
import { MESSAGE_DISPLAY_MS, SENDING_TEXT } from '../../src/contact/form/messageArea'
import { formatMessage, MESSAGES } from '../../src/forms/validation'
import { adminToken } from './helpers'
import { seriousAxeViolations } from './support/axe'

const SUCCESS_TEXT = String(SEED_FORMS[0].data.successMessage)
const CAPTCHA_SOLVE_TIMEOUT_MS = 30_000

const form = (page: Page) => page.locator('#contact-form-115')
const messageArea = (page: Page) => form(page).locator('.form-message')
const sendButton = (page: Page) => form(page).getByRole('button', { name: 'Send request' })
const row = (page: Page, name: string) =>
  form(page)
    .locator('.form-field')
    .filter({ has: page.locator(`[name="${name}"]`) })
const errorOf = (page: Page, name: string) => row(page, name).locator('mark.field-error')
const messageBox = (page: Page) => page.locator('textarea#message_3')

/** Tells apart the submissions of repeated runs of a test (`--repeat-each`) on one database. */
const repetition = () => test.info().repeatEachIndex

const longMessage = (tag: string) =>
  `Parcel 010-123456-00, 123 Main St, Columbus. Full search back 40 years; closing next Friday. Ref ${tag}.`

/** Opens the page and reaches the form, which loads its behaviour. */
async function openContactForm(page: Page) {
  await page.goto('/contact')
  await page.getByLabel('Your name').focus()
  await expect(form(page)).toHaveAttribute('data-enhanced', 'true')
}

/** Fills every required field as a visitor would, with the pointer. */
async function fillValidForm(page: Page, tag: string) {
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
async function captchaSolved(page: Page) {
  await expect(form(page).locator('input[name="altcha"]')).toHaveValue(/.+/, { timeout: CAPTCHA_SOLVE_TIMEOUT_MS })
}

/** Holds each request to the contact endpoint until the test lets it through. */
async function holdContactRequests(page: Page) {
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
const FREEZE_MARGIN_MS = 1000

/** Stops the page's clock (just ahead of now), so that only runFor moves it. */
async function freezeClock(page: Page) {
  const now = await page.evaluate(() => Date.now())
  await page.clock.pauseAt(now + FREEZE_MARGIN_MS)
}

async function submissionsMentioning(request: APIRequestContext, tag: string) {
  const token = await adminToken(request)
  const response = await request.get(`/api/form-submissions?limit=50&depth=0&sort=-createdAt`, {
    headers: { Authorization: `JWT ${token}` },
  })
  expect(response.ok()).toBe(true)
  const { docs } = (await response.json()) as { docs: unknown[] }
  return docs.filter((doc) => JSON.stringify(doc).includes(tag))
}

async function expectValuesKept(page: Page, tag: string) {
  await expect(page.getByLabel('Your name')).toHaveValue('Ada Lovelace')
  await expect(messageBox(page)).toHaveValue(longMessage(tag))
  await expect(form(page).locator('select[name="county"]')).toHaveValue('franklin')
}

/** This suite's starting point, whatever other suites on the same server changed: form 115 asks for the seeded altcha captcha. */
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
let visitorCount = 0
test.beforeEach(async ({ page }, testInfo) => {
  visitorCount++
  await page.setExtraHTTPHeaders({
    'X-Forwarded-For': `198.51.100.${(testInfo.workerIndex * 50 + visitorCount) % 250}`,
  })
})

test.describe('contact form loading', () => {
  test('loads no form script before the visitor reaches the form, and enhances it on arrival', async ({ page }) => {
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url())
    })
    await page.goto('/contact', { waitUntil: 'networkidle' })
    await expect(form(page)).not.toHaveAttribute('data-enhanced', /.*/)
    // Until then the browser's own selects do the job.
    await expect(form(page).locator('[role="combobox"][aria-controls]')).toHaveCount(0)
    const before = scripts.length
    await page.getByLabel('Your name').focus()
    await expect(form(page)).toHaveAttribute('data-enhanced', 'true')
    expect(scripts.length).toBeGreaterThan(before)
    await expect(form(page).locator('[role="combobox"][aria-controls]')).toHaveCount(3)
  })
})

test.describe('a send that arrives before the form behaviour has loaded', () => {
  /** From now on, holds every script the page asks for (the form behaviour's among them) until released. */
  async function holdLateScripts(page: Page) {
    const held: Route[] = []
    let released = false
    await page.route('**/_next/static/chunks/**', (route) => {
      if (released) return route.continue()
      held.push(route)
    })
    return {
      count: () => held.length,
      release: async () => {
        released = true
        for (const route of held.splice(0)) await route.continue()
      },
    }
  }

  type Bubbles = { fired: number; checked: number; left: string[] }

  /** Notes each field the browser was left to report with its own bubble (an `invalid` event nobody took). */
  async function watchBrowserBubbles(page: Page) {
    await page.evaluate(() => {
      const seen: Bubbles = { fired: 0, checked: 0, left: [] }
      ;(window as never as { bubbles: Bubbles }).bubbles = seen
      window.addEventListener(
        'invalid',
        (event) => {
          seen.fired++
          // Read once every listener has run.
          setTimeout(() => {
            if (!event.defaultPrevented) seen.left.push((event.target as Element).getAttribute('name') ?? '')
            seen.checked++
          })
        },
        true,
      )
    })
    return async () => {
      const read = () => page.evaluate(() => (window as never as { bubbles: Bubbles }).bubbles)
      await expect.poll(async () => (await read()).fired).toBeGreaterThan(0)
      await expect
        .poll(async () => {
          const seen = await read()
          return seen.checked === seen.fired
        })
        .toBe(true)
      return (await read()).left
    }
  }

  test("an empty form sent at once gets the site's messages under its fields, never the browser's bubbles", async ({
    page,
  }) => {
    await page.goto('/contact', { waitUntil: 'networkidle' })
    const scripts = await holdLateScripts(page)
    const bubblesLeftToBrowser = await watchBrowserBubbles(page)
    await page.getByLabel('Your name').focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => scripts.count()).toBeGreaterThan(0)
    await expect(form(page)).not.toHaveAttribute('data-enhanced', /.*/)
    expect(await bubblesLeftToBrowser()).toEqual([])

    await scripts.release()
    await expect(form(page)).toHaveAttribute('data-enhanced', 'true')
    for (const name of ['name', 'email', 'county', 'service', 'contactPreference', 'message', 'consent']) {
      await expect(errorOf(page, name)).toHaveText(MESSAGES.required)
    }
    await expect(page.getByLabel('Your name')).toBeFocused()
    expect(await bubblesLeftToBrowser()).toEqual([])
  })

  test('a complete form sent before its behaviour has loaded is sent once, through the contact client', async ({
    page,
    request,
  }) => {
    const tag = `early-run-${repetition()}-${Date.now().toString(36)}`
    const contactPosts: string[] = []
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/contact')
        contactPosts.push(sent.postData() ?? '')
    })
    await page.goto('/contact', { waitUntil: 'networkidle' })
    const scripts = await holdLateScripts(page)
    // With the browser's own controls: the dropdowns are not enhanced yet.
    await page.getByLabel('Your name').fill('Early Bird')
    await page.getByLabel('Email address').fill('early@example.com')
    await form(page).locator('select[name="county"]').selectOption('franklin')
    await form(page).locator('select[name="service"]').selectOption('lien-search')
    await page.getByRole('radio', { name: 'Phone' }).check()
    await messageBox(page).fill(longMessage(tag))
    await page.getByRole('checkbox', { name: /I agree/ }).check()
    await page.getByLabel('Your name').focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => scripts.count()).toBeGreaterThan(0)
    await expect(form(page)).not.toHaveAttribute('data-enhanced', /.*/)
    expect(contactPosts).toEqual([])
    await expect(page).toHaveURL(/\/contact$/)

    await scripts.release()
    await expect(messageArea(page)).toHaveAttribute('data-state', 'success', { timeout: CAPTCHA_SOLVE_TIMEOUT_MS })
    await expect(messageArea(page)).toHaveText(SUCCESS_TEXT)
    expect(contactPosts).toHaveLength(1)
    expect(JSON.parse(contactPosts[0])).toMatchObject({ formId: '115', captcha: expect.any(String) })
    expect(await submissionsMentioning(request, tag)).toHaveLength(1)
  })
})

test.describe('contact form validation', () => {
  test.beforeEach(async ({ page }) => openContactForm(page))

  test('shows every error on submit and moves focus to the first invalid field', async ({ page }) => {
    await sendButton(page).click()
    for (const name of ['name', 'email', 'county', 'service', 'contactPreference', 'message', 'consent']) {
      await expect(errorOf(page, name)).toHaveText(MESSAGES.required)
    }
    await expect(errorOf(page, 'phone')).toHaveCount(0)
    await expect(page.getByLabel('Your name')).toBeFocused()
    await expect(page.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true')
    const markId = await errorOf(page, 'name').getAttribute('id')
    await expect(page.getByLabel('Your name')).toHaveAttribute('aria-describedby', new RegExp(`\\b${markId}\\b`))
    await expect(messageArea(page)).toHaveAttribute('data-state', '')
  })

  test(`asks for at least ${CONTACT_MESSAGE_MIN_LENGTH} characters in the message after it is left`, async ({
    page,
  }) => {
    await messageBox(page).fill('Too short.')
    await expect(errorOf(page, 'message')).toHaveCount(0)
    await page.keyboard.press('Tab')
    const expected = formatMessage(MESSAGES.minlength, CONTACT_MESSAGE_MIN_LENGTH)
    expect(expected).toBe('Please enter at least 50 characters.')
    await expect(errorOf(page, 'message')).toHaveText(expected)
    await expect(messageBox(page)).toHaveAttribute('aria-invalid', 'true')
    const help = await row(page, 'message').locator('.form-help').getAttribute('id')
    const mark = await errorOf(page, 'message').getAttribute('id')
    await expect(messageBox(page)).toHaveAttribute('aria-describedby', `${help} ${mark}`)
    // Corrected, the error goes as the visitor types.
    await messageBox(page).fill('x'.repeat(CONTACT_MESSAGE_MIN_LENGTH))
    await expect(errorOf(page, 'message')).toHaveCount(0)
    await expect(messageBox(page)).not.toHaveAttribute('aria-invalid', 'true')
    await expect(messageBox(page)).toHaveAttribute('aria-describedby', help!)
  })

  test('checks the email address with the shared wording', async ({ page }) => {
    await page.getByLabel('Email address').fill('not-an-address')
    await page.keyboard.press('Tab')
    await expect(errorOf(page, 'email')).toHaveText(MESSAGES.email)
  })

  test('"Clear" empties the form, its errors and its dropdowns', async ({ page }) => {
    await fillValidForm(page, 'clear')
    await page.getByLabel('Email address').fill('broken')
    await sendButton(page).click()
    await expect(errorOf(page, 'email')).toBeVisible()
    await form(page).getByRole('button', { name: 'Clear', exact: true }).click()
    await expect(form(page).locator('mark.field-error')).toHaveCount(0)
    await expect(form(page).locator('[aria-invalid="true"]')).toHaveCount(0)
    await expect(page.getByLabel('Your name')).toHaveValue('')
    await expect(messageBox(page)).toHaveValue('')
    await expect(row(page, 'county').getByRole('combobox')).toHaveAttribute('placeholder', SINGLE_PLACEHOLDER)
    await expect(row(page, 'service').getByRole('combobox')).toHaveText(SINGLE_PLACEHOLDER)
    await expect(page.getByRole('checkbox', { name: /I agree/ })).not.toBeChecked()
  })
})

test.describe('contact form sending', () => {
  test('success: loading, no double submit, success for 2000 ms, then the form resets', async ({ page, request }) => {
    await page.clock.install()
    await openContactForm(page)
    await fillValidForm(page, `success-run-${repetition()}`)
    await captchaSolved(page)
    const requests = await holdContactRequests(page)

    await freezeClock(page)
    await sendButton(page).click()
    await expect(messageArea(page)).toHaveAttribute('data-state', 'loading')
    await expect(messageArea(page)).toHaveText(SENDING_TEXT)
    await expect(sendButton(page)).toHaveAttribute('aria-disabled', 'true')
    // A second click and an Enter on the focused button send nothing more.
    await sendButton(page).click({ force: true })
    await page.keyboard.press('Enter')
    const first = await requests.next()
    expect(first.request().headers()[CSRF_HEADER.toLowerCase()]).toBeTruthy()
    const body = first.request().postDataJSON()
    expect(body).toMatchObject({ formId: '115', captcha: expect.any(String) })
    expect(body.fields).toContainEqual({ name: 'message', value: longMessage(`success-run-${repetition()}`) })
    expect(body.fields).toContainEqual({ name: 'properties', value: [] })

    await first.continue()
    await expect(messageArea(page)).toHaveAttribute('data-state', 'success')
    await expect(messageArea(page)).toHaveText(SUCCESS_TEXT)
    expect(requests.count()).toBe(0)
    // The lead is reported to analytics (queued: this visitor turned analytics off, so it goes nowhere).
    const reported = await page.evaluate(() => (window as never as { __firstParty?: unknown }).__firstParty)
    expect(reported).toContainEqual(expect.objectContaining({ name: LEAD_EVENT, props: { form_id: '115' } }))
    await expect(sendButton(page)).toHaveAttribute('aria-disabled', 'false')

    await page.clock.runFor(MESSAGE_DISPLAY_MS - 1)
    await expect(messageArea(page)).toHaveAttribute('data-state', 'success')
    await expectValuesKept(page, `success-run-${repetition()}`)
    await page.clock.runFor(1)
    await expect(messageArea(page)).toHaveAttribute('data-state', '')
    await expect(messageArea(page)).toHaveText('')
    await expect(page.getByLabel('Your name')).toHaveValue('')
    await expect(messageBox(page)).toHaveValue('')
    await expect(row(page, 'county').getByRole('combobox')).toHaveValue('')
    expect(await submissionsMentioning(request, `success-run-${repetition()}`)).toHaveLength(1)
  })

  test('captcha refused: captcha-error for 2000 ms and a fresh captcha', async ({ page }) => {
    await page.clock.install()
    await openContactForm(page)
    await fillValidForm(page, 'captcha-run')
    await captchaSolved(page)
    const solved = await form(page).locator('input[name="altcha"]').inputValue()
    // The server really checks this answer, and refuses it.
    await page.route('**/api/contact', (route) =>
      route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), captcha: 'forged' }) }),
    )
    await freezeClock(page)
    await sendButton(page).click()
    await expect(messageArea(page)).toHaveAttribute('data-state', 'captcha-error')
    await expect(messageArea(page)).toHaveText(CAPTCHA_FAILED_TEXT)
    await page.clock.runFor(MESSAGE_DISPLAY_MS - 1)
    await expect(messageArea(page)).toHaveAttribute('data-state', 'captcha-error')
    await page.clock.runFor(1)
    await expect(messageArea(page)).toHaveAttribute('data-state', '')
    await expectValuesKept(page, 'captcha-run')
    await page.clock.resume()
    await expect(form(page).locator('input[name="altcha"]')).not.toHaveValue(solved, {
      timeout: CAPTCHA_SOLVE_TIMEOUT_MS,
    })
    await captchaSolved(page)
  })

  test('server refusal: its text shown as error for 2000 ms, then removed; input kept', async ({ page, context }) => {
    await page.clock.install()
    await openContactForm(page)
    await fillValidForm(page, 'csrf-run')
    await captchaSolved(page)
    await context.clearCookies()
    const requests = await holdContactRequests(page)
    await freezeClock(page)
    await sendButton(page).click()
    const held = await requests.next()
    await held.continue()
    await expect(messageArea(page)).toHaveAttribute('data-state', 'error')
    await expect(messageArea(page)).toHaveText(GUARD_MESSAGES.csrf)
    await page.clock.runFor(MESSAGE_DISPLAY_MS - 1)
    await expect(messageArea(page)).toHaveText(GUARD_MESSAGES.csrf)
    await page.clock.runFor(1)
    await expect(messageArea(page)).toHaveAttribute('data-state', '')
    await expect(messageArea(page)).toHaveText('')
    await expectValuesKept(page, 'csrf-run')
  })

  test('an answer containing HTML is shown as text, never as markup', async ({ page }) => {
    await openContactForm(page)
    await fillValidForm(page, 'html-run')
    await captchaSolved(page)
    const hostile = '<img src=x onerror="window.__injected=1">Refused'
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ ok: false, error: hostile }),
      }),
    )
    await sendButton(page).click()
    await expect(messageArea(page)).toHaveAttribute('data-state', 'error')
    await expect(messageArea(page)).toHaveText(hostile)
    await expect(messageArea(page).locator('img')).toHaveCount(0)
    expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined()
  })

  test('field errors from the server (400) are shown on their fields', async ({ page }) => {
    await openContactForm(page)
    await fillValidForm(page, 'server-rules')
    await captchaSolved(page)
    // The browser's check passed; the server checks again and finds the message too short.
    await page.route('**/api/contact', (route) => {
      const body = route.request().postDataJSON()
      body.fields = body.fields.map((field: { name: string; value: unknown }) =>
        field.name === 'message' ? { name: 'message', value: 'Too short.' } : field,
      )
      return route.continue({ postData: JSON.stringify(body) })
    })
    await sendButton(page).click()
    await expect(messageArea(page)).toHaveAttribute('data-state', 'error')
    await expect(messageArea(page)).toHaveText(SUBMIT_MESSAGES.fixFields)
    await expect(errorOf(page, 'message')).toHaveText(formatMessage(MESSAGES.minlength, CONTACT_MESSAGE_MIN_LENGTH))
    await expect(messageBox(page)).toHaveAttribute('aria-invalid', 'true')
    await expect(messageBox(page)).toBeFocused()
  })

  test('a server that does not answer in time: a plain message, input kept', async ({ page }) => {
    await page.clock.install()
    await openContactForm(page)
    await fillValidForm(page, 'timeout-run')
    await captchaSolved(page)
    const requests = await holdContactRequests(page)
    await freezeClock(page)
    await sendButton(page).click()
    const held = await requests.next()
    await page.clock.runFor(CONTACT_REQUEST_TIMEOUT_MS - 1)
    await expect(messageArea(page)).toHaveAttribute('data-state', 'loading')
    await page.clock.runFor(1)
    await expect(messageArea(page)).toHaveAttribute('data-state', 'error')
    await expect(messageArea(page)).toHaveText(CONTACT_FAILURE_TEXT.timeout)
    await expectValuesKept(page, 'timeout-run')
    await held.abort().catch(() => undefined)
  })

  test('a network failure: a plain message, input kept, and sending again works', async ({ page }) => {
    await openContactForm(page)
    await fillValidForm(page, 'network-run')
    await captchaSolved(page)
    await page.route('**/api/contact', (route) => route.abort('internetdisconnected'))
    await sendButton(page).click()
    await expect(messageArea(page)).toHaveAttribute('data-state', 'error')
    await expect(messageArea(page)).toHaveText(CONTACT_FAILURE_TEXT.network)
    await expectValuesKept(page, 'network-run')
    await page.unroute('**/api/contact')
    await expect(messageArea(page)).toHaveAttribute('data-state', '', { timeout: MESSAGE_DISPLAY_MS * 2 })
    await sendButton(page).click()
    await expect(messageArea(page)).toHaveAttribute('data-state', 'success')
  })
})

test.describe('contact form from the keyboard alone', () => {
  test('a visitor completes and sends the whole form without a pointer', async ({ page, request }) => {
    await openContactForm(page)
    await page.getByLabel('Your name').focus()
    const type = (text: string) => page.keyboard.type(text)
    const press = (key: string) => page.keyboard.press(key)
    await type('Grace Hopper')
    await press('Tab')
    await type('grace@example.com')
    await press('Tab')
    await press('Tab') // phone is optional
    await press('Tab') // company is optional
    await expect(row(page, 'county').getByRole('combobox')).toBeFocused()
    await type('summit')
    await press('Enter')
    await press('Tab')
    await expect(row(page, 'county').getByRole('button', { name: 'Clear selection' })).toBeFocused()
    await press('Tab')
    await expect(row(page, 'service').getByRole('combobox')).toBeFocused()
    await press('ArrowDown')
    await press('ArrowDown')
    await press('Enter')
    await press('Tab')
    await press('Tab') // past the service's "Clear selection"
    await expect(row(page, 'properties').getByRole('combobox')).toBeFocused()
    await press('ArrowDown')
    await press('Enter')
    await press('Escape')
    await press('Tab')
    await expect(page.getByRole('radio', { name: 'Email' })).toBeFocused()
    await press('Space')
    await press('Tab')
    await expect(messageBox(page)).toBeFocused()
    await type(longMessage(`keyboard-run-${repetition()}`))
    await press('Tab')
    await press('Space')
    await expect(page.getByRole('checkbox', { name: /I agree/ })).toBeChecked()
    await expect(form(page).locator('select[name="county"]')).toHaveValue('summit')
    await expect(form(page).locator('select[name="service"]')).toHaveValue('current-owner-search')
    await captchaSolved(page)
    // On through the captcha widget to the send button.
    for (let stop = 0; stop < 6 && !(await sendButton(page).evaluate((el) => el === document.activeElement)); stop++) {
      await press('Tab')
    }
    await expect(sendButton(page)).toBeFocused()
    await press('Enter')
    await expect(messageArea(page)).toHaveAttribute('data-state', 'success')
    expect(await submissionsMentioning(request, `keyboard-run-${repetition()}`)).toHaveLength(1)
  })
})

test.describe('contact form without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  async function setCaptchaProvider(request: APIRequestContext, provider: string) {
    const token = await adminToken(request)
    const response = await request.post('/api/globals/site-settings', {
      headers: { Authorization: `JWT ${token}` },
      data: { captcha: { provider } },
    })
    expect(response.ok()).toBe(true)
  }

  test('the form posts as plain HTML and the answer page shows the outcome', async ({ page, request }) => {
    await setCaptchaProvider(request, 'none')
    try {
      await page.goto('/contact')
      await expect(form(page).locator('select[name="county"]')).toBeVisible()
      await expect(form(page).getByRole('combobox')).toHaveCount(2) // the browser's own single selects
      await page.getByLabel('Your name').fill('No Script')
      await page.getByLabel('Email address').fill('noscript@example.com')
      await form(page).locator('select[name="county"]').selectOption('franklin')
      await form(page).locator('select[name="service"]').selectOption('lien-search')
      await page.getByRole('radio', { name: 'Phone' }).check()
      await messageBox(page).fill(longMessage(`noscript-run-${repetition()}`))
      await page.getByRole('checkbox', { name: /I agree/ }).check()
      await sendButton(page).click()
      await expect(page).toHaveURL(new RegExp(`/contact#contact-form-115${SENT_FRAGMENT_SUFFIX}$`))
      await expect(page.locator(`#contact-form-115${SENT_FRAGMENT_SUFFIX}`)).toBeVisible()
      await expect(page.locator(`#contact-form-115${SENT_FRAGMENT_SUFFIX}`)).toHaveText(SUCCESS_TEXT)
      expect(await submissionsMentioning(request, `noscript-run-${repetition()}`)).toHaveLength(1)
    } finally {
      await setCaptchaProvider(request, 'altcha')
    }
  })
})

for (const width of [1280, 375]) {
  test.describe(`contact form accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } })

    test('has no serious or critical axe violation, enhanced, with errors shown and a dropdown open', async ({
      page,
    }) => {
      await openContactForm(page)
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
      expect(await seriousAxeViolations(page)).toEqual([])
      await sendButton(page).click()
      await row(page, 'county').getByRole('combobox').fill('a')
      await expect(row(page, 'county').getByRole('listbox')).toBeVisible()
      expect(await seriousAxeViolations(page, '#contact-form-115')).toEqual([])
    })
  })
}
