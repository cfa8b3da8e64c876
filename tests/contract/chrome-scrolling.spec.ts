import { expect, test } from '@playwright/test'
import {
  BACK_TO_TOP_AFTER_PX,
  BODY_SCROLLED_AFTER_PX,
  HEADER_FIXED_MIN_WIDTH_PX,
  HEADER_Z_INDEX,
  REVEAL_CHECK_MS,
  SCROLL_SPY_MS,
  SMOOTH_SCROLL_MS,
} from './contract'
import {
  body,
  chromeReady,
  DESKTOP,
  FRAME_MS,
  header,
  mainMenu,
  onSlowCpu,
  pauseClock,
  scrollTo,
  scrollToElement,
  scrollY,
} from './support'

/** DESIGN.md, "Public contract", "Page chrome" (the header, reveals, anchors and back to top as the page scrolls): each test is one clause, on a CPU slowed as a mid-range phone's. */
onSlowCpu()

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
