import { test } from '@playwright/test'
import { FIRST_VISIT } from '../../playwright.config'
import { STANDARD_BANNER_TEXT } from '../../src/analytics/consent/model'
import { openAdmin, signInAsAdmin, adminExpect as expect } from './support/admin'
import { banner } from './support/consent'
import { adminToken, pageAt } from './helpers'

// What the settings accept and keep: tests/integration/settings-fields.test.ts. That the admin's screens
// load nothing from other hosts: admin-json-fields.spec.ts. Changing the business's phone in the
// settings, end to end: admin-contact-details.spec.ts.

test.describe('site settings in the admin', () => {
  test('the SEO tab shows the page as a search result, following what the editor types', async ({
    context,
    page,
    request,
  }) => {
    const pricing = await pageAt(request, await signInAsAdmin(context, request), '/pricing')
    await openAdmin(page, `/collections/pages/${pricing.id}`)
    await page.getByRole('button', { name: 'SEO' }).click()
    const preview = page.getByRole('region', { name: 'In search results' })
    await expect(preview).toContainText('› pricing')
    await page.locator('#field-seo__title').fill('Title search prices in Ohio')
    await expect(preview).toContainText('Title search prices in Ohio')
    await page.locator('#field-seo__title').fill('A'.repeat(70))
    await expect(preview).toContainText('will be cut')
  })
})

test.describe('the consent banner’s text', () => {
  test.use({ storageState: FIRST_VISIT })

  test('is what the admin wrote in the settings, and the standard text when left empty', async ({ page, request }) => {
    const token = await adminToken(request)
    const save = (bannerText: string | null) =>
      request.post('/api/globals/site-settings', {
        headers: { Authorization: `JWT ${token}` },
        data: { analytics: { bannerText } },
      })
    expect((await save('We ask before any tag runs. Choose below.')).ok()).toBe(true)
    try {
      await expect(async () => {
        await page.goto('/about')
        await expect(banner(page)).toContainText('We ask before any tag runs.', { timeout: 500 })
      }).toPass({ timeout: 5000 })
    } finally {
      expect((await save(null)).ok()).toBe(true)
    }
    await expect(async () => {
      await page.goto('/about')
      await expect(banner(page)).toContainText(STANDARD_BANNER_TEXT.slice(0, 40), { timeout: 500 })
    }).toPass({ timeout: 5000 })
  })
})
