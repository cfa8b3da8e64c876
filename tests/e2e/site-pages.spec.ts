import { expect, test, type Page } from '@playwright/test'
import { E2E_URL } from '../../playwright.config'
import { SENT_NONCE } from '../../src/security/scriptMark'
import { CACHED_PAGE_CACHE_CONTROL } from '../../src/server/pageResponses'
import { seededPaths, seededTitle } from './helpers'
import { seriousAxeViolations } from './support/axe'

/** The widths every seeded page is checked at: the desktop and a phone. */
const WIDTHS = [
  { name: 'desktop', width: 1280 },
  { name: 'phone', width: 375 },
]

/** Measure the settled page, not a fade or reveal half-way through. */
const animationsSettled = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))

for (const { name, width } of WIDTHS) {
  test.describe(`seeded pages at ${width} px (${name})`, () => {
    test.use({ viewport: { width, height: 800 } })
    for (const pagePath of seededPaths) {
      test(`${pagePath} answers 200 with its title and one h1, and has no serious or critical axe violation`, async ({
        page,
      }) => {
        const response = await page.goto(pagePath)
        expect(response?.status()).toBe(200)
        const seed = seededTitle(pagePath)
        await expect(page).toHaveTitle(
          new RegExp((seed.seo?.title ?? seed.title).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
        )
        await expect(page.locator('h1')).toHaveCount(1)
        // The main menu on the desktop; below 768 px the button that opens its copy in the mobile panel.
        await expect(
          page.locator(
            width >= 768 ? 'header.site-header nav[aria-label="Main"]' : 'header.site-header .mobile-menu-toggle',
          ),
        ).toBeVisible()
        const canonical = await page.locator('link[rel="canonical"]').getAttribute('href')
        expect(new URL(canonical!).pathname).toBe(pagePath)
        await expect(page.locator('meta[property="og:title"]')).toHaveCount(1)
        await animationsSettled(page)
        expect(await seriousAxeViolations(page)).toEqual([])
      })
    }
  })
}

test.describe('seeded pages', () => {
  test('the home page describes the business as structured data', async ({ page }) => {
    await page.goto('/')
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
    const types = blocks.map((text) => JSON.parse(text)['@type'])
    expect(types).toContain('LocalBusiness')
  })

  test('the FAQ page carries FAQPage structured data with every question', async ({ page }) => {
    await page.goto('/faq')
    const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) =>
      JSON.parse(t),
    )
    const faq = blocks.find((data) => data['@type'] === 'FAQPage')
    const buttons = await page.locator('.accordion-toggle').count()
    expect(faq.mainEntity.length).toBe(buttons)
  })
})

// Which addresses answer 404 (or 400), and that none errors, is tested below the browser
// (src/server/unknownAddresses.test.ts); here, what a visitor to one sees.
test.describe('not found', () => {
  test('an unknown address shows the site’s own 404 page, with the site around it and ways on, accessible at both widths', async ({
    page,
  }) => {
    for (const { width } of WIDTHS) {
      await page.setViewportSize({ width, height: 800 })
      const response = await page.goto('/no-such-page')
      expect(response?.status()).toBe(404)
      await expect(page.locator('h1')).toHaveText(/couldn’t find/)
      await expect(page.locator('header.site-header')).toBeVisible()
      await expect(page.locator('footer.site-footer')).toBeVisible()
      const ways = page.locator('.not-found')
      await expect(ways.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/')
      await expect(ways.getByRole('link', { name: 'See our title search services' })).toHaveAttribute(
        'href',
        '/services',
      )
      await expect(ways.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact')
      await animationsSettled(page)
      expect(await seriousAxeViolations(page), `at ${width} px`).toEqual([])
    }
  })
})

// The headers every page carries (its CSP of hashes, HSTS over https) and the mark that never leaves
// the server are tested below the browser (src/server/pageResponses.test.ts, draftPages.test.ts,
// src/content/admin/clientHints.test.ts); here, what the browser does with them on a built page.
test.describe('security', () => {
  // Only the built server renders and caches the pages; the contact page carries the form, whose
  // behaviour fetches the anti-forgery token (src/security/csrfEndpoint.test.ts), so the page holds none.
  test('every visitor gets the same page and the same policy, which any cache may keep: no token, no cookie', async ({
    playwright,
  }) => {
    const visitors = await Promise.all([1, 2].map(() => playwright.request.newContext({ baseURL: E2E_URL })))
    for (const pagePath of ['/pricing', '/contact']) {
      const [first, second] = await Promise.all(visitors.map((visitor) => visitor.get(pagePath)))
      const html = await first.text()
      expect(await second.text(), pagePath).toBe(html)
      expect(html, pagePath).not.toContain('csrf')
      expect(second.headers()['content-security-policy']).toBe(first.headers()['content-security-policy'])
      expect(first.headers()['set-cookie'], pagePath).toBeUndefined()
      expect(second.headers()['set-cookie'], pagePath).toBeUndefined()
      expect(first.headers()['cache-control'], pagePath).toBe(CACHED_PAGE_CACHE_CONTROL)
    }
    await Promise.all(visitors.map((visitor) => visitor.dispose()))
  })

  test('an inline script injected into a page is blocked while the site’s own scripts run', async ({ page }) => {
    const violations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
    })
    await page.route('**/faq', async (route) => {
      const response = await route.fetch()
      // One bare, one with the nonce every sent page shows: neither was written by the render.
      const injected = `<script>window.__injected = 1</script><script nonce="${SENT_NONCE}">window.__injected = 2</script>`
      const html = (await response.text()).replace('</body>', `${injected}</body>`)
      await route.fulfill({ response, body: html })
    })
    await page.goto('/faq')
    // The site's own inline script ran (it marks the page as scripted) and so did its bundles.
    await expect(page.locator('html')).toHaveClass(/\bjs\b/)
    // The accordion's behaviour attaches once the page's scripts run (after the first paint).
    await page.locator('.accordion[data-ready] .accordion-toggle').first().click()
    await expect(page.locator('.accordion-item.selected')).toHaveCount(1)
    expect(await page.evaluate(() => (window as { __injected?: number }).__injected)).toBeUndefined()
    expect(violations.some((text) => /inline script/i.test(text))).toBe(true)
  })

  test('the page runs with no CSP violation in the console', async ({ page }) => {
    const violations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
    })
    await page.goto('/faq')
    // The accordion's behaviour attaches once the page's scripts run (after the first paint).
    await page.locator('.accordion[data-ready] .accordion-toggle').first().click()
    await expect(page.locator('.accordion-item.selected')).toHaveCount(1)
    expect(violations).toEqual([])
  })
})

test.describe('admin', () => {
  test('/admin shows the login page, never the create-first-user screen', async ({ page }) => {
    await page.goto('/admin/create-first-user')
    await expect(page).toHaveURL(/\/admin\/login/)
    await expect(page.locator('input[type="password"]')).toBeVisible()
  })
})
