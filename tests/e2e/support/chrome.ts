import { expect, type Page } from '@playwright/test'
import { SCROLL_THROTTLE_MS } from '../../../src/site/chrome/constants'

export const DESKTOP = { width: 1280, height: 800 }
export const MOBILE = { width: 375, height: 740 }

/** Long enough for one throttled scroll check to have run. */
export const SETTLE_MS = SCROLL_THROTTLE_MS * 3

/** From now on every script arrives late, as on a slow connection. */
export async function delayScripts(page: Page, delayMs = 800) {
  await page.route('**/_next/static/chunks/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs))
    await route.continue()
  })
}

/** Adds a link pinned to the viewport, to click as a visitor would. */
export async function addPinnedLink(page: Page, href: string, id: string) {
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

export { pauseClock } from './clock'

export async function scrollToY(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo(0, top), y)
  await page.waitForTimeout(SETTLE_MS)
}

export const header = (page: Page) => page.locator('header.site-header')
/** The page's chrome behaviours are attached (a cached page arrives whole, often before its script runs). */
export const chromeAttached = (page: Page) => expect(page.locator('html')).toHaveAttribute('data-chrome', 'attached')
export const servicesItem = (page: Page) => page.locator('.main-nav .menu-item.has-submenu').first()
export const servicesLink = (page: Page) => servicesItem(page).locator('> .menu-link')
export const servicesSubmenu = (page: Page) => servicesItem(page).locator('.submenu')
