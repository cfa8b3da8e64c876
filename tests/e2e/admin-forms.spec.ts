import { test } from '@playwright/test'
import { CONTACT_FORM_ID } from '../../src/setup/seed/content/forms'
import {
  DEFAULT_CONFIRMATION_SUBJECT,
  DEFAULT_CONFIRMATION_TEXT,
  DEFAULT_SENT_NOTE,
} from '../../src/contact/afterSending/settings'
import {
  ADMIN_EXPECT_TIMEOUT_MS,
  ADMIN_TEST_TIMEOUT_MS,
  openAdmin,
  signInAsAdmin,
  adminExpect as expect,
} from './support/admin'

test.describe.configure({ timeout: ADMIN_TEST_TIMEOUT_MS })

/** How long the section gets to show after a click on its toggle before the toggle is tried again. */
const SECTION_SETTLE_MS = 3000

test('a form’s “After sending” settings: the note as seeded, a thank-you page to pick, and the confirmation’s subject and text only once it is switched on', async ({
  context,
  page,
  request,
}) => {
  await signInAsAdmin(context, request)
  await openAdmin(page, `/collections/forms/${CONTACT_FORM_ID}`)
  // The section opens from its header's toggle, as an editor opens it; the admin remembers an
  // editor's last choice and applies it once loaded, so the toggle is tried until the section shows.
  const section = page.locator('.collapsible').filter({ hasText: 'After sending' }).last()
  const sentNote = page.getByRole('textbox', { name: 'Sent Note' })
  await expect(async () => {
    if (!(await sentNote.isVisible())) await section.locator('.collapsible__toggle').first().click()
    await expect(sentNote).toBeVisible({ timeout: SECTION_SETTLE_MS })
  }).toPass({ timeout: ADMIN_EXPECT_TIMEOUT_MS })
  await expect(page.getByRole('textbox', { name: 'Sent Note' })).toHaveValue(DEFAULT_SENT_NOTE)
  await expect(page.getByText('Thank You Page')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add new Page' })).toBeVisible()
  const confirmation = page.getByRole('checkbox', { name: 'Send Confirmation' })
  await expect(confirmation).not.toBeChecked()
  await expect(page.getByRole('textbox', { name: 'Confirmation Subject' })).toHaveCount(0)
  await confirmation.check()
  await expect(page.getByRole('textbox', { name: 'Confirmation Subject' })).toHaveValue(DEFAULT_CONFIRMATION_SUBJECT)
  await expect(page.getByRole('textbox', { name: 'Confirmation Text' })).toHaveValue(DEFAULT_CONFIRMATION_TEXT)
})
