import { expect, type Page, test } from '@playwright/test'
import { PROGRESS_ANIMATION_MS, progressAt } from '../../src/blocks/Stats/progressCounter'
import { atEachWidth, pauseClock } from './support/elements'

atEachWidth((viewport) => {
  test.describe('accordion', () => {
    const accordion = (page: Page) => page.locator('.accordion[data-ready]').first()

    test('opening an item selects it and closes the other items of the same accordion', async ({ page }) => {
      await page.goto('/faq')
      const items = accordion(page).locator(':scope > .accordion-item')
      await items.nth(0).getByRole('button').click()
      await expect(items.nth(0)).toHaveClass(/selected/)
      await expect(items.nth(0).getByRole('region')).toBeVisible()
      await items.nth(1).getByRole('button').click()
      await expect(items.nth(1)).toHaveClass(/selected/)
      await expect(items.nth(1).getByRole('button')).toHaveAttribute('aria-expanded', 'true')
      await expect(items.nth(0)).not.toHaveClass(/selected/)
      await expect(items.nth(0).getByRole('button')).toHaveAttribute('aria-expanded', 'false')
      await expect(items.nth(0).locator('.accordion-panel')).toBeHidden()
      await expect(accordion(page).locator('.accordion-item.selected')).toHaveCount(1)
    })

    test('toggles name the panel they control', async ({ page }) => {
      await page.goto('/faq')
      const toggle = accordion(page).locator('.accordion-toggle').first()
      const panelId = await toggle.getAttribute('aria-controls')
      expect(panelId).toBeTruthy()
      await toggle.click()
      await expect(page.locator(`[id="${panelId}"]`)).toBeVisible()
      await expect(page.locator(`[id="${panelId}"]`)).toHaveAttribute(
        'aria-labelledby',
        (await toggle.getAttribute('id'))!,
      )
    })

    test('works from the keyboard: Enter and Space toggle, arrows, Home and End move between headers', async ({
      page,
    }) => {
      await page.goto('/faq')
      const toggles = accordion(page).locator(':scope > .accordion-item .accordion-toggle')
      const count = await toggles.count()
      await toggles.first().focus()
      await page.keyboard.press('Enter')
      await expect(toggles.first()).toHaveAttribute('aria-expanded', 'true')
      await page.keyboard.press('ArrowDown')
      await expect(toggles.nth(1)).toBeFocused()
      await page.keyboard.press('Space')
      await expect(toggles.nth(1)).toHaveAttribute('aria-expanded', 'true')
      await expect(toggles.first()).toHaveAttribute('aria-expanded', 'false')
      await page.keyboard.press('End')
      await expect(toggles.nth(count - 1)).toBeFocused()
      await page.keyboard.press('ArrowDown')
      await expect(toggles.first()).toBeFocused()
      await page.keyboard.press('ArrowUp')
      await expect(toggles.nth(count - 1)).toBeFocused()
      await page.keyboard.press('Home')
      await expect(toggles.first()).toBeFocused()
      await page.keyboard.press('Space')
      await page.keyboard.press('Space')
      await expect(toggles.first()).toHaveAttribute('aria-expanded', 'false')
    })

    test('a link to an item id opens that item and scrolls it into view', async ({ page }) => {
      await page.goto('/services/full-title-search#full-extended')
      const item = page.locator('#full-extended')
      await expect(item).toHaveClass(/selected/)
      await expect(item.locator('.accordion-panel')).toBeVisible()
      await expect(item).toBeInViewport()
      await expect(page.locator('.accordion-item.selected')).toHaveCount(1)
    })

    test('without JavaScript every answer is readable', async ({ browser }) => {
      const context = await browser.newContext({ viewport, javaScriptEnabled: false })
      const page = await context.newPage()
      await page.goto('/faq')
      const panels = page.locator('.accordion-panel')
      expect(await panels.count()).toBeGreaterThan(2)
      for (const panel of await panels.all()) await expect(panel).toBeVisible()
      await context.close()
    })
  })

  test.describe('progress counters', () => {
    test(`count from 0 to their value linearly over ${PROGRESS_ANIMATION_MS} ms once in view`, async ({ page }) => {
      await page.clock.install()
      await page.goto('/')
      const counter = page.locator('[data-progress]').first()
      const value = Number(await counter.getAttribute('data-progress'))
      // Below the fold the counter waits at 0; the real value stays in aria-valuenow.
      await expect(counter.locator('.progress-value')).toHaveText('0%')
      await expect(counter).toHaveAttribute('aria-valuenow', String(value))
      await pauseClock(page)
      await counter.scrollIntoViewIfNeeded()
      // Another observer's first report comes no earlier than the counter's own.
      await counter.evaluate(
        (el) =>
          new Promise<void>((resolve) => new IntersectionObserver((_, o) => (o.disconnect(), resolve())).observe(el)),
      )
      await page.clock.runFor(PROGRESS_ANIMATION_MS / 2)
      const halfway = Number((await counter.locator('.progress-value').textContent())!.replace('%', ''))
      expect(halfway).toBeGreaterThanOrEqual(progressAt(PROGRESS_ANIMATION_MS / 2 - 40, value))
      expect(halfway).toBeLessThanOrEqual(progressAt(PROGRESS_ANIMATION_MS / 2, value))
      // Not there before the animation time is up; there within one frame after it.
      await page.clock.runFor(PROGRESS_ANIMATION_MS / 2 - 40)
      expect(await counter.locator('.progress-value').textContent()).not.toBe(`${value}%`)
      await page.clock.runFor(80)
      await expect(counter.locator('.progress-value')).toHaveText(`${value}%`)
      await expect(counter).toHaveAttribute('role', 'progressbar')
      await expect(counter).toHaveAttribute('aria-valuenow', String(value))
    })

    test('show the final value at once under reduced motion', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await page.clock.install()
      await page.goto('/')
      await pauseClock(page)
      const counter = page.locator('[data-progress]').first()
      await counter.scrollIntoViewIfNeeded()
      await expect(counter.locator('.progress-value')).toHaveText(`${await counter.getAttribute('data-progress')}%`)
    })

    test('show the final value without JavaScript', async ({ browser }) => {
      const context = await browser.newContext({ viewport, javaScriptEnabled: false })
      const page = await context.newPage()
      await page.goto('/about')
      for (const counter of await page.locator('[data-progress]').all()) {
        await expect(counter.locator('.progress-value')).toHaveText(`${await counter.getAttribute('data-progress')}%`)
      }
      await context.close()
    })
  })
})
