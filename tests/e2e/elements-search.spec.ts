import { expect, type Page, test } from '@playwright/test'
import { TYPEAHEAD_MAX_ITEMS } from '../../src/search/query'
import { atEachWidth, expectNoSeriousAxeViolation, WIDTHS } from './support/elements'

atEachWidth((viewport) => {
  test.describe('site search', () => {
    const combobox = (page: Page) => page.getByRole('search', { name: 'Site' }).getByRole('combobox')
    const listbox = (page: Page) => page.getByRole('listbox', { name: 'Suggestions' })

    test(`suggests at most ${TYPEAHEAD_MAX_ITEMS} pages after one character`, async ({ page }) => {
      await page.goto('/')
      await expect(page.locator('form.site-search')).toHaveClass(/is-enhanced/)
      await combobox(page).focus()
      await combobox(page).fill('e')
      await expect(listbox(page)).toBeVisible()
      await expect(combobox(page)).toHaveAttribute('aria-expanded', 'true')
      const options = listbox(page).getByRole('option')
      expect(await options.count()).toBeGreaterThan(0)
      expect(await options.count()).toBeLessThanOrEqual(TYPEAHEAD_MAX_ITEMS)
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

    test('Enter with no suggestion chosen opens the results page', async ({ page }) => {
      await page.goto('/')
      await expect(page.locator('form.site-search')).toHaveClass(/is-enhanced/)
      await combobox(page).focus()
      await combobox(page).fill('lien')
      await combobox(page).press('Enter')
      await expect(page).toHaveURL(/\/search\?q=lien$/)
      await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible()
      await expect(page.locator('.search-results a').first()).toBeVisible()
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

    test('the results page shows a plain error for an oversized query', async ({ page }) => {
      const response = await page.goto(`/search?q=${'z'.repeat(500)}`)
      expect(response?.status()).toBe(200)
      await expect(page.getByRole('alert').filter({ hasText: 'too long' })).toBeVisible()
    })

    test('has no serious accessibility violation with suggestions open', async ({ page }) => {
      await page.goto('/')
      await expect(page.locator('form.site-search')).toHaveClass(/is-enhanced/)
      await combobox(page).focus()
      await combobox(page).fill('search')
      await expect(listbox(page)).toBeVisible()
      await combobox(page).press('ArrowDown')
      await expectNoSeriousAxeViolation(page)
    })
  })
})

test.describe('GET /api/search over HTTP', () => {
  test('answers malformed, oversized, hostile and repeated queries cleanly', async ({ request }) => {
    const ok = await request.get('/api/search?q=lien')
    expect(ok.status()).toBe(200)
    const body = await ok.json()
    expect(body.results.length).toBeGreaterThan(0)
    expect(body.results.length).toBeLessThanOrEqual(TYPEAHEAD_MAX_ITEMS)
    expect(body.results[0]).toEqual({
      title: expect.any(String),
      path: expect.stringMatching(/^\//),
      excerpt: expect.any(String),
    })

    expect(await (await request.get('/api/search')).json()).toEqual({ query: '', results: [] })
    expect(await (await request.get('/api/search?q=')).json()).toEqual({ query: '', results: [] })

    const oversized = await request.get(`/api/search?q=${'a'.repeat(5000)}`)
    expect(oversized.status()).toBe(400)
    expect(oversized.headers()['content-type']).toContain('application/json')
    expect(await oversized.json()).toEqual({ error: expect.stringContaining('too long') })

    for (const raw of ['%E0%A4%A', '%00%01', '%3Cscript%3E', "'%20OR%201%3D1--", '%25', 'a&q=b&q=c', '%F0%9F%98%80']) {
      const response = await request.get(`/api/search?q=${raw}`)
      expect(response.status(), raw).toBe(200)
      expect(Array.isArray((await response.json()).results), raw).toBe(true)
    }

    const repeated = await Promise.all(Array.from({ length: 20 }, () => request.get('/api/search?q=county')))
    expect(new Set(await Promise.all(repeated.map((response) => response.text())))).toHaveProperty('size', 1)

    const post = await request.post('/api/search', { data: { q: 'lien' } })
    expect(post.status()).toBe(405)
  })
})

test.describe('site search before the page is interactive', () => {
  test.use({ viewport: { width: WIDTHS[0].width, height: WIDTHS[0].height } })

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
    const combobox = page.getByRole('search', { name: 'Site' }).getByRole('combobox')
    await combobox.focus()
    await page.keyboard.type('lien')
    await expect(page.locator('form.site-search')).not.toHaveClass(/is-enhanced/)
    release()
    await expect(page.locator('form.site-search')).toHaveClass(/is-enhanced/)
    await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible()
    await expect(combobox).toBeFocused()
    await expect(combobox).toHaveValue('lien')
  })
})
