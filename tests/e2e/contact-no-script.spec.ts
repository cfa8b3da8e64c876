import { expect, test } from '@playwright/test'
import { SENT_FRAGMENT_SUFFIX } from '../../src/contact/protocol'
import { DEFAULT_SENT_NOTE, sentNoteWithoutTime } from '../../src/contact/afterSending/settings'
import {
  form,
  longMessage,
  messageBox,
  prepareContactSuite,
  repetition,
  sendButton,
  setCaptchaProvider,
  submissionsMentioning,
  SUCCESS_TEXT,
} from './support/contactForm'

prepareContactSuite()

test.describe('contact form without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the form posts as plain HTML and the answer page shows the outcome and the note', async ({ page, request }) => {
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
      // The page is the same for everyone, so the note comes without its time.
      await expect(page.locator(`#contact-form-115${SENT_FRAGMENT_SUFFIX}`)).toHaveText(
        `${SUCCESS_TEXT} ${sentNoteWithoutTime(DEFAULT_SENT_NOTE)}`,
      )
      expect(await submissionsMentioning(request, `noscript-run-${repetition()}`)).toHaveLength(1)
    } finally {
      await setCaptchaProvider(request, 'altcha')
    }
  })
})
