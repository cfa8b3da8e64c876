import { expect, type Locator, type Page, test } from '@playwright/test'
import { SEED_FORMS } from '../../src/setup/seed/content/forms'
import {
  captchaSolved,
  fillValidForm,
  holdContactRequests,
  longMessage,
  openContactForm,
  prepareContactSuite,
  repetition,
  setCaptchaProvider,
} from '../e2e/support/contactForm'
import { CONTACT_FORM_ID, FORM_MESSAGE_MS, MESSAGE_MIN_CHARS, SEARCHABLE_SELECT_ABOVE_OPTIONS } from './contract'
import { expectError, expectNoError } from './fieldErrors'
import { pauseClock } from './support'

/** DESIGN.md, "Public contract", "Contact form": each test is one clause. */
prepareContactSuite()

/** What the seeded form says once a request is in (seeded content, not a contract name). */
const SUCCESS_TEXT = String(SEED_FORMS.find((form) => form.data.id === CONTACT_FORM_ID)!.data.successMessage)

const form = (page: Page) => page.locator(`form#contact-form-${CONTACT_FORM_ID}`)
const message = (page: Page) => form(page).locator('textarea#message_3')
const formMessage = (page: Page) => form(page).locator('div.form-message')
const sendButton = (page: Page) => form(page).locator('button[type="submit"]')
/** The innermost part of the form holding both the real <select name> and its combobox. */
const selectField = (page: Page, name: string) =>
  form(page).locator(`xpath=.//*[.//select[@name="${name}"] and .//*[@role="combobox"]]`).last()
const comboboxOf = (page: Page, name: string) => selectField(page, name).locator('[role="combobox"]')
const realSelect = (page: Page, name: string) => form(page).locator(`select[name="${name}"]`)
/** What a combobox shows while nothing is chosen: an input's placeholder, or its own text. */
const shownPlaceholder = (combobox: Locator) =>
  combobox.evaluate((el) => el.getAttribute('placeholder') || (el.textContent ?? '').trim())

test('contract: the seeded contact form is <form id="contact-form-115" data-form-id="115"> whose <textarea id="message_3"> needs 50 characters', async ({
  page,
}) => {
  await openContactForm(page)
  await expect(form(page)).toHaveAttribute('data-form-id', String(CONTACT_FORM_ID))
  await expect(message(page)).toBeVisible()
  await message(page).fill('x'.repeat(MESSAGE_MIN_CHARS - 1))
  await message(page).blur()
  await expectError(message(page), 'Please enter at least 50 characters.')
  await message(page).fill('x'.repeat(MESSAGE_MIN_CHARS))
  await message(page).blur()
  await expectNoError(message(page))
})

test('contract: errors show after blur or submit as <mark class="field-error"> next to the field, linked by aria-describedby, with aria-invalid="true", in the spec’s words', async ({
  page,
}) => {
  await openContactForm(page)
  const email = form(page).getByLabel('Email address')
  await email.fill('not-an-address')
  await expectNoError(email)
  await email.blur()
  await expectError(email, 'Please enter a valid email address.')

  // A field the visitor has not left yet shows its error on submit.
  await expectNoError(message(page))
  await sendButton(page).click()
  await expectError(message(page), 'This field is required.')
})

test('contract: a select field is a role="combobox" with aria-controls naming its listbox, over the real <select> the form submits', async ({
  page,
}) => {
  await openContactForm(page)
  for (const name of ['county', 'service', 'properties']) {
    const combobox = comboboxOf(page, name)
    await expect(combobox).toHaveCount(1)
    const listboxId = await combobox.getAttribute('aria-controls')
    await expect(page.locator(`[id="${listboxId}"]`)).toHaveAttribute('role', 'listbox')
    await expect(realSelect(page, name)).toHaveCount(1)
  }
  const service = comboboxOf(page, 'service')
  await service.click()
  const option = page
    .locator(`[id="${await service.getAttribute('aria-controls')}"]`)
    .getByRole('option')
    .nth(1)
  const label = (await option.textContent())!.trim()
  await option.click()
  const chosen = await realSelect(page, 'service').evaluate((select: HTMLSelectElement) =>
    [...select.selectedOptions].map((o) => o.textContent!.trim()),
  )
  expect(chosen).toEqual([label])
})

test('contract: above 10 options a select’s combobox is a search input matching anywhere in an option, case-insensitive; at 10 or fewer there is none', async ({
  page,
}) => {
  await openContactForm(page)
  const optionCount = (name: string) =>
    realSelect(page, name).evaluate(
      (select: HTMLSelectElement) => [...select.options].filter((option) => option.value !== '').length,
    )
  expect(await optionCount('county')).toBeGreaterThan(SEARCHABLE_SELECT_ABOVE_OPTIONS)
  expect(await optionCount('service')).toBeLessThanOrEqual(SEARCHABLE_SELECT_ABOVE_OPTIONS)

  const county = comboboxOf(page, 'county')
  await expect(county).toHaveJSProperty('tagName', 'INPUT')
  const listbox = page.locator(`[id="${await county.getAttribute('aria-controls')}"]`)
  await county.fill('WERT')
  await expect(listbox.getByRole('option')).toHaveText(['Van Wert County'])
  await county.fill('hoga')
  await expect(listbox.getByRole('option')).toHaveText(['Cuyahoga County'])

  await expect(comboboxOf(page, 'service')).not.toHaveJSProperty('tagName', 'INPUT')
  await expect(selectField(page, 'service').locator('input:not([type="hidden"])')).toHaveCount(0)
})

test('contract: select placeholders are Select an option (single), Type or select some options (multiple), No results match (nothing matches)', async ({
  page,
}) => {
  await openContactForm(page)
  expect(await shownPlaceholder(comboboxOf(page, 'county'))).toBe('Select an option')
  expect(await shownPlaceholder(comboboxOf(page, 'service'))).toBe('Select an option')
  expect(await shownPlaceholder(comboboxOf(page, 'properties'))).toBe('Type or select some options')
  await comboboxOf(page, 'county').fill('zzzz')
  await expect(selectField(page, 'county').getByText('No results match', { exact: true })).toBeVisible()
})

test('contract: a button named Clear selection clears a single select', async ({ page }) => {
  await openContactForm(page)
  const service = comboboxOf(page, 'service')
  await service.click()
  await page
    .locator(`[id="${await service.getAttribute('aria-controls')}"]`)
    .getByRole('option')
    .first()
    .click()
  await expect(realSelect(page, 'service')).not.toHaveValue('')
  await selectField(page, 'service').getByRole('button', { name: 'Clear selection', exact: true }).click()
  await expect(realSelect(page, 'service')).toHaveValue('')
  expect(await shownPlaceholder(service)).toBe('Select an option')
})

test('contract: once a select’s choice differs from the initial one its error is hidden and the field is marked valid', async ({
  page,
}) => {
  await openContactForm(page)
  await sendButton(page).click()
  const county = comboboxOf(page, 'county')
  await expectError(county, 'This field is required.')
  await county.fill('ross')
  await page.keyboard.press('Enter')
  await expect(realSelect(page, 'county')).toHaveValue(/.+/)
  await expectNoError(county)
})

test('contract: form-message (role="status", aria-live="polite") shows loading, then success for 2000 ms, and success resets the form', async ({
  page,
}) => {
  await page.clock.install()
  await openContactForm(page)
  await expect(formMessage(page)).toHaveAttribute('role', 'status')
  await expect(formMessage(page)).toHaveAttribute('aria-live', 'polite')
  await expect(formMessage(page)).toHaveAttribute('data-state')
  const tag = `contract-success-${repetition()}`
  await fillValidForm(page, tag)
  await captchaSolved(page)
  const requests = await holdContactRequests(page)
  await pauseClock(page)
  await sendButton(page).click()
  await expect(formMessage(page)).toHaveAttribute('data-state', 'loading')
  await (await requests.next()).continue()
  await expect(formMessage(page)).toHaveAttribute('data-state', 'success')
  await page.clock.runFor(FORM_MESSAGE_MS - 1)
  await expect(formMessage(page)).toHaveAttribute('data-state', 'success')
  await expect(message(page)).toHaveValue(longMessage(tag))
  await page.clock.runFor(1)
  await expect(formMessage(page)).not.toHaveAttribute('data-state', 'success')
  await expect(form(page).getByLabel('Your name')).toHaveValue('')
  await expect(message(page)).toHaveValue('')
  await expect(realSelect(page, 'county')).toHaveValue('')
})

test('contract: a refused captcha shows captcha-error for 2000 ms and resets the captcha', async ({ page }) => {
  await page.clock.install()
  await openContactForm(page)
  await fillValidForm(page, 'contract-captcha')
  await captchaSolved(page)
  // The captcha widget's own answer field (altcha): reset means a new answer replaces this one.
  const answer = form(page).locator('input[name="altcha"]')
  const solved = await answer.inputValue()
  // The server really checks this answer, and refuses it.
  await page.route('**/api/contact', (route) =>
    route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), captcha: 'forged' }) }),
  )
  await pauseClock(page)
  await sendButton(page).click()
  await expect(formMessage(page)).toHaveAttribute('data-state', 'captcha-error')
  await page.clock.runFor(FORM_MESSAGE_MS - 1)
  await expect(formMessage(page)).toHaveAttribute('data-state', 'captcha-error')
  await page.clock.runFor(1)
  await expect(formMessage(page)).not.toHaveAttribute('data-state', 'captcha-error')
  await page.clock.resume()
  await expect(answer).not.toHaveValue(solved, { timeout: 30_000 })
})

test('contract: an error shows the server’s text, as text, for 2000 ms, then it is removed', async ({ page }) => {
  await page.clock.install()
  await openContactForm(page)
  await fillValidForm(page, 'contract-error')
  await captchaSolved(page)
  const serverText = '<img src=x onerror="window.__injected=1">Refused by the server'
  await page.route('**/api/contact', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ ok: false, error: serverText }),
    }),
  )
  await pauseClock(page)
  await sendButton(page).click()
  await expect(formMessage(page)).toHaveAttribute('data-state', 'error')
  await expect(formMessage(page)).toHaveText(serverText)
  await expect(formMessage(page).locator('img')).toHaveCount(0)
  await page.clock.runFor(FORM_MESSAGE_MS - 1)
  await expect(formMessage(page)).toHaveText(serverText)
  await page.clock.runFor(1)
  await expect(formMessage(page)).toHaveText('')
  await expect(formMessage(page)).not.toHaveAttribute('data-state', 'error')
  expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined()
})

test('contract: a <button type="reset">Clear</button> clears the form', async ({ page }) => {
  await openContactForm(page)
  await fillValidForm(page, 'contract-clear')
  const clear = form(page).locator('button[type="reset"]')
  await expect(clear).toHaveText('Clear')
  await clear.click()
  await expect(form(page).getByLabel('Your name')).toHaveValue('')
  await expect(form(page).getByLabel('Email address')).toHaveValue('')
  await expect(message(page)).toHaveValue('')
  await expect(realSelect(page, 'county')).toHaveValue('')
  await expect(form(page).getByRole('checkbox', { name: /I agree/ })).not.toBeChecked()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('contract: without JavaScript the form still submits and the answer page shows the outcome', async ({
    page,
    request,
  }) => {
    // A captcha needs a script; a site that runs without one is configured without it.
    await setCaptchaProvider(request, 'none')
    try {
      await page.goto('/contact')
      await form(page).getByLabel('Your name').fill('No Script')
      await form(page).getByLabel('Email address').fill('noscript@example.com')
      await realSelect(page, 'county').selectOption('franklin')
      await realSelect(page, 'service').selectOption({ index: 1 })
      await form(page).getByRole('radio', { name: 'Email' }).check()
      await message(page).fill(longMessage(`contract-noscript-${repetition()}`))
      await form(page)
        .getByRole('checkbox', { name: /I agree/ })
        .check()
      await sendButton(page).click()
      await expect(page.getByText(SUCCESS_TEXT)).toBeVisible()
    } finally {
      await setCaptchaProvider(request, 'altcha')
    }
  })
})
