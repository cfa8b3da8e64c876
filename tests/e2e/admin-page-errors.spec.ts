import { expect, test } from '@playwright/test'
import { ADMIN_TEST_TIMEOUT_MS, openAdmin, signInAsAdmin } from './support/admin'

test.describe.configure({ timeout: ADMIN_TEST_TIMEOUT_MS })

test.describe('the slug of a new page', () => {
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
})
