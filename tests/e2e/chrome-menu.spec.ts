import { expect, test } from '@playwright/test'
import {
  SCROLL_SPY_THROTTLE_MS,
  SECTION_IN_VIEW_CLASS,
  SMOOTH_SCROLL_MS,
  SUBMENU_FADE_MS,
  SUBMENU_HIDE_DELAY_MS,
} from '../../src/site/chrome/constants'
import {
  DESKTOP,
  addPinnedLink,
  pauseClock,
  scrollToY,
  header,
  chromeAttached,
  servicesItem,
  servicesLink,
  servicesSubmenu,
} from './support/chrome'

test.describe('mega menu', () => {
  test.use({ viewport: DESKTOP })

  test('opens on hover and closes 800 ms after the pointer leaves, then fades', async ({ page }) => {
    await page.clock.install()
    await page.goto('/services')
    await chromeAttached(page)
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
    await chromeAttached(page)
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

  test('with a mouse, a click on a top entry follows its link even when its submenu has just closed', async ({
    page,
  }) => {
    await page.goto('/pricing')
    await chromeAttached(page)
    await servicesLink(page).hover()
    await expect(servicesSubmenu(page)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(servicesSubmenu(page)).toBeHidden()
    await servicesLink(page).click()
    await expect(page).toHaveURL(/\/services$/)
  })

  test('closes on a click elsewhere and on a touch-move', async ({ page }) => {
    await page.goto('/services')
    await chromeAttached(page)
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

  test('works by keyboard alone: Enter opens, Tab walks in, the arrows, Home and End walk its links, Escape closes and returns focus', async ({
    page,
  }) => {
    await page.goto('/pricing')
    // Before the header's script is attached, Enter follows the link, as it does without JavaScript.
    await chromeAttached(page)
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
    const links = servicesSubmenu(page).locator('a')
    await expect(links.first()).toBeFocused()
    // In the open submenu the arrows walk its links, Home and End reach its ends.
    await page.keyboard.press('ArrowDown')
    await expect(links.nth(1)).toBeFocused()
    await page.keyboard.press('End')
    await expect(links.last()).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(links.last()).toBeFocused()
    await page.keyboard.press('Home')
    await expect(links.first()).toBeFocused()
    await page.keyboard.press('ArrowUp')
    await expect(servicesLink(page)).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(links.first()).toBeFocused()
    await page.keyboard.press('Shift+Tab')
    await expect(servicesLink(page)).toBeFocused()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/services\/full-title-search$/)
  })

  test('a closed submenu is skipped by Tab', async ({ page }) => {
    await page.goto('/pricing')
    await chromeAttached(page)
    await servicesLink(page).focus()
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim())
    expect(focused).toBe('Why us')
  })

  test('marks the entry of the current page, and its parent, in the HTML the server sends', async ({ request }) => {
    const pricing = await (await request.get('/pricing')).text()
    expect(pricing).toMatch(/<a href="\/pricing" class="menu-link active" aria-current="page">/)
    const lienSearch = await (await request.get('/services/lien-search')).text()
    expect(lienSearch).toMatch(/<a [^>]*href="\/services" class="menu-link active">/)
    expect(lienSearch).toMatch(/<a href="\/services\/lien-search" class="submenu-link active" aria-current="page">/)
    expect(lienSearch.match(/aria-current="page"/g)).toHaveLength(2) // the header's entry and the panel's
  })

  test('marks the entry of the current page active', async ({ page }) => {
    await page.goto('/pricing')
    const pricing = page.locator('.main-nav .menu-link', { hasText: 'Pricing' })
    await expect(pricing).toHaveClass(/active/)
    await expect(pricing).toHaveAttribute('aria-current', 'page')
    await page.goto('/services/lien-search')
    await expect(servicesLink(page)).toHaveClass(/active/)
  })

  test('moves its marks with a navigation inside the page’s script, the menu itself kept', async ({ page }) => {
    await page.goto('/')
    await chromeAttached(page)
    const reviews = page.locator('.main-nav a[href="/#reviews"]')
    await page
      .locator('#reviews')
      .evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 100))
    await expect(reviews).toHaveAttribute('aria-current', 'location')
    // A mark on the document tells a navigation by the router (the document stays) from a page load.
    const sameDocument = () => page.evaluate(() => (window as unknown as { sameDocument?: true }).sameDocument)
    await page.evaluate(() => ((window as unknown as { sameDocument: true }).sameDocument = true))
    const menuBefore = await page
      .getByRole('navigation', { name: 'Main', exact: true })
      .elementHandle({ timeout: 7000 })
    await page.locator('main a.button--light[href="/contact"]').click()
    await expect(page).toHaveURL(/\/contact$/)
    await expect(page.locator('main form')).toBeVisible()
    expect(await sameDocument()).toBe(true)
    expect(await menuBefore.evaluate((el) => el.isConnected)).toBe(true)
    // The contact page has no menu entry: nothing is marked, the section mark of the page left included.
    await expect(page.locator('.main-nav a[aria-current], .mobile-menu a[aria-current]')).toHaveCount(0)
    await expect(page.locator('.main-nav a:is(.active, .in-view), .mobile-menu a:is(.active, .in-view)')).toHaveCount(0)
    await page.locator('.site-header a.brand').click()
    await expect(page).toHaveURL(/\/$/)
    await page.locator('main a.button--ghost[href="/services"]').click()
    await expect(page).toHaveURL(/\/services$/)
    expect(await sameDocument()).toBe(true)
    await expect(servicesLink(page)).toHaveAttribute('aria-current', 'page')
    await expect(servicesLink(page)).toHaveClass(/active/)
    await expect(page.locator('.main-nav a[aria-current]')).toHaveCount(1)
    await expect(page.locator('.mobile-menu a[aria-current="page"]')).toHaveAttribute('href', '/services')
  })
})

test.describe('in-page navigation', () => {
  test.use({ viewport: DESKTOP })

  test('a hash link scrolls smoothly to its section, just below the fixed header', async ({ page }) => {
    await page.goto('/')
    await chromeAttached(page)
    const whyUs = page.locator('.main-nav .menu-item.has-submenu').nth(1)
    await whyUs.locator('> .menu-link').hover()
    // Every position the page passes through, recorded in the page itself, so that a busy machine's
    // late polling cannot miss the steps of a smooth scroll.
    await page.evaluate(() => {
      const passed: number[] = []
      ;(window as unknown as { passedScrollY: number[] }).passedScrollY = passed
      window.addEventListener('scroll', () => passed.push(window.scrollY))
    })
    await whyUs.getByRole('link', { name: 'Our numbers' }).click()
    await page.waitForFunction(() => window.scrollY > 0)
    await page.waitForTimeout(SMOOTH_SCROLL_MS)
    // Let the scroll and the block's reveal animation (a transform) finish before measuring where it sits.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
    const headerHeight = await header(page).evaluate((el) => el.getBoundingClientRect().height)
    await expect
      .poll(() => page.locator('#numbers').evaluate((el) => el.getBoundingClientRect().top))
      .toBeGreaterThanOrEqual(headerHeight - 2)
    const target = await page.locator('#numbers').evaluate((el) => el.getBoundingClientRect().top)
    expect(Math.abs(target - headerHeight)).toBeLessThanOrEqual(2)
    const finalY = await page.evaluate(() => window.scrollY)
    const passed = await page.evaluate(() => (window as unknown as { passedScrollY: number[] }).passedScrollY)
    // Smooth: the page stopped somewhere short of the section on its way there.
    expect(passed.some((y) => y > 0 && y < finalY)).toBe(true)
    await expect(page).toHaveURL(/#numbers$/)
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('numbers')
  })

  test('the address-bar hash and the active entry follow the section in view, without new history', async ({
    page,
  }) => {
    await page.goto('/')
    await chromeAttached(page)
    const historyLength = await page.evaluate(() => history.length)
    await page
      .locator('#reviews')
      .evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 100))
    await page.waitForTimeout(SCROLL_SPY_THROTTLE_MS + 200)
    await expect(page).toHaveURL(/#reviews$/)
    const entry = page.locator('.main-nav a[href="/#reviews"]')
    await expect(entry).toHaveClass(new RegExp(SECTION_IN_VIEW_CLASS))
    await expect(entry).toHaveAttribute('aria-current', 'location')
    await scrollToY(page, 0)
    await page.waitForTimeout(SCROLL_SPY_THROTTLE_MS + 200)
    await expect(page).toHaveURL(/\/$/)
    await expect(entry).not.toHaveClass(new RegExp(SECTION_IN_VIEW_CLASS))
    expect(await page.evaluate(() => history.length)).toBe(historyLength)
  })

  test('a link to the current page without a hash scrolls to the top', async ({ page }) => {
    await page.goto('/pricing')
    await chromeAttached(page)
    await scrollToY(page, 800)
    await addPinnedLink(page, '/pricing', 'self-link')
    await page.locator('#self-link').click()
    await page.waitForTimeout(SMOOTH_SCROLL_MS + 100)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    await expect(page).toHaveURL(/\/pricing$/)
  })

  test('back and forward still move between the hash and the page', async ({ page }) => {
    await page.goto('/')
    await chromeAttached(page)
    const whyUs = page.locator('.main-nav .menu-item.has-submenu').nth(1)
    await whyUs.locator('> .menu-link').hover()
    await whyUs.getByRole('link', { name: 'What clients say' }).click()
    await expect(page).toHaveURL(/#reviews$/)
    // The smooth scroll arrives before the visitor goes back: the entry keeps where the page stood
    // then, and going back mid-scroll would keep a place in the section before (which the
    // scroll-spy would then name on the way forward).
    const headerHeight = await header(page).evaluate((el) => el.getBoundingClientRect().height)
    await expect
      .poll(() => page.locator('#reviews').evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBeLessThanOrEqual(Math.round(headerHeight) + 2)
    await page.goBack()
    await expect(page).toHaveURL(/\/$/)
    await page.goForward()
    await expect(page).toHaveURL(/#reviews$/)
  })

  test('under reduced motion, a hash link jumps at once', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto('/')
    await chromeAttached(page)
    await addPinnedLink(page, '#reviews', 'jump')
    await page.locator('#jump').click()
    const top = await page.locator('#reviews').evaluate((el) => el.getBoundingClientRect().top)
    const headerHeight = await header(page).evaluate((el) => el.getBoundingClientRect().height)
    expect(Math.abs(top - headerHeight)).toBeLessThanOrEqual(2)
  })
})
