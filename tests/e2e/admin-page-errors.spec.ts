import { expect, test, type Page } from '@playwright/test'
import { DRAFT_TITLE_MESSAGE, duplicateAddressMessage } from '../../src/cms/collections/pageMessages'
import { openAdmin, signInAsAdmin } from './support/admin'

/** The error Payload shows beside a field of the document form. */
const errorBeside = (page: Page, field: string) => page.locator(`.field-type:has(#field-${field}) .field-error`)

test.describe('errors on a page, beside the field at fault', () => {
  test.beforeEach(async ({ context, request, page }) => {
    await signInAsAdmin(context, request)
    await openAdmin(page, '/collections/pages/create')
  })

  test('typing a title fills the slug, until the editor types a slug', async ({ page }) => {
    await page.locator('#field-title').fill('Title Search: FAQ’s & Fees')
    await expect(page.locator('#field-slug')).toHaveValue('title-search-faqs-fees')
    await page.locator('#field-slug').fill('fees')
    await page.locator('#field-title').fill('Title Search: Costs')
    await expect(page.locator('#field-slug')).toHaveValue('fees')
  })

  test('a slug already used at that address is refused beside the slug field', async ({ page }) => {
    await page.locator('#field-title').fill('A second about page')
    await page.locator('#field-slug').fill('about')
    await page.locator('#action-save-draft').click()
    await expect(errorBeside(page, 'slug')).toContainText(duplicateAddressMessage('/about'))
    await expect(page.locator('.payload-toast-container')).not.toContainText('path')
    await expect(page).toHaveURL(/\/collections\/pages\/create/)
  })

  test('a draft with no title is refused beside the title field', async ({ page }) => {
    await page.locator('#field-title').fill('x')
    await page.locator('#field-title').fill('')
    await page.locator('#action-save-draft').click()
    await expect(errorBeside(page, 'title')).toContainText(DRAFT_TITLE_MESSAGE)
    await expect(page).toHaveURL(/\/collections\/pages\/create/)
  })
})
