import { expect, type Locator, test } from '@playwright/test'
import { HEADER_FIXED_MIN_WIDTH_PX, LAZY_IMAGE_FADE_MS, TYPEAHEAD_MAX_OPTIONS, TYPEAHEAD_MIN_CHARS } from './contract'
import { actUntil, DESKTOP, onSlowCpu } from './support'

/** DESIGN.md, "Public contract", "Page elements" (accordion, tables, typography, form controls, lazy images, the header search): each test is one clause, on a CPU slowed as a mid-range phone's. */
onSlowCpu()

test.describe('accordion, tables and typography', () => {
  test.use({ viewport: DESKTOP })

  test('contract: opening an .accordion-item (button with aria-expanded, aria-controls) closes the others of its .accordion and gives it class selected', async ({
    page,
  }) => {
    await page.goto('/faq')
    const accordion = page.locator('.accordion').first()
    const items = accordion.locator(':scope > .accordion-item')
    expect(await items.count()).toBeGreaterThan(2)
    const toggleOf = (item: Locator) => item.locator('button[aria-expanded][aria-controls]')
    const panelOf = async (item: Locator) =>
      page.locator(`[id="${await toggleOf(item).getAttribute('aria-controls')}"]`)
    await actUntil(() => toggleOf(items.nth(0)).click(), toggleOf(items.nth(0)), 'aria-expanded', 'true')
    await expect(items.nth(0)).toHaveClass(/(^|\s)selected(\s|$)/)
    await expect(await panelOf(items.nth(0))).toBeVisible()

    await toggleOf(items.nth(1)).click()
    await expect(toggleOf(items.nth(1))).toHaveAttribute('aria-expanded', 'true')
    await expect(items.nth(1)).toHaveClass(/(^|\s)selected(\s|$)/)
    await expect(await panelOf(items.nth(1))).toBeVisible()
    await expect(toggleOf(items.nth(0))).toHaveAttribute('aria-expanded', 'false')
    await expect(items.nth(0)).not.toHaveClass(/(^|\s)selected(\s|$)/)
    await expect(await panelOf(items.nth(0))).toBeHidden()
    await expect(accordion.locator(':scope > .accordion-item.selected')).toHaveCount(1)
  })

  test('contract: a rich-text table is a <table> from 768 px and, below, one <dl> per row (header as <dt>, cell as <dd>)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: HEADER_FIXED_MIN_WIDTH_PX, height: 800 })
    await page.goto('/pricing')
    const tables = page.locator('main table')
    expect(await tables.count()).toBeGreaterThan(0)
    const listsOf = (table: Locator) => table.locator('xpath=..').locator('dl')
    for (const table of await tables.all()) {
      await expect(table).toBeVisible()
      for (const list of await listsOf(table).all()) await expect(list).toBeHidden()
    }

    await page.setViewportSize({ width: HEADER_FIXED_MIN_WIDTH_PX - 1, height: 800 })
    for (const table of await tables.all()) {
      await expect(table).toBeHidden()
      const rows = table.locator('tbody tr')
      await expect(listsOf(table)).toHaveCount(await rows.count())
      const headers = await table.locator('thead th').evaluateAll((cells) => cells.map((c) => c.textContent!.trim()))
      const firstRow = await rows
        .first()
        .locator('th, td')
        .evaluateAll((cells) => cells.map((c) => c.textContent!.trim()))
      const firstList = listsOf(table).first()
      await expect(firstList).toBeVisible()
      expect(await firstList.locator('dt').evaluateAll((terms) => terms.map((t) => t.textContent!.trim()))).toEqual(
        headers,
      )
      expect(await firstList.locator('dd').evaluateAll((cells) => cells.map((c) => c.textContent!.trim()))).toEqual(
        firstRow,
      )
    }
  })

  test('contract: .h1 ... .h6 give any element the typography of that heading', async ({ page }) => {
    await page.goto('/')
    const looks = await page.evaluate(() => {
      const main = document.querySelector('main')!
      const look = (el: Element) => {
        const style = getComputedStyle(el)
        return [style.fontFamily, style.fontSize, style.fontWeight, style.lineHeight].join(' | ')
      }
      return [1, 2, 3, 4, 5, 6].map((level) => {
        const heading = document.createElement(`h${level}`)
        const styled = document.createElement('span')
        styled.className = `h${level}`
        main.append(heading, styled)
        const pair = { level, heading: look(heading), styled: look(styled) }
        heading.remove()
        styled.remove()
        return pair
      })
    })
    for (const { level, heading, styled } of looks) expect(styled, `.h${level}`).toBe(heading)
  })

  test('contract: checkboxes and radios are native inputs, styled', async ({ page }) => {
    await page.goto('/contact')
    for (const role of ['checkbox', 'radio'] as const) {
      const input = page.locator('main').getByRole(role).first()
      await expect(input).toBeVisible()
      const native = await input.evaluate((el) => {
        const style = getComputedStyle(el)
        return {
          tag: el.tagName,
          type: (el as HTMLInputElement).type,
          styled: style.appearance === 'none' || style.accentColor !== 'auto',
        }
      })
      expect(native).toEqual({ tag: 'INPUT', type: role, styled: true })
      await input.check()
      await expect(input).toBeChecked()
    }
  })

  test('contract: a textarea grows with its content', async ({ page }) => {
    await page.goto('/contact')
    const textarea = page.locator('main textarea').first()
    await textarea.focus()
    const height = () => textarea.evaluate((el) => el.getBoundingClientRect().height)
    const before = await height()
    await textarea.fill(Array.from({ length: 12 }, (_, i) => `Line ${i + 1}`).join('\n'))
    await expect.poll(height).toBeGreaterThan(before)
  })

  test('contract: a lazy image fades in over 500 ms once loaded', async ({ page }) => {
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\.(png|webp|jpe?g|avif)(\?|$)/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/services/full-title-search', { waitUntil: 'domcontentloaded' })
    const image = page.locator('main img[loading="lazy"]').first()
    await image.scrollIntoViewIfNeeded()
    expect(
      await image.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth),
    ).toBeFalsy()
    expect(await image.evaluate((el) => getComputedStyle(el).opacity)).toBe('0')
    // A CSS transition runs on the browser's own clock, not Playwright's: its end event names what
    // faded and for how long.
    await image.evaluate((el) =>
      el.addEventListener('transitionend', (event) => {
        const { propertyName, elapsedTime } = event as TransitionEvent
        el.setAttribute('data-test-faded', `${propertyName} ${elapsedTime}`)
      }),
    )
    release()
    await expect(image).toHaveAttribute('data-test-faded', `opacity ${LAZY_IMAGE_FADE_MS / 1000}`)
    expect(await image.evaluate((el) => getComputedStyle(el).opacity)).toBe('1')
  })

  test('contract: the header search is a role="search" landmark whose role="combobox" input offers a listbox after 1 character, at most 8 options', async ({
    page,
  }) => {
    await page.goto('/')
    const search = page.locator('header.site-header [role="search"]')
    const combobox = search.getByRole('combobox')
    const listbox = page.getByRole('listbox').filter({ has: page.getByRole('option') })
    await combobox.focus()
    await expect(listbox).toHaveCount(0)
    await page.keyboard.type('e'.repeat(TYPEAHEAD_MIN_CHARS))
    await expect(listbox).toBeVisible()
    await expect(combobox).toHaveAttribute('aria-expanded', 'true')
    await expect(page.locator(`[id="${await combobox.getAttribute('aria-controls')}"]`)).toHaveAttribute(
      'role',
      'listbox',
    )
    const options = await listbox.getByRole('option').count()
    expect(options).toBeGreaterThan(0)
    expect(options).toBeLessThanOrEqual(TYPEAHEAD_MAX_OPTIONS)
  })
})
