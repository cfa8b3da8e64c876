import { expect, type Page, test } from '@playwright/test'
import { SUBMENU_FADE_MS, SUBMENU_HIDE_DELAY_MS } from './contract'
import { chromeReady, DESKTOP, FRAME_MS, mainMenu, onSlowCpu, pauseClock, scrollToElement, scrollY } from './support'

/** DESIGN.md, "Public contract", "Page chrome" (the main menu and its submenus): each test is one clause, on a CPU slowed as a mid-range phone's. */
onSlowCpu()

/** The first main-menu entry that controls a submenu, and its panel (named by aria-controls). */
const submenuControl = (page: Page) =>
  mainMenu(page).locator('a[aria-controls][aria-expanded], button[aria-controls]').first()
const submenuOf = async (page: Page) =>
  page.locator(`[id="${await submenuControl(page).getAttribute('aria-controls')}"]`)
const ACTIVE = /(^|\s)active(\s|$)/

test.describe('page chrome at desktop width', () => {
  test.use({ viewport: DESKTOP })

  test('contract: the main menu is <nav aria-label="Main"> in the header; a submenu control has aria-expanded and aria-controls naming its panel', async ({
    page,
  }) => {
    await page.goto('/')
    await expect(mainMenu(page)).toBeVisible()
    const controls = mainMenu(page).locator('[aria-controls]')
    expect(await controls.count()).toBeGreaterThan(0)
    for (const control of await controls.all()) {
      await expect(control).toHaveAttribute('aria-expanded', /^(true|false)$/)
      const panelId = await control.getAttribute('aria-controls')
      await expect(mainMenu(page).locator(`[id="${panelId}"]`)).toHaveCount(1)
    }
  })

  test('contract: a submenu closes 800 ms after the pointer leaves, then fades over 250 ms', async ({ page }) => {
    await page.clock.install()
    await page.goto('/pricing')
    await chromeReady(page)
    const submenu = await submenuOf(page)
    await submenuControl(page).hover()
    await expect(submenu).toBeVisible()
    await pauseClock(page)
    await page.mouse.move(640, 700)
    await page.clock.runFor(SUBMENU_HIDE_DELAY_MS - FRAME_MS)
    await expect(submenu).toBeVisible()
    await expect(submenuControl(page)).toHaveAttribute('aria-expanded', 'true')
    expect(await submenu.evaluate((el) => getComputedStyle(el).opacity)).toBe('1')
    await page.clock.runFor(2 * FRAME_MS)
    // The fade has begun: a CSS transition, which runs on the browser's own clock (not Playwright's),
    // so its length is read from the panel's closing style (on a loaded machine the transition itself
    // can be over before it is looked at): 250 ms of opacity down to 0, the panel still there.
    const fade = await submenu.evaluate((el) => {
      const style = getComputedStyle(el)
      const properties = style.transitionProperty.split(',').map((name) => name.trim())
      const durations = style.transitionDuration.split(',').map((duration) => parseFloat(duration) * 1000)
      return properties.flatMap((name, index) => (name === 'opacity' ? [durations[index % durations.length]] : []))
    })
    expect(fade).toEqual([SUBMENU_FADE_MS])
    await expect(submenu).toHaveCSS('opacity', '0')
    await expect(submenu).toBeVisible()
    await page.clock.runFor(SUBMENU_FADE_MS - 2 * FRAME_MS)
    await expect(submenu).toBeVisible()
    await page.clock.runFor(2 * FRAME_MS)
    await expect(submenu).toBeHidden()
    await expect(submenuControl(page)).toHaveAttribute('aria-expanded', 'false')
  })

  test('contract: a submenu stays open while focus is inside it', async ({ page }) => {
    await page.clock.install()
    await page.goto('/pricing')
    await chromeReady(page)
    const submenu = await submenuOf(page)
    await submenuControl(page).hover()
    await expect(submenu).toBeVisible()
    await submenu.locator('a').first().focus()
    await pauseClock(page)
    await page.mouse.move(640, 700)
    await page.clock.runFor(SUBMENU_HIDE_DELAY_MS + SUBMENU_FADE_MS + 1000)
    await expect(submenu).toBeVisible()
    await expect(submenuControl(page)).toHaveAttribute('aria-expanded', 'true')
  })

  test('contract: Escape, a click elsewhere or a touch-move closes every submenu', async ({ page }) => {
    await page.goto('/pricing')
    await chromeReady(page)
    const submenu = await submenuOf(page)
    // Opened from the keyboard, with focus inside: nothing but the closing act closes it.
    const openByKeyboard = async () => {
      await submenuControl(page).focus()
      await page.keyboard.press('Enter')
      await expect(submenu).toBeVisible()
    }
    await openByKeyboard()
    await page.keyboard.press('Escape')
    await expect(submenu).toBeHidden()
    await expect(submenuControl(page)).toHaveAttribute('aria-expanded', 'false')

    await openByKeyboard()
    await page.mouse.click(640, 600)
    await expect(submenu).toBeHidden()

    await openByKeyboard()
    await page.evaluate(() => document.dispatchEvent(new TouchEvent('touchmove', { bubbles: true })))
    await expect(submenu).toBeHidden()
    await expect(mainMenu(page).locator('[aria-expanded="true"]')).toHaveCount(0)
  })

  test('contract: the entry for the current page or the section in view has class active and aria-current', async ({
    page,
  }) => {
    await page.goto('/services')
    const services = mainMenu(page).locator('a[href="/services"]')
    await expect(services).toHaveClass(ACTIVE)
    await expect(services).toHaveAttribute('aria-current', /^(?!false$).+/)

    await page.goto('/')
    await chromeReady(page)
    const whyUs = mainMenu(page).locator('a[href="/#why-us"]')
    expect(await whyUs.count()).toBeGreaterThan(0)
    await mainMenu(page).locator('a[aria-controls]').filter({ hasText: 'Why us' }).hover()
    await whyUs.last().click()
    await expect(page).toHaveURL(/#why-us$/)
    for (const entry of await whyUs.all()) {
      await expect(entry).toHaveClass(ACTIVE)
      await expect(entry).toHaveAttribute('aria-current', /^(?!false$).+/)
    }

    // Scrolled into view (once the link's own smooth scroll is over), a section's entry is the active one.
    await expect
      .poll(async () => {
        const before = await scrollY(page)
        await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)))
        return (await scrollY(page)) === before
      })
      .toBe(true)
    await scrollToElement(page, page.locator('#reviews'), 100)
    const reviews = mainMenu(page).locator('a[href="/#reviews"]')
    await expect(reviews).toHaveClass(ACTIVE)
    await expect(reviews).toHaveAttribute('aria-current', /^(?!false$).+/)
  })
})

test.describe('page chrome at desktop width, with a mouse and a touch screen', () => {
  test.use({ viewport: DESKTOP, hasTouch: true })

  test('contract: hover or a first tap opens a submenu', async ({ page }) => {
    await page.goto('/pricing')
    await chromeReady(page)
    const submenu = await submenuOf(page)
    await expect(submenu).toBeHidden()
    await submenuControl(page).hover()
    await expect(submenu).toBeVisible()
    await expect(submenuControl(page)).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Escape')
    await expect(submenu).toBeHidden()

    await submenuControl(page).tap()
    await expect(submenu).toBeVisible()
    await expect(submenuControl(page)).toHaveAttribute('aria-expanded', 'true')
    await expect(page).toHaveURL(/\/pricing$/)
  })
})
