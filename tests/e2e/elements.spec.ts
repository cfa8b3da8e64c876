import { type CDPSession, expect, type Locator, type Page, test } from '@playwright/test'
import { PROGRESS_ANIMATION_MS, progressAt } from '../../src/blocks/Stats/progressCounter'
import { CAROUSEL_INTERVAL_MS } from '../../src/blocks/Testimonials/carouselBehaviour'
import { SWIPE_THRESHOLD_PX } from '../../src/dom/gestures'
import { LAZY_IMAGE_FADE_MS } from '../../src/site/chrome/lazyImages'
import { TYPEAHEAD_MAX_ITEMS } from '../../src/search/query'
import { seriousAxeViolations } from './support/axe'

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 375, height: 740 },
]

/** From here on the page's clock moves only when the test says so. */
async function pauseClock(page: Page) {
  // A little ahead, so that the clock has not passed that time by the time the call lands.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 250)
}

/** A finger moving `dx` pixels sideways across `target`, as Chromium's touch input. */
async function swipe(cdp: CDPSession, target: Locator, dx: number) {
  const box = (await target.boundingBox())!
  const y = box.y + Math.min(box.height / 2, 150)
  const x = dx < 0 ? box.x + box.width - 20 : box.x + 20
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] })
  for (let step = 1; step <= 5; step++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * step) / 5, y }] })
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
}

async function expectNoSeriousAxeViolation(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  expect(await seriousAxeViolations(page)).toEqual([])
}

for (const viewport of WIDTHS) {
  test.describe(`page elements at ${viewport.width} px`, () => {
    test.use({ viewport })

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

    test.describe('carousel', () => {
      const carousel = (page: Page) => page.locator('[aria-roledescription="carousel"]')
      const slides = (page: Page) => carousel(page).locator('[aria-roledescription="slide"]')
      const currentLabel = (page: Page) =>
        carousel(page).locator('[aria-roledescription="slide"]:not([aria-hidden])').getAttribute('aria-label')

      async function openCarousel(page: Page) {
        await page.clock.install()
        await page.goto('/')
        await expect(carousel(page)).toHaveClass(/is-enhanced/)
        await carousel(page).scrollIntoViewIfNeeded()
        await pauseClock(page)
      }

      test('follows the WAI-ARIA carousel pattern: one visible slide, the others hidden and inert', async ({
        page,
      }) => {
        await openCarousel(page)
        const count = await slides(page).count()
        expect(count).toBeGreaterThan(1)
        await expect(slides(page).first()).toHaveAttribute('role', 'group')
        await expect(slides(page).first()).toHaveAttribute('aria-label', `1 of ${count}`)
        await expect(carousel(page).locator('[aria-roledescription="slide"][aria-hidden="true"]')).toHaveCount(
          count - 1,
        )
        for (const slide of await carousel(page).locator('[aria-roledescription="slide"][aria-hidden="true"]').all()) {
          expect(await slide.evaluate((el) => (el as HTMLElement).inert)).toBe(true)
          await expect(slide).toBeHidden()
        }
        await expect(carousel(page).getByRole('button', { name: 'Previous slide' })).toBeVisible()
        await expect(carousel(page).getByRole('button', { name: 'Next slide' })).toBeVisible()
        await expect(carousel(page).getByRole('button', { name: 'Stop automatic slide show' })).toBeVisible()
      })

      test(`advances every ${CAROUSEL_INTERVAL_MS} ms`, async ({ page }) => {
        await openCarousel(page)
        // Resting the pointer elsewhere restarts the rotation from this paused moment.
        await carousel(page).hover()
        await page.mouse.move(1, 1)
        await page.clock.runFor(CAROUSEL_INTERVAL_MS - 10)
        expect(await currentLabel(page)).toMatch(/^1 of/)
        await page.clock.runFor(10)
        expect(await currentLabel(page)).toMatch(/^2 of/)
        await page.clock.runFor(CAROUSEL_INTERVAL_MS)
        expect(await currentLabel(page)).toMatch(/^3 of/)
      })

      test('pauses while the pointer is over it and resumes when it leaves', async ({ page }) => {
        await openCarousel(page)
        await carousel(page).locator('.carousel-slides').hover()
        await page.clock.runFor(CAROUSEL_INTERVAL_MS * 3)
        expect(await currentLabel(page)).toMatch(/^1 of/)
        await page.mouse.move(1, 1)
        await page.clock.runFor(CAROUSEL_INTERVAL_MS)
        expect(await currentLabel(page)).toMatch(/^2 of/)
      })

      test('pauses while focus is inside, and keyboard users can step through the slides', async ({ page }) => {
        await openCarousel(page)
        await page.mouse.move(1, 1)
        await carousel(page).getByRole('button', { name: 'Next slide' }).focus()
        await page.keyboard.press('Enter')
        expect(await currentLabel(page)).toMatch(/^2 of/)
        await expect(carousel(page).locator('.carousel-slides')).toHaveAttribute('aria-live', 'polite')
        await page.clock.runFor(CAROUSEL_INTERVAL_MS * 3)
        expect(await currentLabel(page)).toMatch(/^2 of/)
        await page.keyboard.press('Shift+Tab')
        await expect(carousel(page).getByRole('button', { name: 'Previous slide' })).toBeFocused()
        await page.keyboard.press('Space')
        expect(await currentLabel(page)).toMatch(/^1 of/)
        await page.keyboard.press('Shift+Tab')
        await expect(carousel(page).getByRole('button', { name: 'Stop automatic slide show' })).toBeFocused()
        await page.keyboard.press('Enter')
        await expect(carousel(page).getByRole('button', { name: 'Start automatic slide show' })).toBeFocused()
      })

      test('the rotation button stops and restarts the slide show', async ({ page }) => {
        await openCarousel(page)
        await carousel(page).getByRole('button', { name: 'Stop automatic slide show' }).click()
        await page.mouse.move(1, 1)
        await page.clock.runFor(CAROUSEL_INTERVAL_MS * 2)
        expect(await currentLabel(page)).toMatch(/^1 of/)
        await carousel(page).getByRole('button', { name: 'Start automatic slide show' }).click()
        await page.mouse.move(1, 1)
        await page.clock.runFor(CAROUSEL_INTERVAL_MS)
        expect(await currentLabel(page)).toMatch(/^2 of/)
      })

      test('a slide picker shows that slide and wraps from the last with Next', async ({ page }) => {
        await openCarousel(page)
        const count = await slides(page).count()
        await carousel(page)
          .getByRole('button', { name: new RegExp(`^Slide ${count} of ${count}`) })
          .click()
        expect(await currentLabel(page)).toBe(`${count} of ${count}`)
        await carousel(page).getByRole('button', { name: 'Next slide' }).click()
        expect(await currentLabel(page)).toBe(`1 of ${count}`)
      })

      test('does not rotate under reduced motion', async ({ page }) => {
        await page.emulateMedia({ reducedMotion: 'reduce' })
        await openCarousel(page)
        await page.mouse.move(1, 1)
        await expect(carousel(page).getByRole('button', { name: 'Start automatic slide show' })).toBeVisible()
        await page.clock.runFor(CAROUSEL_INTERVAL_MS * 2)
        expect(await currentLabel(page)).toMatch(/^1 of/)
      })

      test(`follows a swipe of ${SWIPE_THRESHOLD_PX} px, not a shorter one`, async ({ browser }) => {
        const context = await browser.newContext({ viewport, hasTouch: true, reducedMotion: 'reduce' })
        const page = await context.newPage()
        await page.goto('/')
        await expect(carousel(page)).toHaveClass(/is-enhanced/)
        const area = carousel(page).locator('.carousel-slides')
        await area.scrollIntoViewIfNeeded()
        const cdp = await context.newCDPSession(page)
        await swipe(cdp, area, -(SWIPE_THRESHOLD_PX - 20))
        expect(await currentLabel(page)).toMatch(/^1 of/)
        await swipe(cdp, area, -(SWIPE_THRESHOLD_PX + 10))
        await expect.poll(() => currentLabel(page)).toMatch(/^2 of/)
        await swipe(cdp, area, SWIPE_THRESHOLD_PX + 10)
        await expect.poll(() => currentLabel(page)).toMatch(/^1 of/)
        await context.close()
      })

      test('without JavaScript every testimonial shows and no controls do', async ({ browser }) => {
        const context = await browser.newContext({ viewport, javaScriptEnabled: false })
        const page = await context.newPage()
        await page.goto('/')
        for (const slide of await slides(page).all()) await expect(slide).toBeVisible()
        await expect(carousel(page).getByRole('button')).toHaveCount(0)
        await context.close()
      })
    })

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

      test('is used with the keyboard alone: arrows choose, Enter opens, Escape closes then clears', async ({
        page,
      }) => {
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
        expect(
          await image.evaluate((el) => [getComputedStyle(el).opacity, el.classList.contains('is-loaded')]),
        ).toEqual(['0', false])
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
}

test.describe('mobile panel gestures', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true })

  test(`a swipe of ${SWIPE_THRESHOLD_PX} px toward its edge closes the mobile panel`, async ({ page, context }) => {
    await page.goto('/services')
    const toggle = page.locator('.mobile-menu-toggle')
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const panel = page.locator('.mobile-menu-panel')
    const cdp = await context.newCDPSession(page)
    await swipe(cdp, panel, SWIPE_THRESHOLD_PX - 20)
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await swipe(cdp, panel, SWIPE_THRESHOLD_PX + 10)
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
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
