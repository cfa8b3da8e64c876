import { expect, type Page, test } from '@playwright/test'
import {
  BACK_TO_TOP_AFTER_PX,
  BODY_SCROLLED_AFTER_PX,
  HEADER_FIXED_MIN_WIDTH_PX,
  HEADER_Z_INDEX,
  REVEAL_CHECK_MS,
  SCROLL_SPY_MS,
  SMOOTH_SCROLL_MS,
  SUBMENU_FADE_MS,
  SUBMENU_HIDE_DELAY_MS,
} from './contract'
import { actUntil, chromeReady, onSlowCpu, pauseClock, scrollTo, scrollToElement, slowCpu } from './support'

/** DESIGN.md, "Public contract", "Page chrome": each test is one clause, on a CPU slowed as a mid-range phone's. */
onSlowCpu()

const DESKTOP = { width: 1280, height: 800 }
const BELOW_DESKTOP = { width: HEADER_FIXED_MIN_WIDTH_PX - 1, height: 800 }
/** A little more than one animation frame (16.7 ms) of the fake clock. */
const FRAME_MS = 20

const header = (page: Page) => page.locator('header.site-header')
const body = (page: Page) => page.locator('body')
const mainMenu = (page: Page) => header(page).locator('nav[aria-label="Main"]')
/** The first main-menu entry that controls a submenu, and its panel (named by aria-controls). */
const submenuControl = (page: Page) =>
  mainMenu(page).locator('a[aria-controls][aria-expanded], button[aria-controls]').first()
const submenuOf = async (page: Page) =>
  page.locator(`[id="${await submenuControl(page).getAttribute('aria-controls')}"]`)
const scrollY = (page: Page) => page.evaluate(() => window.scrollY)
const ACTIVE = /(^|\s)active(\s|$)/

test.describe('page chrome at desktop width', () => {
  test.use({ viewport: DESKTOP })

  test('contract: the header gets is-fixed past its offset at >= 768 px (fixed, z-index 1000) and never below', async ({
    page,
  }) => {
    // Every class the header ever had, with the viewport width at that moment.
    await page.addInitScript(() => {
      const seen: { width: number; fixed: boolean }[] = []
      Object.assign(window, { headerStates: seen })
      new MutationObserver(() => {
        const el = document.querySelector('header.site-header')
        if (el) seen.push({ width: window.innerWidth, fixed: el.classList.contains('is-fixed') })
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] })
    })
    await page.setViewportSize({ width: HEADER_FIXED_MIN_WIDTH_PX, height: 800 })
    await page.goto('/services')
    await chromeReady(page)
    const offset = await header(page).evaluate((el) => el.getBoundingClientRect().top + window.scrollY)
    await expect(header(page)).not.toHaveClass(/is-fixed/)
    await scrollTo(page, offset + 300)
    await expect(header(page)).toHaveClass(/(^|\s)is-fixed(\s|$)/)
    expect(await header(page).evaluate((el) => getComputedStyle(el).position)).toBe('fixed')
    expect(await header(page).evaluate((el) => getComputedStyle(el).zIndex)).toBe(String(HEADER_Z_INDEX))
    await scrollTo(page, 0)
    await expect(header(page)).not.toHaveClass(/is-fixed/)

    await page.setViewportSize({ width: HEADER_FIXED_MIN_WIDTH_PX - 1, height: 800 })
    await scrollTo(page, offset + 600)
    // The page has looked at this scroll (body.scrolled follows it), then two more scroll checks' worth.
    await expect(body(page)).toHaveClass(/(^|\s)scrolled(\s|$)/)
    await page.evaluate((ms) => new Promise((resolve) => setTimeout(resolve, ms)), 2 * REVEAL_CHECK_MS)
    const states = await page.evaluate(
      () => (window as unknown as { headerStates: { width: number; fixed: boolean }[] }).headerStates,
    )
    expect(states.filter((state) => state.width < HEADER_FIXED_MIN_WIDTH_PX && state.fixed)).toEqual([])
    await expect(header(page)).not.toHaveClass(/is-fixed/)
  })

  test('contract: <body> has class scrolled while scrollY > 24', async ({ page }) => {
    await page.goto('/services')
    await chromeReady(page)
    await expect(body(page)).not.toHaveClass(/scrolled/)
    await scrollTo(page, BODY_SCROLLED_AFTER_PX + 1)
    await expect(body(page)).toHaveClass(/(^|\s)scrolled(\s|$)/)
    await scrollTo(page, BODY_SCROLLED_AFTER_PX)
    await expect(body(page)).not.toHaveClass(/scrolled/)
    await scrollTo(page, BODY_SCROLLED_AFTER_PX + 1)
    await expect(body(page)).toHaveClass(/(^|\s)scrolled(\s|$)/)
  })

  test('contract: every top-level block carries data-reveal and gains visible-first on first entering the viewport (checked at most every 50 ms), and keeps it', async ({
    page,
  }) => {
    await page.clock.install()
    await page.goto('/')
    await chromeReady(page)
    const blocks = page.locator('main > :not(script)')
    expect(await blocks.count()).toBeGreaterThan(2)
    for (const block of await blocks.all()) await expect(block).toHaveAttribute('data-reveal')
    const last = page.locator('main > [data-reveal]').last()
    await expect(last).not.toHaveClass(/visible-first/)
    await pauseClock(page)
    // A first scroll that leaves the block out of view, then one that brings it in, at once.
    await scrollTo(page, 1)
    await scrollToElement(page, last, 100)
    await page.clock.runFor(REVEAL_CHECK_MS)
    await expect(last).toHaveClass(/(^|\s)visible-first(\s|$)/)
    await scrollTo(page, 0)
    await page.clock.runFor(REVEAL_CHECK_MS * 4)
    await expect(last).toHaveClass(/(^|\s)visible-first(\s|$)/)
  })

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

  test('contract: hash links (#id or this path plus #id) scroll smoothly over 400 ms to the anchor below the fixed header', async ({
    page,
  }) => {
    await page.clock.install()
    await page.goto('/')
    await chromeReady(page)
    await pauseClock(page)
    const whyUs = mainMenu(page).locator('a[aria-controls]').filter({ hasText: 'Why us' })
    await whyUs.hover()
    const numbersLink = mainMenu(page).locator('a[href="/#numbers"]')
    await expect(numbersLink).toBeVisible()
    // Where the section's box starts below the fixed header, from layout (a reveal's transform aside).
    const belowHeader = async (id: string) =>
      page.locator(`[id="${id}"]`).evaluate((el) => {
        let top = 0
        for (let node: HTMLElement | null = el as HTMLElement; node; node = node.offsetParent as HTMLElement | null)
          top += node.offsetTop
        const bar = document.querySelector('header.site-header')!.getBoundingClientRect()
        return Math.round(top - window.scrollY - bar.bottom)
      })

    // Where a block is, is read once its reveal (a transform, run in real time) has finished.
    const revealsDone = () =>
      expect
        .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length))
        .toBe(0)

    /** Clicking scrolls smoothly: on its way at 200 ms, still moving at 360 ms, below the header at 420 ms. */
    const scrollsSmoothlyTo = async (id: string, click: () => Promise<void>) => {
      await revealsDone()
      const from = await scrollY(page)
      await click()
      await page.clock.runFor(SMOOTH_SCROLL_MS / 2)
      expect(await scrollY(page), 'on its way half-way through').toBeGreaterThan(from)
      expect(Math.abs(await belowHeader(id))).toBeGreaterThan(2)
      await page.clock.runFor(SMOOTH_SCROLL_MS / 2 - 2 * FRAME_MS)
      const late = await scrollY(page)
      await page.clock.runFor(3 * FRAME_MS)
      expect(await scrollY(page), 'still moving just before 400 ms').not.toBe(late)
      expect(Math.abs(await belowHeader(id)), 'just below the header at 400 ms').toBeLessThanOrEqual(2)
    }

    // This page's path plus #id, from the main menu.
    await scrollsSmoothlyTo('numbers', () => numbersLink.click())
    await expect(header(page)).toHaveClass(/(^|\s)is-fixed(\s|$)/)
    await expect(page).toHaveURL(/\/#numbers$/)

    // A bare #id, from a link the page shows.
    await page.evaluate(() => {
      const link = Object.assign(document.createElement('a'), {
        href: '#reviews',
        id: 'to-reviews',
        textContent: 'Reviews',
      })
      link.style.cssText = 'position:fixed;left:20px;bottom:20px;z-index:2000'
      document.body.append(link)
    })
    await scrollsSmoothlyTo('reviews', () => page.locator('#to-reviews').click())
    await expect(page).toHaveURL(/\/#reviews$/)
  })

  test('contract: the address-bar hash follows the section in view by history.replaceState, at most every 500 ms', async ({
    page,
  }) => {
    // Each hash change the page makes, with the page's (fake) time and the history method.
    await page.addInitScript(() => {
      const changes: { method: string; hash: string; at: number }[] = []
      Object.assign(window, { hashChanges: changes })
      for (const method of ['pushState', 'replaceState'] as const) {
        const original = history[method]
        history[method] = function (this: History, state: unknown, unused: string, url?: string | URL | null) {
          const hash = new URL(url ?? location.href, location.href).hash
          if (hash !== location.hash) changes.push({ method, hash, at: Date.now() })
          return original.call(this, state, unused, url)
        }
      }
    })
    await page.clock.install()
    await page.goto('/')
    await chromeReady(page)
    const historyLength = await page.evaluate(() => history.length)
    await pauseClock(page)
    const since = await page.evaluate(() => Date.now())
    // Three sections brought into view one after the other, within the same instant.
    for (const id of ['why-us', 'how-it-works', 'numbers']) await scrollToElement(page, page.locator(`#${id}`), 120)
    await page.clock.runFor(SCROLL_SPY_MS)
    await expect(page).toHaveURL(/\/#numbers$/)
    const changes = (
      await page.evaluate(
        () => (window as unknown as { hashChanges: { method: string; hash: string; at: number }[] }).hashChanges,
      )
    ).filter((change) => change.at >= since)
    expect(changes.length).toBeGreaterThan(0)
    expect(changes.every((change) => change.method === 'replaceState')).toBe(true)
    for (let i = 1; i < changes.length; i++)
      expect(changes[i].at - changes[i - 1].at).toBeGreaterThanOrEqual(SCROLL_SPY_MS)
    expect(await page.evaluate(() => history.length)).toBe(historyLength)
  })

  test('contract: a link to the current page without a hash scrolls to top', async ({ page }) => {
    await page.clock.install()
    await page.goto('/pricing')
    await chromeReady(page)
    await page.evaluate(() => Object.assign(window, { sameDocument: true }))
    await pauseClock(page)
    await scrollTo(page, 800)
    await page.clock.runFor(SMOOTH_SCROLL_MS)
    await mainMenu(page).getByRole('link', { name: 'Pricing', exact: true }).click()
    await page.clock.runFor(SMOOTH_SCROLL_MS + FRAME_MS)
    expect(await scrollY(page)).toBe(0)
    await expect(page).toHaveURL(/\/pricing$/)
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
  })

  test('contract: back to top is <a class="back-to-top" href="#top"> named "Back to top", shown while scrollY > 100', async ({
    page,
  }) => {
    await page.goto('/counties')
    await chromeReady(page)
    const backToTop = page.getByRole('link', { name: 'Back to top', exact: true, includeHidden: true })
    await expect(backToTop).toHaveCount(1)
    expect(
      await backToTop.evaluate((el) => [el.tagName, el.classList.contains('back-to-top'), el.getAttribute('href')]),
    ).toEqual(['A', true, '#top'])
    await expect(backToTop).toBeHidden()
    await scrollTo(page, BACK_TO_TOP_AFTER_PX + 1)
    await expect(backToTop).toBeVisible()
    await scrollTo(page, BACK_TO_TOP_AFTER_PX)
    await expect(backToTop).toBeHidden()
    await scrollTo(page, BACK_TO_TOP_AFTER_PX + 1)
    await expect(backToTop).toBeVisible()
  })

  test('contract: back to top scrolls to the top over 400 ms', async ({ page }) => {
    await page.clock.install()
    await page.goto('/counties')
    await chromeReady(page)
    await pauseClock(page)
    await scrollTo(page, 1500)
    await page.clock.runFor(SMOOTH_SCROLL_MS)
    const backToTop = page.getByRole('link', { name: 'Back to top', exact: true })
    await expect(backToTop).toBeVisible()
    await backToTop.click()
    await page.clock.runFor(SMOOTH_SCROLL_MS / 2)
    const halfway = await scrollY(page)
    expect(halfway).toBeGreaterThan(0)
    expect(halfway).toBeLessThan(1500)
    await page.clock.runFor(SMOOTH_SCROLL_MS / 2 - 2 * FRAME_MS)
    expect(await scrollY(page), 'still moving just before 400 ms').toBeGreaterThan(0)
    await page.clock.runFor(3 * FRAME_MS)
    expect(await scrollY(page)).toBe(0)
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
