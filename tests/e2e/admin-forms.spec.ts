import { test } from '@playwright/test'
import { CONTACT_FORM_ID } from '../../src/setup/seed/content/forms'
import {
  DEFAULT_CONFIRMATION_SUBJECT,
  DEFAULT_CONFIRMATION_TEXT,
  DEFAULT_SENT_NOTE,
} from '../../src/contact/afterSending/settings'
import { openAdmin, signInAsAdmin, adminExpect as expect } from './support/admin'

// What the seeded form does after a send, and what each setting changes: tests/integration/contact-after-sending.test.ts.

test('a form’s “After sending” settings: the note as seeded, a thank-you page to pick, and the confirmation’s subject and text only once it is switched on', async ({
  context,
  page,
  request,
}) => {
  await signInAsAdmin(context, request)
  await openAdmin(page, `/collections/forms/${CONTACT_FORM_ID}`)
  // The editor scrolls to the section (Payload draws a field only once it comes into view) and opens it
  // from its header's toggle unless it is open already: Payload draws the section once it has read
  // whether this editor left it open or folded, and marks it folded by its class.
  const section = page.locator('.collapsible').filter({ hasText: 'After sending' }).last()
  await section.scrollIntoViewIfNeeded()
  if ((await section.getAttribute('class'))?.includes('collapsible--collapsed'))
    await section.locator('.collapsible__toggle').first().click()
  await expect(page.getByRole('textbox', { name: 'Note under the message after sending' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Note under the message after sending' })).toHaveValue(
    DEFAULT_SENT_NOTE,
  )
  await expect(page.getByText('Thank-you page')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add new Page' })).toBeVisible()
  const confirmation = page.getByRole('checkbox', { name: 'Email the visitor a confirmation' })
  await expect(confirmation).not.toBeChecked()
  await expect(page.getByRole('textbox', { name: 'Confirmation subject' })).toHaveCount(0)
  await confirmation.check()
  await expect(page.getByRole('textbox', { name: 'Confirmation subject' })).toHaveValue(DEFAULT_CONFIRMATION_SUBJECT)
  await expect(page.getByRole('textbox', { name: 'Confirmation text' })).toHaveValue(DEFAULT_CONFIRMATION_TEXT)
})
