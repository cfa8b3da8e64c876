import { expect, type Page, test } from '@playwright/test'
import { telHref } from '../../src/content/fields/linkHref'
import { SEED_BUSINESS } from '../../src/setup/seed/content/business'
import { SINGLE_PLACEHOLDER } from '../../src/forms/dropdown/model'
import { SETTLE_MS, chromeAttached, header } from './support/chrome'
import { FIRST_VISIT } from '../../playwright.config'

/** The phone of issue 27: an iPhone-sized touch screen. */
const PHONE = { width: 390, height: 844 }
/** The tallest a phone's header may be, in one row. */
const PHONE_HEADER_MAX_PX = 72
/** A thumb-sized floating control: about 48 px square. */
const THUMB_PX = 48
/** The seeded guide page: FAQ accordion, carousel, county list and a form, one below the other. */
const GUIDE_PATH = '/how-a-title-search-works'

const launcher = (page: Page) => page.locator('.chat-launcher')
const backToTop = (page: Page) => page.getByRole('link', { name: 'Back to top' })

/** Scrolls, then waits for the floating controls to have taken their places. */
async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo(0, top), y)
  await page.waitForTimeout(SETTLE_MS)
}

/**
 * Each shown floating control (chat launcher, back-to-top) that covers a link, button, field or
 * option in view, as "control over element" lines; none is what a visitor should see.
 */
function floatingOverlaps(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const shown = (element: Element) => {
      const style = getComputedStyle(element)
      const rect = element.getBoundingClientRect()
      return style.visibility !== 'hidden' && Number(style.opacity) > 0 && rect.width > 2 && rect.height > 2
    }
    const floating = ['.chat-launcher', '.back-to-top']
      .map((selector) => document.querySelector(selector))
      .filter((element): element is Element => element !== null && shown(element))
    const pressable = Array.from(
      document.querySelectorAll(
        'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="combobox"], [role="option"]',
      ),
    ).filter((element) => {
      if (floating.some((control) => control.contains(element)) || !shown(element)) return false
      const rect = element.getBoundingClientRect()
      return rect.bottom > 0 && rect.top < window.innerHeight
    })
    const lines: string[] = []
    for (const control of floating) {
      const a = control.getBoundingClientRect()
      for (const element of pressable) {
        const b = element.getBoundingClientRect()
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
          lines.push(
            `${control.className} over ${element.tagName} "${(element.textContent || element.getAttribute('name') || '').trim().slice(0, 40)}"`,
          )
      }
    }
    return lines
  })
}

/** The lines of text that a shown floating control (chat launcher, back-to-top) sits on, as "control over text". */
function textUnderFloating(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const floating = Array.from(document.querySelectorAll<HTMLElement>('.chat-launcher, .back-to-top')).filter(
      (element) => {
        const rect = element.getBoundingClientRect()
        return getComputedStyle(element).visibility !== 'hidden' && rect.width > 2 && rect.height > 2
      },
    )
    const covered: string[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (!node.textContent?.trim() || !parent || floating.some((control) => control.contains(parent))) continue
      if (parent.closest('.visually-hidden, [aria-hidden="true"], .chat-widget')) continue
      const range = document.createRange()
      range.selectNodeContents(node)
      for (const control of floating) {
        const a = control.getBoundingClientRect()
        const over = Array.from(range.getClientRects()).some(
          (b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom,
        )
        if (over) covered.push(`${control.className} over "${node.textContent.trim().slice(0, 40)}"`)
      }
    }
    return covered
  })
}

/** Walks down the whole page, checking at every stop that no floating control covers a control. */
async function expectClearWhileScrolling(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  const step = Math.round(PHONE.height * 0.6)
  for (let y = 0; y <= height; y += step) {
    await scrollTo(page, y)
    await expect.poll(() => floatingOverlaps(page), { message: `at scroll ${y}`, timeout: 3000 }).toEqual([])
  }
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true })

  test(`the header is one row of at most ${PHONE_HEADER_MAX_PX} px with a button that calls the business`, async ({
    page,
  }) => {
    await page.goto('/')
    await chromeAttached(page)
    const box = (await header(page).boundingBox())!
    expect(box.height).toBeLessThanOrEqual(PHONE_HEADER_MAX_PX)
    // One row: every part of the header shares the same band (the brand may wrap inside it).
    const parts = await header(page)
      .locator('.header-inner > *')
      .evaluateAll((elements) =>
        elements
          .map((element) => element.getBoundingClientRect())
          .filter((rect) => rect.width > 0 && rect.height > 0)
          .map((rect) => ({ top: rect.top, bottom: rect.bottom })),
      )
    expect(parts.length).toBeGreaterThanOrEqual(4)
    for (const part of parts) for (const other of parts) expect(part.top).toBeLessThan(other.bottom)
    const call = header(page).getByRole('link', { name: `Call ${SEED_BUSINESS.phone}` })
    await expect(call).toBeVisible()
    await expect(call).toHaveAttribute('href', telHref(SEED_BUSINESS.phone))
    await expect(page.locator('button.mobile-menu-toggle')).toBeVisible()
  })

  test('the brand is laid out as in the whole header while the rest of the document is still on its way, so nothing moves when it comes', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/')).text()
    const brandStart = html.indexOf('class="brand"')
    expect(brandStart).toBeGreaterThan(0)
    // The document as a first paint can see it: everything up to the brand, and nothing after.
    const upToBrand = html.slice(0, html.indexOf('</a>', brandStart) + '</a>'.length)
    await page.route('**/_next/static/chunks/**', (route) => route.abort())
    await page.route(/\/$/, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: upToBrand }))
    await page.goto('/')
    await expect(page.locator('.mobile-menu-toggle')).toHaveCount(0)
    const early = await page.locator('a.brand').boundingBox()
    await page.unrouteAll()
    await page.goto('/')
    await chromeAttached(page)
    const whole = await page.locator('a.brand').boundingBox()
    expect(early).toEqual(whole)
  })

  test('the search box unfolds over the brand, its suggestions on screen', async ({ page }) => {
    await page.goto('/')
    await chromeAttached(page)
    const input = page.getByRole('combobox', { name: 'Search the site' })
    // Folded, the box is its magnifier: the first tap opens it.
    await page.getByRole('search').getByRole('button', { name: 'Search', exact: true }).tap()
    await expect(input).toBeFocused()
    await input.fill('ti')
    const suggestions = page.getByRole('listbox', { name: 'Suggestions' })
    await expect(suggestions).toBeVisible()
    const inputBox = (await input.boundingBox())!
    expect(inputBox.x).toBeGreaterThanOrEqual(0)
    expect(inputBox.width).toBeGreaterThan(PHONE.width / 2)
    const listBox = (await suggestions.boundingBox())!
    expect(listBox.x).toBeGreaterThanOrEqual(0)
    expect(listBox.x + listBox.width).toBeLessThanOrEqual(PHONE.width)
  })

  test(`the chat launcher and back-to-top are ${THUMB_PX} px icons that keep their names`, async ({ page }) => {
    await page.goto('/faq')
    await chromeAttached(page)
    await expect(launcher(page)).toBeVisible({ timeout: 10_000 })
    await scrollTo(page, 1200)
    await expect(backToTop(page)).toBeVisible()
    for (const control of [launcher(page), backToTop(page)]) {
      const box = (await control.boundingBox())!
      expect(box.width).toBeLessThanOrEqual(THUMB_PX)
      expect(box.height).toBeLessThanOrEqual(THUMB_PX)
      expect(box.width).toBeGreaterThanOrEqual(44)
    }
    await expect(launcher(page)).toHaveAccessibleName(/^(Leave a message|Chat with us)$/)
  })

  test('the floating controls never cover a link, button or field as the guide page scrolls', async ({ page }) => {
    test.setTimeout(120_000)
    await page.goto(GUIDE_PATH)
    await chromeAttached(page)
    await expect(launcher(page)).toBeVisible({ timeout: 10_000 })
    await expectClearWhileScrolling(page)
    // An opened answer moves everything below it.
    const faqToggle = page.locator('.accordion-item button[aria-expanded]').first()
    await faqToggle.scrollIntoViewIfNeeded()
    await faqToggle.tap()
    await expect(faqToggle).toHaveAttribute('aria-expanded', 'true')
    await expect.poll(() => floatingOverlaps(page), { timeout: 3000 }).toEqual([])
  })

  test('the floating controls never cover the contact form, nor an open dropdown list', async ({ page }) => {
    test.setTimeout(90_000)
    await page.goto('/contact')
    await chromeAttached(page)
    await expect(launcher(page)).toBeVisible({ timeout: 10_000 })
    await expectClearWhileScrolling(page)
    const county = page.locator('#contact-form-115 select[name="county"]')
    await county.scrollIntoViewIfNeeded()
    await county.tap()
    const combobox = page.getByRole('combobox', { name: /County/ })
    await expect(combobox).toHaveAttribute('aria-expanded', 'true')
    // The list's last options near the bottom of the screen, where the controls float.
    await page.evaluate(() => window.scrollBy(0, -200))
    await page.waitForTimeout(SETTLE_MS)
    await expect.poll(() => floatingOverlaps(page), { timeout: 3000 }).toEqual([])
  })

  test('the county dropdown opens on the first tap and has the chevron of the other selects', async ({ page }) => {
    await page.goto('/contact')
    await chromeAttached(page)
    const form = page.locator('#contact-form-115')
    // The first tap is also the one that brings the form's behaviour.
    await expect(form).not.toHaveAttribute('data-enhanced', 'true')
    await form.locator('select[name="county"]').tap()
    await expect(form).toHaveAttribute('data-enhanced', 'true')
    const county = page.getByRole('combobox', { name: /County/ })
    await expect(county).toHaveAttribute('aria-expanded', 'true')
    await expect(page.locator(`#${await county.getAttribute('aria-controls')}`)).toBeVisible()
    await expect(county).toHaveAttribute('placeholder', SINGLE_PLACEHOLDER)

    const chevron = (name: string) =>
      form
        .locator('.form-field')
        .filter({ has: page.locator(`select[name="${name}"]`) })
        .locator('.dropdown-control')
        .evaluate((control) => {
          const after = getComputedStyle(control, '::after')
          return { image: after.backgroundImage, width: after.width, right: after.right }
        })
    const countyChevron = await chevron('county')
    expect(countyChevron.image).toContain('svg')
    expect(countyChevron).toEqual(await chevron('service'))

    // Once the behaviour is there, one tap opens a select-only dropdown too.
    await page.keyboard.press('Escape')
    const service = page.getByRole('combobox', { name: /Search you need/ })
    await service.tap()
    await expect(service).toHaveAttribute('aria-expanded', 'true')
  })
})

test.describe('on a phone, on a first visit', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true, storageState: FIRST_VISIT })

  test('the chat launcher waits until the privacy choice is made, so nothing floats over the home page’s first screen of text', async ({
    page,
  }) => {
    await page.goto('/')
    await chromeAttached(page)
    const reject = page.getByRole('region', { name: 'Privacy choices' }).getByRole('button', { name: 'Reject all' })
    await expect(reject).toBeVisible()
    // The chat arrives once the page is idle; then the floating controls take their places.
    await expect(page.locator('.chat-launcher')).toBeAttached({ timeout: 10_000 })
    await page.waitForTimeout(SETTLE_MS)
    expect(await textUnderFloating(page)).toEqual([])
    await expect(launcher(page)).toBeHidden()
    await reject.tap()
    await expect(launcher(page)).toBeVisible()
    await expect.poll(() => textUnderFloating(page), { timeout: 3000 }).toEqual([])
  })
})

test.describe('at the end of a page', () => {
  test('the footer’s last lines scroll clear of the chat launcher and back-to-top', async ({ page }) => {
    await page.goto('/pricing')
    await chromeAttached(page)
    await expect(launcher(page)).toBeVisible({ timeout: 10_000 })
    await scrollTo(page, await page.evaluate(() => document.documentElement.scrollHeight))
    await expect(backToTop(page)).toBeVisible()
    await expect.poll(() => textUnderFloating(page), { timeout: 3000 }).toEqual([])
  })
})
