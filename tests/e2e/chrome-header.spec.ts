import { expect, test } from '@playwright/test'
import {
  BACK_TO_TOP_THRESHOLD_PX,
  HEADER_FIXED_MIN_WIDTH_PX,
  SCROLLED_MARKER_PX,
  SMOOTH_SCROLL_MS,
} from '../../src/site/chrome/constants'
import { HEADER_Z_INDEX_DEFAULT } from '../../src/content/globals/SiteSettings'
import { DESKTOP, SETTLE_MS, scrollToY, header, chromeAttached, servicesLink, servicesSubmenu } from './support/chrome'

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

test.describe('skip link', () => {
  test('moves focus into the content at once: a Tab pressed during its scroll reaches the content, not the header', async ({
    page,
  }) => {
    await page.goto('/pricing')
    await chromeAttached(page)
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
    await page.keyboard.press('Enter')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.getElementById('main')!.contains(document.activeElement))).toBe(true)
  })
})

test.describe('menu layout', () => {
  for (const width of [800, 1024, 1280, 1319, 1320, 1400, 1920]) {
    test(`at ${width} px the menu keeps one row and an open mega menu is covered by nothing`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/pricing')
      await chromeAttached(page)
      const rows = await page
        .locator('.main-nav > .menu > .menu-item')
        .evaluateAll((items) => new Set(items.map((item) => Math.round(item.getBoundingClientRect().top))).size)
      expect(rows).toBe(1)
      await servicesLink(page).hover()
      await expect(servicesSubmenu(page)).toBeVisible()
      // What a pointer would reach at the middle of each link of the open menu is that link.
      const covered = await servicesSubmenu(page)
        .locator('a')
        .evaluateAll((links) =>
          links
            .filter((link) => {
              const box = link.getBoundingClientRect()
              const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
              return !(hit && link.contains(hit))
            })
            .map((link) => link.textContent),
        )
      expect(covered).toEqual([])
    })
  }
})
