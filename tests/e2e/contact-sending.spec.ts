import { expect, test } from '@playwright/test'
import { LEAD_EVENT } from '../../src/analytics/events'
import { CONTACT_FAILURE_TEXT, CONTACT_REQUEST_TIMEOUT_MS } from '../../src/contact/client'
import { CSRF_HEADER } from '../../src/security/csrfProtocol'
import { GUARD_MESSAGES } from '../../src/contact/server/guard'
import { SUBMIT_MESSAGES } from '../../src/contact/server/submit'
import { CONTACT_MESSAGE_MIN_LENGTH } from '../../src/setup/seed/content/forms'
import { CAPTCHA_FAILED_TEXT } from '../../src/contact/form/attachForm'
import { MESSAGE_DISPLAY_MS, SENDING_TEXT } from '../../src/contact/form/messageArea'
import { formatMessage, MESSAGES } from '../../src/forms/validation'
import {
  CAPTCHA_SOLVE_TIMEOUT_MS,
  captchaSolved,
  errorOf,
  expectValuesKept,
  fillValidForm,
  form,
  freezeClock,
  holdContactRequests,
  longMessage,
  messageArea,
  messageBox,
  openContactForm,
  prepareContactSuite,
  repetition,
  row,
  sendButton,
  submissionsMentioning,
  SUCCESS_TEXT,
} from './support/contactForm'

prepareContactSuite()

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
    // The server counts the lead as it accepts the message: the page queues none for the first-party collector.
    const reported = await page.evaluate(() => (window as never as { __firstParty?: unknown }).__firstParty)
    expect(reported ?? []).not.toContainEqual(expect.objectContaining({ name: LEAD_EVENT }))
    // The form still holds what was sent: Send stays unavailable until the success message clears it.
    await expect(sendButton(page)).toHaveAttribute('aria-disabled', 'true')
    await sendButton(page).click({ force: true })
    await page.keyboard.press('Enter')

    await page.clock.runFor(MESSAGE_DISPLAY_MS - 1)
    await expect(messageArea(page)).toHaveAttribute('data-state', 'success')
    await expectValuesKept(page, `success-run-${repetition()}`)
    await page.clock.runFor(1)
    await expect(messageArea(page)).toHaveAttribute('data-state', '')
    await expect(messageArea(page)).toHaveText('')
    await expect(page.getByLabel('Your name')).toHaveValue('')
    await expect(messageBox(page)).toHaveValue('')
    await expect(row(page, 'county').getByRole('combobox')).toHaveValue('')
    await expect(sendButton(page)).toHaveAttribute('aria-disabled', 'false')
    expect(requests.count()).toBe(0)
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

  test('a network failure: a plain message for 2000 ms, input kept, and sending again works', async ({ page }) => {
    await page.clock.install()
    await openContactForm(page)
    await fillValidForm(page, 'network-run')
    await captchaSolved(page)
    await page.route('**/api/contact', (route) => route.abort('internetdisconnected'))
    await freezeClock(page)
    await sendButton(page).click()
    await expect(messageArea(page)).toHaveAttribute('data-state', 'error')
    await expect(messageArea(page)).toHaveText(CONTACT_FAILURE_TEXT.network)
    await expectValuesKept(page, 'network-run')
    await page.unroute('**/api/contact')
    await page.clock.runFor(MESSAGE_DISPLAY_MS - 1)
    await expect(messageArea(page)).toHaveAttribute('data-state', 'error')
    await page.clock.runFor(1)
    await expect(messageArea(page)).toHaveAttribute('data-state', '')
    await page.clock.resume()
    await sendButton(page).click()
    await expect(messageArea(page)).toHaveAttribute('data-state', 'success')
  })
})
