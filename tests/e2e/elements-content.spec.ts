import { expect, test } from '@playwright/test'
import { LAZY_IMAGE_FADE_MS } from '../../src/blocks/lazyImages'
import { atEachWidth, expectNoSeriousAxeViolation, WIDTHS } from './support/elements'

const DESKTOP = WIDTHS[0]
/** Below this width a table shows its rows as definition lists. */
const TABLE_MIN_WIDTH_PX = 768

// What changes with the width: how tables are laid out, and what the accessibility check finds on a page.
atEachWidth((viewport) => {
  test.describe('responsive tables', () => {
    test(`show the ${viewport.width >= TABLE_MIN_WIDTH_PX ? 'table' : 'rows as definition lists'} to everyone, and only that`, async ({
      page,
    }) => {
      await page.goto('/pricing')
      const pricing = page.locator('.block--pricingTable .responsive-table')
      // The rich-text table on the same page follows the same rule.
      const richTable = page.locator('.block--richText .responsive-table').first()
      for (const table of [pricing, richTable]) {
        if (viewport.width >= TABLE_MIN_WIDTH_PX) {
          await expect(table.getByRole('table')).toBeVisible()
          await expect(table.locator('.rt-list')).toBeHidden()
          await expect(table.getByRole('term')).toHaveCount(0)
        } else {
          await expect(table.getByRole('table')).toHaveCount(0)
          await expect(table.locator('table')).toBeHidden()
          const lists = table.locator('.rt-list dl')
          expect(await lists.count()).toBe(await table.locator('tbody tr').count())
          await expect(lists.first().getByRole('term').first()).toBeVisible()
          await expect(lists.first().getByRole('definition').first()).toBeVisible()
        }
      }
      if (viewport.width < TABLE_MIN_WIDTH_PX) {
        await expect(pricing.locator('.rt-list dl').first().getByRole('term').first()).toHaveText('Service')
      }
    })
  })

  test('pages holding the elements have no serious accessibility violation in their opened states', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto('/faq')
    await page.locator('.accordion[data-ready] .accordion-toggle').first().click()
    await expectNoSeriousAxeViolation(page)
    await page.goto('/')
    await page
      .locator('[aria-roledescription="carousel"].is-enhanced')
      .getByRole('button', { name: 'Next slide' })
      .click()
    await expectNoSeriousAxeViolation(page)
    await page.goto('/search?q=title')
    await expectNoSeriousAxeViolation(page)
    // The header search with its suggestions open, one of them chosen.
    await expect(page.locator('form.site-search')).toHaveClass(/is-enhanced/)
    const combobox = page.getByRole('search', { name: 'Site' }).getByRole('combobox')
    await combobox.focus()
    await combobox.fill('search')
    await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeVisible()
    await combobox.press('ArrowDown')
    await expectNoSeriousAxeViolation(page)
  })
})

// What these elements do is the same at every width: it is checked at the desktop's.
test.describe(`page elements at ${DESKTOP.width} px`, () => {
  test.use({ viewport: DESKTOP })

  test.describe('form elements and images', () => {
    test('checkboxes and radios are native inputs, drawn by CSS, with a visible focus ring', async ({ page }) => {
      await page.goto('/contact')
      const checkbox = page.locator('input[type="checkbox"]').first()
      await checkbox.focus()
      await page.keyboard.press('Space')
      await expect(checkbox).toBeChecked()
      const style = await checkbox.evaluate((el) => {
        const computed = getComputedStyle(el)
        return { appearance: computed.appearance, outline: computed.outlineStyle, width: computed.outlineWidth }
      })
      expect(style).toEqual({ appearance: 'none', outline: 'solid', width: '3px' })
      const radios = page.locator('input[type="radio"]')
      await radios.first().focus()
      await page.keyboard.press('Space')
      await expect(radios.first()).toBeChecked()
      await page.keyboard.press('ArrowDown')
      await expect(radios.nth(1)).toBeChecked()
      await expect(radios.nth(1)).toBeFocused()
    })

    test('a textarea grows with its text, without an inner scrollbar until its maximum height', async ({ page }) => {
      await page.goto('/contact')
      const textarea = page.locator('textarea').first()
      const height = () => textarea.evaluate((el) => el.getBoundingClientRect().height)
      const start = await height()
      await textarea.fill(Array.from({ length: 12 }, (_, i) => `Line ${i + 1}`).join('\n'))
      const grown = await height()
      expect(grown).toBeGreaterThan(start)
      expect(await textarea.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true)
      await textarea.fill(Array.from({ length: 80 }, (_, i) => `Line ${i + 1}`).join('\n'))
      const max = await textarea.evaluate((el) => parseFloat(getComputedStyle(el).maxHeight))
      expect(await height()).toBeLessThanOrEqual(max + 1)
      expect(await textarea.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true)
    })

    test(`a lazy image fades in over ${LAZY_IMAGE_FADE_MS} ms once loaded`, async ({ page }) => {
      // Hold the image back, to see it before and after it has loaded.
      let release: () => void = () => {}
      const held = new Promise<void>((resolve) => (release = resolve))
      await page.route(/\/media\/.*\.(png|webp)/, async (route) => {
        await held
        await route.continue()
      })
      await page.goto('/services/full-title-search')
      const image = page.locator('.block--richText img[loading="lazy"][data-lazy-fade]').first()
      await image.scrollIntoViewIfNeeded()
      expect(await image.evaluate((el) => [getComputedStyle(el).opacity, el.classList.contains('is-loaded')])).toEqual([
        '0',
        false,
      ])
      // The fade's own end event says which property faded and for how long.
      await image.evaluate((el) =>
        el.addEventListener('transitionend', (event) => {
          const { propertyName, elapsedTime } = event as TransitionEvent
          el.setAttribute('data-test-fade', `${propertyName} ${elapsedTime}`)
        }),
      )
      release()
      await expect(image).toHaveClass(/is-loaded/)
      await expect(image).toHaveAttribute('data-test-fade', `opacity ${LAZY_IMAGE_FADE_MS / 1000}`)
      await expect.poll(() => image.evaluate((el) => getComputedStyle(el).opacity)).toBe('1')
    })
  })
})
