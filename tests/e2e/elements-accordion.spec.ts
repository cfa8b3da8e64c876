import { expect, type Page, test } from '@playwright/test'
import { WIDTHS } from './support/elements'

/**
 * What the accordion does is the same at every width: it is checked at the desktop's. The progress
 * counters' clauses are the contract suite's (tests/contract/elements-counters.spec.ts).
 */
const DESKTOP = WIDTHS[0]

test.describe(`page elements at ${DESKTOP.width} px`, () => {
  test.use({ viewport: DESKTOP })

  test.describe('accordion', () => {
    const accordion = (page: Page) => page.locator('.accordion[data-ready]').first()

    test('opening an item selects it, shows the panel its toggle names, and closes the other items of the same accordion', async ({
      page,
    }) => {
      await page.goto('/faq')
      const items = accordion(page).locator(':scope > .accordion-item')
      const toggle = accordion(page).locator('.accordion-toggle').first()
      const panelId = await toggle.getAttribute('aria-controls')
      expect(panelId).toBeTruthy()
      await items.nth(0).getByRole('button').click()
      await expect(items.nth(0)).toHaveClass(/selected/)
      await expect(items.nth(0).getByRole('region')).toBeVisible()
      await expect(page.locator(`[id="${panelId}"]`)).toBeVisible()
      await expect(page.locator(`[id="${panelId}"]`)).toHaveAttribute(
        'aria-labelledby',
        (await toggle.getAttribute('id'))!,
      )
      await items.nth(1).getByRole('button').click()
      await expect(items.nth(1)).toHaveClass(/selected/)
      await expect(items.nth(1).getByRole('button')).toHaveAttribute('aria-expanded', 'true')
      await expect(items.nth(0)).not.toHaveClass(/selected/)
      await expect(items.nth(0).getByRole('button')).toHaveAttribute('aria-expanded', 'false')
      await expect(items.nth(0).locator('.accordion-panel')).toBeHidden()
      await expect(accordion(page).locator('.accordion-item.selected')).toHaveCount(1)
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
      const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false })
      const page = await context.newPage()
      await page.goto('/faq')
      const panels = page.locator('.accordion-panel')
      expect(await panels.count()).toBeGreaterThan(2)
      for (const panel of await panels.all()) await expect(panel).toBeVisible()
      await context.close()
    })
  })
})
