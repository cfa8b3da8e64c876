import { test, type APIRequestContext, type Page } from '@playwright/test'
import { E2E_URL } from '../../playwright.config'
import { FONT_FILES_PATH, FONT_PAIRINGS, FONTS_SERVED_CLASS } from '../../src/brand/fonts'
import {
  ADMIN_TEST_TIMEOUT_MS,
  EDIT_VISIBLE_MS,
  fillAndWaitForChecks,
  openAdmin,
  signInAsAdmin,
  adminExpect as expect,
} from './support/admin'

// What the brand settings accept and what they make (the contrast rule, the CSS, the icons, the
// JSON-LD): tests/integration/brand.test.ts. Here, an owner's one walk through them.

/** A wide logo the owner uploads: a navy bar with a white disc. */
const LOGO_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="80" viewBox="0 0 200 80">' +
    '<rect width="200" height="80" rx="12" fill="#1f4e79"/><circle cx="40" cy="40" r="24" fill="#fff"/></svg>',
)

const PASSING_PRIMARY = '#1f4e79'
/** White on pure red is 3.99:1, under AA's 4.5:1. */
const FAILING_PRIMARY = '#ff0000'

async function resetBrand(request: APIRequestContext, token: string) {
  const reset = await request.post('/api/globals/site-settings', {
    headers: { Authorization: `JWT ${token}` },
    data: { appearance: { logo: null, primaryColour: null, accentColour: null, fontPairing: 'classic' } },
  })
  expect(reset.ok()).toBe(true)
}

/** When the page's font files were asked for, and when its load event came, in ms from its navigation. */
async function fontTimings(page: Page): Promise<{ loaded: number; fonts: number[] }> {
  await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${FONTS_SERVED_CLASS}\\b`))
  return page.evaluate(async (fontPath) => {
    await document.fonts.ready
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
    const fonts = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.startsWith(fontPath))
      .map((entry) => entry.startTime)
    return { loaded: navigation.loadEventStart, fonts }
  }, FONT_FILES_PATH)
}

test.describe('the brand in Settings → Appearance', () => {
  test.setTimeout(ADMIN_TEST_TIMEOUT_MS)

  test('an owner uploads a logo, is refused a colour white text cannot be read on, picks fonts, and sees it all on the site', async ({
    browser,
    context,
    page,
    request,
  }) => {
    const token = await signInAsAdmin(context, request)
    try {
      await openAdmin(page, '/globals/site-settings')
      await page.getByRole('button', { name: 'Appearance', exact: true }).click()

      // The logo: a new upload from the field itself.
      const logoField = page
        .locator('#field-appearance__logo, [id="field-appearance.logo"], .field-type.upload')
        .first()
      await logoField.getByRole('button', { name: 'Create New' }).click()
      const drawer = page.locator('.drawer__content, [role="dialog"]').last()
      await drawer.locator('input[type="file"]').setInputFiles({
        name: 'owner-logo.svg',
        mimeType: 'image/svg+xml',
        buffer: LOGO_SVG,
      })
      await fillAndWaitForChecks(page, drawer.locator('#field-alt'), 'Owner logo')
      await drawer.getByRole('button', { name: 'Save' }).click()
      await expect(logoField).toContainText('owner-logo')

      // A colour white text is not readable on is refused, with the pair and its ratio.
      const primary = page.locator('#field-appearance__primaryColour')
      await fillAndWaitForChecks(page, primary, FAILING_PRIMARY)
      await page.locator('#action-save').click()
      await expect(page.getByText(/primary colour #ff0000 has a contrast of 3\.99:1/).first()).toBeVisible()

      await fillAndWaitForChecks(page, primary, PASSING_PRIMARY)
      await page.locator('#field-appearance__fontPairing .rs__control').click()
      await page.getByRole('option', { name: FONT_PAIRINGS.warm.label }).click()
      await page.locator('#action-save').click()
      await expect(page.getByText(/updated successfully/i).first()).toBeVisible()

      // The admin wears it too: in its nav, and on the sign-in page a signed-out owner sees.
      await openAdmin(page, '')
      await expect(page.locator('img.admin-brand-logo').first()).toBeVisible()
      const signedOut = await browser.newPage()
      try {
        await signedOut.goto(`${E2E_URL}/admin/login`)
        await expect(signedOut.locator('img.admin-brand-logo').first()).toBeVisible()
      } finally {
        await signedOut.close()
      }

      // The site shows it at once (within the time any edit takes to reach visitors).
      const fontFiles: string[] = []
      page.on('request', (asked) => {
        const { pathname } = new URL(asked.url())
        if (pathname.startsWith(FONT_FILES_PATH)) fontFiles.push(pathname.slice(FONT_FILES_PATH.length))
      })
      await expect(async () => {
        await page.goto('/about')
        await expect(page.locator('header.site-header .brand-logo')).toBeVisible({ timeout: 500 })
      }).toPass({ timeout: EDIT_VISIBLE_MS + 5000 })
      const icon = await page.locator('link[rel="icon"][type="image/png"]').getAttribute('href')
      expect(icon).toContain('/brand-assets/icon-32.png')
      const favicon = await request.get(icon!)
      expect(favicon.headers()['content-type']).toBe('image/png')

      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${FONTS_SERVED_CLASS}\\b`))
      const look = await page.evaluate(async () => {
        await document.fonts.ready
        const root = getComputedStyle(document.documentElement)
        return {
          primary: root.getPropertyValue('--navy').trim(),
          bodyFont: getComputedStyle(document.body).fontFamily,
          headingFont: getComputedStyle(document.querySelector('h1')!).fontFamily,
        }
      })
      expect(look.primary).toBe(PASSING_PRIMARY)
      expect(look.bodyFont).toContain(FONT_PAIRINGS.warm.text.family)
      expect(look.headingFont).toContain(FONT_PAIRINGS.warm.heading.family)
      // Only the chosen pairing's files load.
      expect(new Set(fontFiles)).toEqual(new Set([FONT_PAIRINGS.warm.text.file, FONT_PAIRINGS.warm.heading.file]))

      // A first visit asks for them once the page has loaded; the session's next page, at once.
      const visitor = await browser.newPage()
      try {
        await visitor.goto(`${E2E_URL}/contact`)
        const first = await fontTimings(visitor)
        expect(first.fonts).toHaveLength(2)
        for (const startTime of first.fonts) expect(startTime).toBeGreaterThanOrEqual(first.loaded)
        await visitor.goto(`${E2E_URL}/about`)
        const next = await fontTimings(visitor)
        expect(next.fonts).toHaveLength(2)
        for (const startTime of next.fonts) expect(startTime).toBeLessThan(next.loaded)
      } finally {
        await visitor.close()
      }
    } finally {
      await resetBrand(request, token)
    }
  })
})
