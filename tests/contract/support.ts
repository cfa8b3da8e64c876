import { expect, type Locator, type Page, test } from '@playwright/test'
import { chromeAttached } from '../e2e/support/chrome'

/** The desktop viewport the chrome and element clauses run at (the header's fixed width and up). */
export const DESKTOP = { width: 1280, height: 800 }

/** A mid-range phone's CPU: every chrome and element clause must still hold at this slowdown. */
export const CPU_SLOWDOWN = 6

/** Slows the page's CPU down CPU_SLOWDOWN times (Chromium's own throttling, through the DevTools protocol). */
export async function slowCpu(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
}

/** Every test of the calling file runs its `page` on a slowed CPU (pages a test opens itself call slowCpu). */
export function onSlowCpu() {
  test.beforeEach(async ({ page }) => slowCpu(page))
}

/**
 * Waits until the page's chrome behaviours are attached. A readiness hook, not a contract name: it
 * is only waited for, never asserted (a page arrives whole, often before its script runs).
 */
export const chromeReady = (page: Page) => chromeAttached(page)

/**
 * Scrolls the window to `y` and resolves once the page has handled the scroll event (the page's own
 * listeners were added before this one), so that a paused clock can then be run past its throttle.
 */
export async function scrollTo(page: Page, y: number) {
  await page.evaluate(
    (top) =>
      new Promise<void>((resolve) => {
        if (Math.round(window.scrollY) === Math.round(top)) return resolve()
        window.addEventListener('scroll', () => resolve(), { once: true })
        window.scrollTo(0, top)
      }),
    y,
  )
}

/** Scrolls so that `target`'s top is `below` px under the top of the viewport. */
export async function scrollToElement(page: Page, target: Locator, below = 0) {
  const top = await target.evaluate((el) => el.getBoundingClientRect().top + window.scrollY)
  await scrollTo(page, Math.max(0, top - below))
}

export { pauseClock } from '../e2e/support/clock'

/** The number a counter's visible text shows (`87%` -> 87), or null while it shows none. */
export const shownPercent = (counter: Locator) =>
  counter.evaluate((el) => {
    const match = /(\d+)\s*%/.exec((el as HTMLElement).innerText)
    return match ? Number(match[1]) : null
  })

/**
 * Acts until `locator` has `attribute` = `value`: a control the page's script has not yet taken over
 * ignores the first press (the page arrives before its script on a slow CPU).
 */
export async function actUntil(act: () => Promise<void>, locator: Locator, attribute: string, value: string) {
  await expect(async () => {
    if ((await locator.getAttribute(attribute)) !== value) await act()
    await expect(locator).toHaveAttribute(attribute, value, { timeout: 1000 })
  }).toPass({ timeout: 15_000 })
}

// The page chrome's parts as DESIGN.md names them, for the chrome clauses.
/** A little more than one animation frame (16.7 ms) of the fake clock. */
export const FRAME_MS = 20
export const header = (page: Page) => page.locator('header.site-header')
export const body = (page: Page) => page.locator('body')
export const mainMenu = (page: Page) => header(page).locator('nav[aria-label="Main"]')
export const scrollY = (page: Page) => page.evaluate(() => window.scrollY)
