import { expect, test } from '@playwright/test'
import { LAZY_IMAGE_FADE_MS } from '../../src/blocks/lazyImages'
import { atEachWidth, expectNoSeriousAxeViolation } from './support/elements'

atEachWidth((viewport) => {
  test.describe('responsive tables', () => {
    test(`show the ${viewport.width >= 768 ? 'table' : 'rows as definition lists'} to everyone, and only that`, async ({
      page,
    }) => {
      await page.goto('/pricing')
      const pricing = page.locator('.block--pricingTable .responsive-table')
      if (viewport.width >= 768) {
        await expect(pricing.getByRole('table')).toBeVisible()
        await expect(pricing.locator('.rt-list')).toBeHidden()
        await expect(pricing.getByRole('term')).toHaveCount(0)
      } else {
        await expect(pricing.getByRole('table')).toHaveCount(0)
        await expect(pricing.locator('table')).toBeHidden()
        const rows = await pricing.locator('.rt-list dl').count()
        expect(rows).toBe(await pricing.locator('tbody tr').count())
        const firstRow = pricing.locator('.rt-list dl').first()
        await expect(firstRow.getByRole('term').first()).toHaveText('Service')
        await expect(firstRow.getByRole('definition').first()).toBeVisible()
      }
      // The rich-text table on the same page follows the same rule.
      const richTable = page.locator('.block--richText .responsive-table').first()
      if (viewport.width >= 768) await expect(richTable.getByRole('table')).toBeVisible()
      else await expect(richTable.locator('.rt-list dl').first()).toBeVisible()
    })
  })

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
      const image = page.locator('img[data-lazy-fade]').first()
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

    test('.h1 to .h6 give any element the typography of that heading level', async ({ page }) => {
      await page.goto('/')
      const sizes = await page.evaluate(() => {
        const main = document.querySelector('main')!
        return [1, 2, 3, 4, 5, 6].map((level) => {
          const heading = document.createElement(`h${level}`)
          const styled = document.createElement('p')
          styled.className = `h${level}`
          main.append(heading, styled)
          const pair = [getComputedStyle(heading).fontSize, getComputedStyle(styled).fontSize]
          heading.remove()
          styled.remove()
          return pair
        })
      })
      for (const [heading, styled] of sizes) expect(styled).toBe(heading)
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
  })
})
