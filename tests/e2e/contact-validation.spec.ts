import { expect, test } from '@playwright/test'
import { CONTACT_MESSAGE_MIN_LENGTH } from '../../src/setup/seed/content/forms'
import { SINGLE_PLACEHOLDER } from '../../src/forms/dropdown/model'
import { formatMessage, MESSAGES } from '../../src/forms/validation'
import { seriousAxeViolations } from './support/axe'
import {
  captchaSolved,
  errorOf,
  fillValidForm,
  form,
  longMessage,
  messageArea,
  messageBox,
  openContactForm,
  prepareContactSuite,
  repetition,
  row,
  sendButton,
  submissionsMentioning,
} from './support/contactForm'

prepareContactSuite()

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

  test(`checks a field once it is left: the email address with the shared wording, at least ${CONTACT_MESSAGE_MIN_LENGTH} characters in the message`, async ({
    page,
  }) => {
    await page.getByLabel('Email address').fill('not-an-address')
    await page.keyboard.press('Tab')
    await expect(errorOf(page, 'email')).toHaveText(MESSAGES.email)

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
    // The dropdown's "Clear selection" is the pointer's; Tab goes on to the next field.
    await press('Tab')
    await expect(row(page, 'service').getByRole('combobox')).toBeFocused()
    await press('ArrowDown')
    await press('ArrowDown')
    await press('Enter')
    await press('Tab')
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

test.describe('contact form on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('the first tap on Send is not lost when leaving the message box shows its error above the button', async ({
    page,
  }) => {
    await openContactForm(page)
    await fillValidForm(page, `phone-tap-${repetition()}`)
    await messageBox(page).fill('Too short')
    await messageBox(page).focus()
    await sendButton(page).scrollIntoViewIfNeeded()
    await form(page).evaluate((element) => {
      element.dataset.submits = '0'
      element.addEventListener('submit', () => (element.dataset.submits = String(Number(element.dataset.submits) + 1)))
    })
    // Where the button is on the page (not on the screen, which may scroll as the error shows).
    const pageTop = () => sendButton(page).evaluate((button) => button.getBoundingClientRect().top + window.scrollY)
    const before = await pageTop()
    await sendButton(page).tap()
    await expect(form(page)).toHaveAttribute('data-submits', '1')
    // The form's own check answered the tap: the error shows and the message box has focus again.
    await expect(errorOf(page, 'message')).toHaveText(formatMessage(MESSAGES.minlength, CONTACT_MESSAGE_MIN_LENGTH))
    await expect(messageBox(page)).toBeFocused()
    expect(await pageTop()).toBeGreaterThan(before)
  })
})
