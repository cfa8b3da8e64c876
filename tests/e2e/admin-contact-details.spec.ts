import { test, type APIRequestContext } from '@playwright/test'
import { SEED_SITE_SETTINGS } from '../../src/setup/seed/content/globals'
import { EDIT_VISIBLE_MS, openAdmin, signInAsAdmin, untilHydrated, adminExpect as expect } from './support/admin'

const SEEDED_PHONE = SEED_SITE_SETTINGS.business.phone!
const NEW_PHONE = '(614) 555-0199'
const NEW_TEL = 'tel:6145550199'

const html = async (request: APIRequestContext, path: string) =>
  (await request.get(path, { failOnStatusCode: false })).text()

/** Waits until every page named shows `text`, within the time an edit may take to publish. */
async function untilShown(request: APIRequestContext, paths: string[], text: string) {
  await expect
    .poll(
      async () => (await Promise.all(paths.map((path) => html(request, path)))).every((page) => page.includes(text)),
      {
        timeout: EDIT_VISIBLE_MS,
        intervals: [50],
      },
    )
    .toBe(true)
}

test('a phone number changed once in site settings shows in the footer, the contact page and the structured data', async ({
  context,
  page,
  request,
}) => {
  const token = await signInAsAdmin(context, request)
  try {
    await openAdmin(page, '/globals/site-settings')
    // The screen opens on the tab this admin looked at last; the phone is on the Business tab.
    const businessTab = page.getByRole('button', { name: 'Business', exact: true })
    await untilHydrated(businessTab)
    await businessTab.click()
    const phone = page.locator('#field-business__phone')
    await expect(phone).toHaveValue(SEEDED_PHONE)
    await phone.fill(NEW_PHONE)
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.locator('.payload-toast-container')).toContainText(/success/i)

    await untilShown(request, ['/', '/contact'], NEW_PHONE)

    await page.goto('/contact')
    const footer = page.locator('footer.site-footer')
    const call = footer.getByRole('link', { name: `Call ${NEW_PHONE}` })
    await expect(call).toHaveAttribute('href', NEW_TEL)
    await expect(footer.locator('address')).toContainText(NEW_PHONE)
    await expect(footer.locator('address a[href^="tel:"]')).toHaveAttribute('href', NEW_TEL)
    const office = page.locator('main #office')
    await expect(office.getByRole('link', { name: NEW_PHONE })).toHaveAttribute('href', NEW_TEL)
    await expect(page.locator('main')).not.toContainText(SEEDED_PHONE)
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents()
    const business = jsonLd.map((text) => JSON.parse(text)).find((data) => data['@type'] === 'LocalBusiness')
    expect(business.telephone).toBe(NEW_PHONE)
    expect(business.openingHoursSpecification).toEqual([expect.objectContaining({ opens: '08:30', closes: '17:00' })])
  } finally {
    // Put the seeded number back for the suites that follow, and wait until the pages show it.
    const restored = await request.post('/api/globals/site-settings', {
      headers: { Authorization: `JWT ${token}` },
      data: { business: { phone: SEEDED_PHONE } },
    })
    expect(restored.ok()).toBe(true)
    await untilShown(request, ['/', '/contact'], SEEDED_PHONE)
  }
})
