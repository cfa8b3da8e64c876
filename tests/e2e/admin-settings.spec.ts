import { test } from '@playwright/test'
import { FIRST_VISIT } from '../../playwright.config'
import { STANDARD_BANNER_TEXT } from '../../src/analytics/consent/model'
import { TAG_ID_FORMATS } from '../../src/analytics/settings/tagIds'
import {
  ADMIN_TEST_TIMEOUT_MS,
  fillAndWaitForChecks,
  openAdmin,
  signInAsAdmin,
  adminExpect as expect,
} from './support/admin'
import { banner } from './support/consent'
import { adminToken, pageAt } from './helpers'

test.describe.configure({ timeout: ADMIN_TEST_TIMEOUT_MS })

/** A field of the settings screen, by its path: the element that holds its label. */
const field = (page: import('@playwright/test').Page, path: string) =>
  page.locator(`xpath=//label[@for="field-${path.replace(/\./g, '__')}"]/parent::div`)

async function openAnalyticsTab(page: import('@playwright/test').Page) {
  await openAdmin(page, '/globals/site-settings')
  await page.getByRole('button', { name: 'Analytics and consent' }).click()
}

test.describe('site settings in the admin', () => {
  test('a tag id of the wrong shape is refused beside its field, with the shape it should have', async ({
    context,
    page,
    request,
  }) => {
    await signInAsAdmin(context, request)
    await openAnalyticsTab(page)
    // Saved as an editor does, once the admin's checks of the typed value have answered: a save
    // sent while one is in flight can have its refusal replaced by that check's late answer.
    await fillAndWaitForChecks(page, page.locator('#field-analytics__gtmId'), 'UA-1234-5')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(field(page, 'analytics.gtmId')).toHaveClass(/error/)
    await expect(field(page, 'analytics.gtmId')).toContainText(TAG_ID_FORMATS.gtmId.example)
    const settings = await (
      await request.get('/api/globals/site-settings', {
        headers: { Authorization: `JWT ${await adminToken(request)}` },
      })
    ).json()
    expect(settings.analytics.gtmId ?? null).toBeNull()
  })

  test('the denied regions are one field of codes, not a row per region', async ({ context, page, request }) => {
    await signInAsAdmin(context, request)
    await openAnalyticsTab(page)
    const regions = field(page, 'analytics.deniedRegions')
    await expect(regions).toHaveCount(1)
    await expect(regions).toHaveClass(/has-many/)
    await expect(regions.locator('.multi-value-label__text', { hasText: /^US-CA$/ })).toHaveCount(1)
    await expect(page.locator('label[for^="field-analytics__deniedRegions__"]')).toHaveCount(0)
  })

  test('the admin screens load with no request to Gravatar and no CSP refusal', async ({ context, page, request }) => {
    const refused: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text())
    })
    const gravatar: string[] = []
    page.on('request', (outgoing) => {
      if (/gravatar\.com/.test(outgoing.url())) gravatar.push(outgoing.url())
    })
    await signInAsAdmin(context, request)
    await openAdmin(page, '')
    await expect(page.locator('.nav, nav').first()).toBeVisible()
    await openAdmin(page, '/account')
    expect(gravatar).toEqual([])
    expect(refused).toEqual([])
  })

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
