import { expect, type Page, test } from '@playwright/test'
import {
  BACK_TO_TOP_THRESHOLD_PX,
  HEADER_FIXED_MIN_WIDTH_PX,
  SCROLL_SPY_THROTTLE_MS,
  SCROLL_THROTTLE_MS,
  SCROLLED_MARKER_PX,
  SMOOTH_SCROLL_MS,
  SUBMENU_FADE_MS,
  SUBMENU_HIDE_DELAY_MS,
} from '../../src/site/chrome/constants'
import { HEADER_Z_INDEX_DEFAULT } from '../../src/cms/globals/SiteSettings'

const DESKTOP = { width: 1280, height: 800 }
const MOBILE = { width: 375, height: 740 }

/** Long enough for one throttled scroll check to have run. */
const SETTLE_MS = SCROLL_THROTTLE_MS * 3
/** Margin for the pause point to still be ahead of the page's clock when the command lands. */
const CLOCK_PAUSE_LEAD_MS = 1000

/** From now on every script arrives late, as on a slow connection. */
async function delayScripts(page: Page, delayMs = 800) {
  await page.route('**/_next/static/chunks/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs))
    await route.continue()
  })
}

/** Adds a link pinned to the viewport, to click as a visitor would. */
async function addPinnedLink(page: Page, href: string, id: string) {
  await page.evaluate(
    ([linkHref, linkId]) => {
      const link = document.createElement('a')
      link.href = linkHref
      link.id = linkId
      link.textContent = linkId
      link.style.position = 'fixed'
      link.style.top = '200px'
      document.body.append(link)
    },
    [href, id],
  )
}

/** Stops the page's clock a little ahead of now (a time already past would be refused). */
async function pauseClock(page: Page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + CLOCK_PAUSE_LEAD_MS)
}

async function scrollToY(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo(0, top), y)
  await page.waitForTimeout(SETTLE_MS)
}

const header = (page: Page) => page.locator('header.site-header')
/** The page's chrome behaviours are attached (a cached page arrives whole, often before its script runs). */
const chromeAttached = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-chrome', 'attached')
const servicesItem = (page: Page) => page.locator('.main-nav .menu-item.has-submenu').first()
const servicesLink = (page: Page) => servicesItem(page).locator('> .menu-link')
const servicesSubmenu = (page: Page) => servicesItem(page).locator('.submenu')

test.describe('fixed header', () => {
  test(`is fixed at ${HEADER_FIXED_MIN_WIDTH_PX} px once scrolled past it, with z-index ${HEADER_Z_INDEX_DEFAULT}`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: HEADER_FIXED_MIN_WIDTH_PX, height: 800 })
    await page.goto('/services')
    await expect(header(page)).not.toHaveClass(/is-fixed/)
    await scrollToY(page, 400)
    await expect(header(page)).toHaveClass(/is-fixed/)
    expect(await header(page).evaluate((el) => getComputedStyle(el).position)).toBe('fixed')
    expect(await header(page).evaluate((el) => getComputedStyle(el).zIndex)).toBe(String(HEADER_Z_INDEX_DEFAULT))
    await scrollToY(page, 0)
    await expect(header(page)).not.toHaveClass(/is-fixed/)
  })

  test(`is never fixed at ${HEADER_FIXED_MIN_WIDTH_PX - 1} px`, async ({ page }) => {
    await page.setViewportSize({ width: HEADER_FIXED_MIN_WIDTH_PX - 1, height: 800 })
    await page.goto('/services')
    await scrollToY(page, 600)
    await expect(header(page)).not.toHaveClass(/is-fixed/)
  })

  test('does not make the page jump when it becomes fixed', async ({ page }) => {
    await page.setViewportSize(DESKTOP)
    await page.goto('/services')
    const mainTop = () => page.locator('main').evaluate((el) => el.getBoundingClientRect().top + window.scrollY)
    const before = await mainTop()
    await scrollToY(page, 300)
    await expect(header(page)).toHaveClass(/is-fixed/)
    expect(await mainTop()).toBe(before)
  })
})

test.describe('scroll markers', () => {
  test(`marks the body scrolled beyond ${SCROLLED_MARKER_PX} px`, async ({ page }) => {
    await page.goto('/services')
    await scrollToY(page, SCROLLED_MARKER_PX)
    await expect(page.locator('body')).not.toHaveClass(/scrolled/)
    await scrollToY(page, SCROLLED_MARKER_PX + 1)
    await expect(page.locator('body')).toHaveClass(/scrolled/)
  })

  test('gives a block visible-first when it first comes into view, and keeps it', async ({ page }) => {
    await page.goto('/')
    const blocks = page.locator('[data-reveal]')
    await expect(blocks.first()).toHaveClass(/visible-first/)
    const last = blocks.last()
    await expect(last).not.toHaveClass(/visible-first/)
    await last.evaluate((el) => el.scrollIntoView())
    await expect(last).toHaveClass(/visible-first/)
    await scrollToY(page, 0)
    await expect(last).toHaveClass(/visible-first/)
  })
})

test.describe('back to top', () => {
  test(`appears beyond ${BACK_TO_TOP_THRESHOLD_PX} px, scrolls to the top and moves focus there`, async ({ page }) => {
    await page.goto('/counties')
    const button = page.getByRole('link', { name: 'Back to top' })
    await scrollToY(page, BACK_TO_TOP_THRESHOLD_PX)
    await expect(button).toBeHidden()
    await scrollToY(page, 1500)
    await expect(button).toBeVisible()
    await button.click()
    await page.waitForTimeout(SMOOTH_SCROLL_MS + 100)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('top')
    await page.waitForTimeout(SETTLE_MS)
    await expect(button).toBeHidden()
  })
})

test.describe('mega menu', () => {
  test.use({ viewport: DESKTOP })

  test('opens on hover and closes 800 ms after the pointer leaves, then fades', async ({ page }) => {
    await page.clock.install()
    await page.goto('/services')
    await servicesLink(page).hover()
    await expect(servicesSubmenu(page)).toBeVisible()
    await expect(servicesLink(page)).toHaveAttribute('aria-expanded', 'true')
    // From here on the page's clock moves only when the test says so.
    await pauseClock(page)
    await page.mouse.move(640, 700)
    await page.clock.runFor(SUBMENU_HIDE_DELAY_MS - 10)
    await expect(servicesSubmenu(page)).toBeVisible()
    await expect(servicesItem(page)).not.toHaveClass(/is-closing/)
    await page.clock.runFor(20)
    await expect(servicesItem(page)).toHaveClass(/is-closing/)
    await page.clock.runFor(SUBMENU_FADE_MS)
    await expect(servicesSubmenu(page)).toBeHidden()
    await expect(servicesLink(page)).toHaveAttribute('aria-expanded', 'false')
  })

  test('stays open while focus is inside it', async ({ page }) => {
    await page.clock.install()
    await page.goto('/services')
    await servicesLink(page).hover()
    await servicesSubmenu(page).locator('a').first().focus()
    await pauseClock(page)
    await page.mouse.move(640, 700)
    await page.clock.runFor(SUBMENU_HIDE_DELAY_MS + SUBMENU_FADE_MS + 500)
    await expect(servicesSubmenu(page)).toBeVisible()
  })

  test('opens on the first tap and follows the link on the second', async ({ browser }) => {
    const context = await browser.newContext({ viewport: DESKTOP, hasTouch: true })
    const page = await context.newPage()
    await page.goto('/pricing')
    await chromeAttached(page)
    await servicesLink(page).tap()
    await expect(servicesSubmenu(page)).toBeVisible()
    await expect(page).toHaveURL(/\/pricing$/)
    await servicesLink(page).tap()
    await expect(page).toHaveURL(/\/services$/)
    await context.close()
  })

  test('closes on a click elsewhere and on a touch-move', async ({ page }) => {
    await page.goto('/services')
    await servicesLink(page).focus()
    await page.keyboard.press('Enter')
    await expect(servicesSubmenu(page)).toBeVisible()
    await page.mouse.click(640, 600)
    await expect(servicesSubmenu(page)).toBeHidden()
    await servicesLink(page).focus()
    await page.keyboard.press('Enter')
    await expect(servicesSubmenu(page)).toBeVisible()
    await page.evaluate(() => document.dispatchEvent(new TouchEvent('touchmove', { bubbles: true })))
    await expect(servicesSubmenu(page)).toBeHidden()
  })

  test('works by keyboard alone: Enter opens, Tab walks in, Escape closes and returns focus', async ({ page }) => {
    await page.goto('/pricing')
    await servicesLink(page).focus()
    await page.keyboard.press('Enter')
    await expect(servicesSubmenu(page)).toBeVisible()
    await expect(page).toHaveURL(/\/pricing$/)
    await page.keyboard.press('Tab')
    await expect(servicesSubmenu(page).locator('a').first()).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(servicesSubmenu(page)).toBeHidden()
    await expect(servicesLink(page)).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(servicesSubmenu(page).locator('a').first()).toBeFocused()
    await page.keyboard.press('Shift+Tab')
    await expect(servicesLink(page)).toBeFocused()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/services\/full-title-search$/)
  })

  test('a closed submenu is skipped by Tab', async ({ page }) => {
    await page.goto('/pricing')
    await servicesLink(page).focus()
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim())
    expect(focused).toBe('Why us')
  })

  test('marks the entry of the current page active', async ({ page }) => {
    await page.goto('/pricing')
    const pricing = page.locator('.main-nav .menu-link', { hasText: 'Pricing' })
    await expect(pricing).toHaveClass(/active/)
    await expect(pricing).toHaveAttribute('aria-current', 'page')
    await page.goto('/services/lien-search')
    await expect(servicesLink(page)).toHaveClass(/active/)
  })
})

test.describe('in-page navigation', () => {
  test.use({ viewport: DESKTOP })

  test('a hash link scrolls smoothly to its section, just below the fixed header', async ({ page }) => {
    await page.goto('/')
    await chromeAttached(page)
    const whyUs = page.locator('.main-nav .menu-item.has-submenu').nth(1)
    await whyUs.locator('> .menu-link').hover()
    await whyUs.getByRole('link', { name: 'Our numbers' }).click()
    // The first moved position, however late a busy machine starts the scroll: short of the end if it is smooth.
    const midway = await page.waitForFunction(() => window.scrollY > 0 && window.scrollY).then((y) => y.jsonValue())
    await page.waitForTimeout(SMOOTH_SCROLL_MS)
    // Let the scroll and the block's reveal animation (a transform) finish before measuring where it sits.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
    const headerHeight = await header(page).evaluate((el) => el.getBoundingClientRect().height)
    await expect
      .poll(() => page.locator('#numbers').evaluate((el) => el.getBoundingClientRect().top))
      .toBeGreaterThanOrEqual(headerHeight - 2)
    const target = await page.locator('#numbers').evaluate((el) => el.getBoundingClientRect().top)
    expect(Math.abs(target - headerHeight)).toBeLessThanOrEqual(2)
    expect(midway).toBeLessThan(await page.evaluate(() => window.scrollY))
    await expect(page).toHaveURL(/#numbers$/)
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('numbers')
  })

  test('the address-bar hash and the active entry follow the section in view, without new history', async ({
    page,
  }) => {
    await page.goto('/')
    const historyLength = await page.evaluate(() => history.length)
    await page
      .locator('#reviews')
      .evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 100))
    await page.waitForTimeout(SCROLL_SPY_THROTTLE_MS + 200)
    await expect(page).toHaveURL(/#reviews$/)
    const entry = page.locator('.main-nav a[href="/#reviews"]')
    await expect(entry).toHaveClass(/active/)
    await expect(entry).toHaveAttribute('aria-current', 'location')
    await scrollToY(page, 0)
    await page.waitForTimeout(SCROLL_SPY_THROTTLE_MS + 200)
    await expect(page).toHaveURL(/\/$/)
    await expect(entry).not.toHaveClass(/active/)
    expect(await page.evaluate(() => history.length)).toBe(historyLength)
  })

  test('a link to the current page without a hash scrolls to the top', async ({ page }) => {
    await page.goto('/pricing')
    await scrollToY(page, 800)
    await addPinnedLink(page, '/pricing', 'self-link')
    await page.locator('#self-link').click()
    await page.waitForTimeout(SMOOTH_SCROLL_MS + 100)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    await expect(page).toHaveURL(/\/pricing$/)
  })

  test('back and forward still move between the hash and the page', async ({ page }) => {
    await page.goto('/')
    const whyUs = page.locator('.main-nav .menu-item.has-submenu').nth(1)
    await whyUs.locator('> .menu-link').hover()
    await whyUs.getByRole('link', { name: 'What clients say' }).click()
    await expect(page).toHaveURL(/#reviews$/)
    await page.goBack()
    await expect(page).toHaveURL(/\/$/)
    await page.goForward()
    await expect(page).toHaveURL(/#reviews$/)
  })

  test('under reduced motion, a hash link jumps at once', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto('/')
    await addPinnedLink(page, '#reviews', 'jump')
    await page.locator('#jump').click()
    const top = await page.locator('#reviews').evaluate((el) => el.getBoundingClientRect().top)
    const headerHeight = await header(page).evaluate((el) => el.getBoundingClientRect().height)
    expect(Math.abs(top - headerHeight)).toBeLessThanOrEqual(2)
  })
})

test.describe('mobile menu', () => {
  test.use({ viewport: MOBILE })
  const toggle = (page: Page) => page.locator('button.mobile-menu-toggle')
  const panel = (page: Page) => page.locator('#mobile-menu')

  test('replaces the main menu below 768 px and opens as a dialog with focus inside', async ({ page }) => {
    await page.goto('/')
    await expect(page.locator('nav[aria-label="Main"]')).toBeHidden()
    await expect(toggle(page)).toBeVisible()
    await expect(toggle(page)).toHaveAttribute('aria-controls', 'mobile-menu')
    await toggle(page).click()
    await expect(panel(page)).toBeVisible()
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true')
    expect(await page.evaluate(() => !!document.activeElement?.closest('#mobile-menu'))).toBe(true)
    await expect(panel(page).getByRole('link', { name: 'Pricing' })).toBeVisible()
  })

  test('opens on the first press even while its code, loaded on first use, is still on the way', async ({ page }) => {
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    await delayScripts(page)
    await toggle(page).focus()
    await page.keyboard.press('Enter')
    await expect(panel(page)).toBeVisible()
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true')
  })

  test('keeps focus inside while open and closes on Escape, returning focus to the toggle', async ({ page }) => {
    await page.goto('/')
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
