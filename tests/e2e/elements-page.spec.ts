import AxeBuilder from '@axe-core/playwright'
import { type Page, test } from '@playwright/test'
import { HEADING_STYLES } from '../../src/blocks/RichText/headingStyle'
import { PROGRESS_ANIMATION_MS } from '../../src/blocks/Stats/progressCounter'
import { CAROUSEL_INTERVAL_MS } from '../../src/blocks/Testimonials/carouselBehaviour'
import { OHIO_COUNTIES } from '../../src/setup/seed/content/counties'
import { ELEMENTS_GUIDE_PATH } from '../../src/setup/seed/content/pages'
import { DROPDOWN_SEARCH_THRESHOLD } from '../../src/forms/dropdown/model'
import { TYPEAHEAD_MAX_ITEMS } from '../../src/search/query'
import { E2E_URL } from '../../playwright.config'
import { adminToken } from './helpers'
import { ADMIN_TEST_TIMEOUT_MS, openAdmin, adminExpect as expect } from './support/admin'

/** The seeded guide holds every page element; each is checked lightly here, at both widths. */
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 375, height: 740 },
]
const TABLE_MIN_WIDTH_PX = 768

/** Rich text holding one plain paragraph. */
const richTextOf = (text: string) => {
  const base = { direction: 'ltr', format: '', indent: 0, version: 1 }
  const run = { type: 'text', text, format: 0, detail: 0, mode: 'normal', style: '', version: 1 }
  const paragraph = { ...base, type: 'paragraph', textFormat: 0, textStyle: '', children: [run] }
  return { root: { ...base, type: 'root', children: [paragraph] } }
}

/** How far ahead of the page's clock a pause is placed, tried in turn. */
const PAUSE_AHEAD_MS = [250, 1000, 2000]

/** From here on the page's clock moves only when the test says so. */
async function pauseClock(page: Page) {
  // A moment just ahead of the page's clock; on a busy machine that moment may pass before the
  // pause arrives, so a later one is tried.
  for (const aheadMs of PAUSE_AHEAD_MS) {
    const at = (await page.evaluate(() => Date.now())) + aheadMs
    try {
      await page.clock.pauseAt(at)
      return
    } catch (error) {
      if (!/fast-forward to the past/.test(String(error))) throw error
    }
  }
  throw new Error('the page clock could not be paused')
}

async function seriousAxeViolations(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
}

test('the guide holding every element is linked from the footer', async ({ page }) => {
  await page.goto('/')
  const link = page.locator('footer').getByRole('link', { name: 'How a title search works' })
  await expect(link).toHaveAttribute('href', ELEMENTS_GUIDE_PATH)
  await link.click()
  await expect(page).toHaveURL((url) => url.pathname === ELEMENTS_GUIDE_PATH)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How a title search works')
})

test.describe('heading styles in the admin', () => {
  /** Driving the admin's editor is slow on a busy machine; the default allowance is for site pages. */
  test.setTimeout(ADMIN_TEST_TIMEOUT_MS)
  const created: number[] = []
  // An afterEach hook runs even when the test times out, so a page made here never stays behind
  // to join the sitemap and search that other suites check.
  test.afterEach(async ({ request }) => {
    const token = await adminToken(request)
    for (const id of created.splice(0)) {
      await request.delete(`/api/pages/${id}`, { headers: { Authorization: `JWT ${token}` } })
    }
  })

  test('an editor gives a paragraph the look of heading 2 in the admin, and the site shows it with class h2', async ({
    page,
    request,
  }) => {
    const token = await adminToken(request)
    const text = 'Make this sentence look like a heading'
    const response = await request.post('/api/pages', {
      headers: { Authorization: `JWT ${token}` },
      data: {
        title: 'Heading style check',
        slug: `heading-style-check-${Date.now()}`,
        _status: 'published',
        layout: [{ blockType: 'richText', content: richTextOf(text) }],
      },
    })
    expect(response.status()).toBe(201)
    const { doc } = await response.json()
    created.push(doc.id)
    await page.context().addCookies([{ name: 'payload-token', value: token, url: E2E_URL }])
    await openAdmin(page, `/collections/pages/${doc.id}`)
    await page.locator('[data-lexical-editor="true"]').getByText(text).click({ clickCount: 3 })
    // The floating toolbar may be drawn above the top of the window; a click event reaches it there.
    await page.getByRole('button', { name: 'textState dropdown' }).dispatchEvent('click')
    await page.getByRole('button', { name: 'Looks like heading 2' }).dispatchEvent('click')
    await expect(page.locator('[data-lexical-editor="true"] [data-heading-style="h2"]')).toHaveText(text)
    const saved = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.ok())
    await page.getByRole('button', { name: 'Publish changes' }).click()
    await saved
    await page.goto(doc.path)
    await expect(page.locator('main p.h2')).toHaveText(text)
    await expect(page.getByRole('heading', { name: text })).toHaveCount(0)
  })
})

for (const viewport of WIDTHS) {
  test.describe(`the page holding every element at ${viewport.width} px`, () => {
    test.use({ viewport })

    test('has no serious or critical axe violation, closed and with its elements opened', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await page.goto(ELEMENTS_GUIDE_PATH)
      expect(await seriousAxeViolations(page)).toEqual([])
      await page.locator('.accordion[data-ready] .accordion-toggle').first().click()
      await page
        .locator('[aria-roledescription="carousel"].is-enhanced')
        .getByRole('button', { name: 'Next slide' })
        .click()
      await page.getByLabel('Your name').focus()
      await expect(page.locator('#contact-form-115')).toHaveAttribute('data-enhanced', 'true')
      expect(await seriousAxeViolations(page)).toEqual([])
    })

    test('heading-style text has the class and the font of the heading it imitates, outside the outline', async ({
      page,
    }) => {
      await page.goto(ELEMENTS_GUIDE_PATH)
      const styled = page.locator('.block--richText p.h3, .block--richText p.h4')
      expect(await styled.count()).toBeGreaterThanOrEqual(2)
      await expect(
        page.getByRole('heading', { name: 'Most searches touch at least three of these offices.' }),
      ).toHaveCount(0)
      // A real heading of each level, placed beside the styled paragraph, must look the same.
      const pairs = await styled.evaluateAll((paragraphs) =>
        paragraphs.map((paragraph) => {
          const level = [...paragraph.classList].find((name) => /^h[1-6]$/.test(name))!
          const heading = document.createElement(level)
          paragraph.after(heading)
          const look = (el: Element) => {
            const style = getComputedStyle(el)
            return [style.fontSize, style.fontFamily, style.fontWeight, style.lineHeight].join(' | ')
          }
          const pair = { level, styled: look(paragraph), heading: look(heading) }
          heading.remove()
          return pair
        }),
      )
      for (const pair of pairs) {
        expect(HEADING_STYLES).toContain(pair.level)
        expect(pair.styled).toBe(pair.heading)
      }
    })

    test('the accordion opens an item and closes the one open before', async ({ page }) => {
      await page.goto(ELEMENTS_GUIDE_PATH)
      const items = page.locator('.accordion[data-ready] > .accordion-item')
      await items.nth(0).getByRole('button').click()
      await expect(items.nth(0)).toHaveClass(/selected/)
      await expect(items.nth(0).getByRole('region')).toBeVisible()
      await items.nth(1).getByRole('button').click()
      await expect(items.nth(1)).toHaveClass(/selected/)
      await expect(items.nth(0)).not.toHaveClass(/selected/)
    })

    test(`a progress counter reaches its value ${PROGRESS_ANIMATION_MS} ms after coming into view`, async ({
      page,
    }) => {
      await page.clock.install()
      await page.goto(ELEMENTS_GUIDE_PATH)
      const counter = page.locator('[data-progress]').first()
      const value = await counter.getAttribute('data-progress')
      await expect(counter.locator('.progress-value')).toHaveText('0%')
      await pauseClock(page)
      await counter.scrollIntoViewIfNeeded()
      await counter.evaluate(
        (el) =>
          new Promise<void>((resolve) => new IntersectionObserver((_, o) => (o.disconnect(), resolve())).observe(el)),
      )
      await page.clock.runFor(PROGRESS_ANIMATION_MS + 40)
      await expect(counter.locator('.progress-value')).toHaveText(`${value}%`)
      await expect(counter).toHaveAttribute('role', 'progressbar')
    })

    test(`the testimonial carousel moves on its own after ${CAROUSEL_INTERVAL_MS} ms and with Next`, async ({
      page,
    }) => {
      await page.clock.install()
      await page.goto(ELEMENTS_GUIDE_PATH)
      const carousel = page.locator('[aria-roledescription="carousel"]')
      await expect(carousel).toHaveClass(/is-enhanced/)
      const current = () =>
        carousel.locator('[aria-roledescription="slide"]:not([aria-hidden])').getAttribute('aria-label')
      await carousel.scrollIntoViewIfNeeded()
      await pauseClock(page)
      await page.mouse.move(1, 1)
      expect(await current()).toMatch(/^1 of/)
      await page.clock.runFor(CAROUSEL_INTERVAL_MS + 50)
      await expect.poll(current).toMatch(/^2 of/)
      await carousel.getByRole('button', { name: 'Next slide' }).click()
      await expect.poll(current).toMatch(/^3 of/)
    })

    test(`the rich-text and pricing tables are ${viewport.width >= TABLE_MIN_WIDTH_PX ? 'tables' : 'lists'} here`, async ({
      page,
    }) => {
      await page.goto(ELEMENTS_GUIDE_PATH)
      for (const table of [
        page.locator('.block--richText .responsive-table').first(),
        page.locator('.block--pricingTable .responsive-table'),
      ]) {
        if (viewport.width >= TABLE_MIN_WIDTH_PX) {
          await expect(table.getByRole('table')).toBeVisible()
          await expect(table.locator('.rt-list')).toBeHidden()
        } else {
          await expect(table.locator('table')).toBeHidden()
          const lists = table.locator('.rt-list dl')
          expect(await lists.count()).toBe(await table.locator('tbody tr').count())
          await expect(lists.first().getByRole('term').first()).toBeVisible()
          await expect(lists.first().getByRole('definition').first()).toBeVisible()
        }
      }
    })

    test('the lazy image in the text loads when scrolled to and shows', async ({ page }) => {
      await page.goto(ELEMENTS_GUIDE_PATH)
      const image = page.locator('.block--richText img[loading="lazy"][data-lazy-fade]').first()
      await expect(image).toHaveCount(1)
      await image.scrollIntoViewIfNeeded()
      await expect(image).toHaveClass(/is-loaded/)
      await expect.poll(() => image.evaluate((el) => getComputedStyle(el).opacity)).toBe('1')
    })

    test('the contact form: the county dropdown filters, the textarea grows, checkbox and radios are there', async ({
      page,
    }) => {
      await page.goto(ELEMENTS_GUIDE_PATH)
      const form = page.locator('#contact-form-115')
      await page.getByLabel('Your name').focus()
      await expect(form).toHaveAttribute('data-enhanced', 'true')
      expect(OHIO_COUNTIES.length).toBeGreaterThan(DROPDOWN_SEARCH_THRESHOLD)
      const county = form.locator('.form-field').filter({ has: page.locator('[name="county"]') })
      await county.getByRole('combobox').fill('vin')
      await expect(county.getByRole('option')).toHaveText(['Vinton County'])
      const textarea = form.locator('textarea#message_3')
      const before = await textarea.evaluate((el) => el.getBoundingClientRect().height)
      await textarea.fill(Array.from({ length: 10 }, (_, i) => `Line ${i + 1}`).join('\n'))
      expect(await textarea.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(before)
      await expect(form.getByRole('checkbox', { name: /I agree/ })).toHaveJSProperty('type', 'checkbox')
      expect(await form.locator('input[type="radio"]').count()).toBeGreaterThanOrEqual(2)
      await form.getByRole('radio', { name: 'Phone' }).check()
      await expect(form.getByRole('radio', { name: 'Phone' })).toBeChecked()
    })

    test('the header search suggests this guide as you type its title', async ({ page }) => {
      await page.goto(ELEMENTS_GUIDE_PATH)
      const search = page.getByRole('search', { name: 'Site' })
      const box = search.getByRole('combobox')
      await expect(page.locator('form.site-search')).toHaveClass(/is-enhanced/)
      await box.focus()
      await box.fill('how a title')
      const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option')
      await expect(options.first()).toBeVisible()
      expect(await options.count()).toBeLessThanOrEqual(TYPEAHEAD_MAX_ITEMS)
      await expect(options.filter({ hasText: 'How a Title Search Works' })).toHaveCount(1)
    })
  })
}
