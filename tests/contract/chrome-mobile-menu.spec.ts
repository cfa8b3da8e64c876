import { expect, type Page, test } from '@playwright/test'
import { HEADER_FIXED_MIN_WIDTH_PX } from './contract'
import { actUntil, chromeReady, DESKTOP, mainMenu, onSlowCpu, slowCpu } from './support'

/** DESIGN.md, "Public contract", "Page chrome" (the mobile menu): each test is one clause, on a CPU slowed as a mid-range phone's. */
onSlowCpu()

const BELOW_DESKTOP = { width: HEADER_FIXED_MIN_WIDTH_PX - 1, height: 800 }

test.describe('page chrome below desktop width', () => {
  test.use({ viewport: BELOW_DESKTOP })
  const toggle = (page: Page) => page.locator('button.mobile-menu-toggle')
  const panel = (page: Page) => page.locator('#mobile-menu')

  test('contract: button.mobile-menu-toggle (aria-controls="mobile-menu", aria-expanded) is shown below 768 px or on touch devices and opens #mobile-menu, a copy of the main menu', async ({
    page,
    browser,
  }) => {
    await page.goto('/')
    await chromeReady(page)
    await expect(toggle(page)).toBeVisible()
    await expect(toggle(page)).toHaveAttribute('aria-controls', 'mobile-menu')
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false')
    await toggle(page).click()
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true')
    await expect(panel(page)).toBeVisible()
    const menuLinks = await mainMenu(page)
      .locator('a[href]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
    const panelLinks = await panel(page)
      .locator('a[href]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
    expect(menuLinks.length).toBeGreaterThan(0)
    expect(new Set(panelLinks)).toEqual(new Set(menuLinks))
    await page.setViewportSize({ width: HEADER_FIXED_MIN_WIDTH_PX, height: 800 })
    await expect(toggle(page)).toBeHidden()

    // A touch device at desktop width.
    const touch = await browser.newContext({ viewport: DESKTOP, hasTouch: true, isMobile: true })
    const tablet = await touch.newPage()
    await slowCpu(tablet)
    await tablet.goto('/')
    await chromeReady(tablet)
    await expect(toggle(tablet)).toBeVisible()
    await touch.close()
  })

  test('contract: the mobile panel closes on Escape, on a link click, on the overlay, and when the viewport grows to 768 px or more', async ({
    page,
  }) => {
    await page.goto('/')
    await chromeReady(page)
    const open = () => actUntil(() => toggle(page).click(), toggle(page), 'aria-expanded', 'true')
    const closed = async () => {
      await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false')
      await expect(panel(page)).toBeHidden()
    }
    await open()
    await page.keyboard.press('Escape')
    await closed()

    await open()
    // The overlay: the part of the viewport the sliding panel leaves uncovered.
    await page.mouse.click(10, 400)
    await closed()

    await open()
    await page.setViewportSize({ width: HEADER_FIXED_MIN_WIDTH_PX, height: 800 })
    await expect(panel(page)).toBeHidden()
    await page.setViewportSize(BELOW_DESKTOP)
    await closed()

    await open()
    await panel(page).locator('a[href="/#why-us"]').first().click()
    await closed()
    await expect(page).toHaveURL(/\/#why-us$/)
  })
})
