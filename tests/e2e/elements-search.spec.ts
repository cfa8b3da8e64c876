import { expect, type Page, test } from '@playwright/test'
import { TYPEAHEAD_MAX_ITEMS } from '../../src/search/query'
import { atEachWidth, WIDTHS } from './support/elements'

const DESKTOP = WIDTHS[0]
const combobox = (page: Page) => page.getByRole('search', { name: 'Site' }).getByRole('combobox')
const listbox = (page: Page) => page.getByRole('listbox', { name: 'Suggestions' })

// What changes with the width: the folded box unfolds over the header (on a phone, over the brand,
// its suggestions as wide as the header), and without JavaScript a phone gives it a row of its own.
atEachWidth((viewport) => {
  test.describe('site search', () => {
    test('the search button with an empty box brings focus to the box, shown, instead of searching', async ({
      page,
    }) => {
      await page.goto('/pricing')
      await expect(page.locator('form.site-search')).toHaveClass(/is-enhanced/)
      await page.getByRole('search', { name: 'Site' }).getByRole('button', { name: 'Search' }).click()
      await expect(combobox(page)).toBeFocused()
      await expect(combobox(page)).toBeVisible()
      expect(new URL(page.url()).pathname).toBe('/pricing')
      await page.keyboard.type('faq')
      await expect(listbox(page)).toBeVisible()
    })

    test('without JavaScript the form lists server-rendered results', async ({ browser }) => {
      const context = await browser.newContext({ viewport, javaScriptEnabled: false })
      const page = await context.newPage()
      await page.goto('/')
      await page.getByRole('search', { name: 'Site' }).getByRole('combobox').fill('marketable title')
      await page.getByRole('search', { name: 'Site' }).getByRole('button', { name: 'Search' }).click()
      await expect(page).toHaveURL(/\/search\?q=marketable\+title$/)
      await expect(page.locator('.search-results li a', { hasText: 'Full Title Search' })).toBeVisible()
      await context.close()
    })
  })
})

// What the search does is the same at every width: it is checked at the desktop's.
test.describe(`page elements at ${DESKTOP.width} px`, () => {
  test.use({ viewport: DESKTOP })

  test.describe('site search', () => {
    test(`suggests at most ${TYPEAHEAD_MAX_ITEMS} pages after one character, and Enter with none chosen opens the results page`, async ({
      page,
    }) => {
      await page.goto('/')
      await expect(page.locator('form.site-search')).toHaveClass(/is-enhanced/)
      await combobox(page).focus()
      await combobox(page).fill('e')
      await expect(listbox(page)).toBeVisible()
      await expect(combobox(page)).toHaveAttribute('aria-expanded', 'true')
      const options = listbox(page).getByRole('option')
      expect(await options.count()).toBeGreaterThan(0)
      expect(await options.count()).toBeLessThanOrEqual(TYPEAHEAD_MAX_ITEMS)

      await combobox(page).fill('lien')
      await combobox(page).press('Enter')
      await expect(page).toHaveURL(/\/search\?q=lien$/)
      await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible()
      await expect(page.locator('.search-results a').first()).toBeVisible()
    })

    test('is used with the keyboard alone: arrows choose, Enter opens, Escape closes then clears', async ({ page }) => {
      await page.goto('/')
      await expect(page.locator('form.site-search')).toHaveClass(/is-enhanced/)
      await combobox(page).focus()
      await page.keyboard.type('lien')
      await expect(listbox(page)).toBeVisible()
      await page.keyboard.press('ArrowDown')
      const first = listbox(page).getByRole('option').first()
      await expect(first).toHaveAttribute('aria-selected', 'true')
      await expect(combobox(page)).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!)
      await expect(combobox(page)).toBeFocused()
      await page.keyboard.press('Escape')
      await expect(listbox(page)).toBeHidden()
      await expect(combobox(page)).toHaveAttribute('aria-expanded', 'false')
      await expect(combobox(page)).not.toHaveAttribute('aria-activedescendant', /.+/)
      await page.keyboard.press('ArrowDown')
      await expect(listbox(page)).toBeVisible()
      await page.keyboard.press('ArrowUp')
      const last = listbox(page).getByRole('option').last()
      await expect(last).toHaveAttribute('aria-selected', 'true')
      await page.keyboard.press('ArrowDown')
      await expect(first).toHaveAttribute('aria-selected', 'true')
      const path = (await first.getAttribute('data-path'))!
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL((url) => url.pathname === path)
    })
  })

  test.describe('site search before the page is interactive', () => {
    test('text typed into the box before the page’s code ran gets suggestions, with no second focus', async ({
      page,
    }) => {
      // The page's scripts wait until the visitor has focused the box and typed.
      let release = () => {}
      const scriptsMayLoad = new Promise<void>((resolve) => (release = resolve))
      await page.route('**/_next/static/chunks/**/*.js', async (route) => {
        await scriptsMayLoad
        await route.continue()
      })
      await page.goto('/', { waitUntil: 'commit' })
      const box = combobox(page)
      await box.focus()
      await page.keyboard.type('lien')
      await expect(page.locator('form.site-search')).not.toHaveClass(/is-enhanced/)
      release()
      await expect(page.locator('form.site-search')).toHaveClass(/is-enhanced/)
      await expect(listbox(page).getByRole('option').first()).toBeVisible()
      await expect(box).toBeFocused()
      await expect(box).toHaveValue('lien')
    })
  })
})
