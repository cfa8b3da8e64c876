import { expect, type Page, test } from '@playwright/test'
import { HEADER_FIXED_MIN_WIDTH_PX } from '../../src/site/chrome/constants'
import { MOBILE, chromeAttached, delayScripts } from './support/chrome'

test.describe('mobile menu', () => {
  test.use({ viewport: MOBILE })
  const toggle = (page: Page) => page.locator('button.mobile-menu-toggle')
  const panel = (page: Page) => page.locator('#mobile-menu')

  test('replaces the main menu below 768 px and opens as a dialog with focus inside', async ({ page }) => {
    await page.goto('/')
    await chromeAttached(page)
    await expect(page.locator('nav[aria-label="Main"]')).toBeHidden()
    await expect(toggle(page)).toBeVisible()
    await expect(toggle(page)).toHaveAttribute('aria-controls', 'mobile-menu')
    await toggle(page).click()
    await expect(panel(page)).toBeVisible()
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true')
    expect(await page.evaluate(() => !!document.activeElement?.closest('#mobile-menu'))).toBe(true)
    await expect(panel(page).getByRole('link', { name: 'Pricing' })).toBeVisible()
  })

  test('is closed, and opens again, when Back leaves the page it was opened on inside the page’s script', async ({
    page,
  }) => {
    await page.goto('/')
    await chromeAttached(page)
    await page.locator('main a.button--ghost[href="/services"]').click()
    await expect(page).toHaveURL(/\/services$/)
    await toggle(page).click()
    await expect(panel(page)).toBeVisible()
    await page.goBack()
    await expect(page).toHaveURL(/\/$/)
    await expect(panel(page)).toBeHidden()
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false')
    await expect(page.locator('body')).not.toHaveClass(/mobile-menu-open/)
    await toggle(page).click()
    await expect(panel(page)).toBeVisible()
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true')
  })

  test('opens on the first press even while its code, loaded on first use, is still on the way', async ({ page }) => {
    await page.goto('/')
    // The page's script holds a first press once it has run (before, the toggle is a plain
    // button, as without scripts): a quiet network alone does not say it has, on a busy machine.
    await chromeAttached(page)
    await page.waitForLoadState('networkidle')
    await delayScripts(page)
    await toggle(page).focus()
    await page.keyboard.press('Enter')
    await expect(panel(page)).toBeVisible()
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true')
  })

  test('keeps focus inside while open and closes on Escape, returning focus to the toggle', async ({ page }) => {
    await page.goto('/')
    await chromeAttached(page)
    await toggle(page).click()
    await expect(panel(page)).toBeVisible()
    const count = await panel(page).locator('a:visible, button:visible').count()
    for (let i = 0; i < count + 2; i++) {
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => !!document.activeElement?.closest('#mobile-menu'))).toBe(true)
    }
    await page.keyboard.press('Shift+Tab')
    expect(await page.evaluate(() => !!document.activeElement?.closest('#mobile-menu'))).toBe(true)
    await page.keyboard.press('Escape')
    await expect(panel(page)).toBeHidden()
    await expect(toggle(page)).toBeFocused()
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false')
  })

  test('closes on the overlay and on its close button', async ({ page }) => {
    await page.goto('/')
    await chromeAttached(page)
    await toggle(page).click()
    await expect(panel(page)).toBeVisible()
    await page.mouse.click(10, 400)
    await expect(panel(page)).toBeHidden()
    await toggle(page).click()
    await expect(panel(page)).toBeVisible()
    await panel(page).getByRole('button', { name: 'Close menu' }).click()
    await expect(panel(page)).toBeHidden()
  })

  test('expands a submenu and closes when a link is followed', async ({ page }) => {
    await page.goto('/')
    await chromeAttached(page)
    await toggle(page).click()
    await expect(panel(page)).toBeVisible()
    const more = panel(page).getByRole('button', { name: 'Services: more links' })
    await more.click()
    await expect(more).toHaveAttribute('aria-expanded', 'true')
    await panel(page).getByRole('link', { name: 'Tax search' }).click()
    await expect(page).toHaveURL(/\/services\/tax-search$/)
    await expect(panel(page)).toBeHidden()
  })

  test('closes when the viewport grows to desktop width', async ({ page }) => {
    await page.goto('/')
    await chromeAttached(page)
    await toggle(page).click()
    await expect(panel(page)).toBeVisible()
    await page.setViewportSize({ width: HEADER_FIXED_MIN_WIDTH_PX, height: 800 })
    await expect(panel(page)).toBeHidden()
    await expect(page.locator('nav[aria-label="Main"]')).toBeVisible()
  })
})

test.describe('site search box', () => {
  test("text typed while the suggestions' code is still on the way gets its suggestions", async ({ page }) => {
    await page.goto('/')
    await expect(page.locator('form.site-search')).toHaveClass(/is-enhanced/)
    await page.waitForLoadState('networkidle')
    await delayScripts(page)
    const box = page.getByRole('search', { name: 'Site' }).getByRole('combobox')
    await box.focus()
    await box.fill('lien')
    await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeVisible()
    await expect(box).toHaveAttribute('aria-expanded', 'true')
  })
})
