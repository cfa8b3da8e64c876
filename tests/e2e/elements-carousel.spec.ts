import { expect, type Page, test } from '@playwright/test'
import { CAROUSEL_INTERVAL_MS } from '../../src/blocks/Testimonials/carouselBehaviour'
import { SWIPE_THRESHOLD_PX } from '../../src/dom/gestures'
import { chromeAttached } from './support/chrome'
import { pauseClock, swipe, WIDTHS } from './support/elements'

/** What the carousel does is the same at every width: it is checked at the desktop's. */
const DESKTOP = WIDTHS[0]
/** The phone, where a finger swipes it. */
const PHONE = WIDTHS[1]

const carousel = (page: Page) => page.locator('[aria-roledescription="carousel"]')
const slides = (page: Page) => carousel(page).locator('[aria-roledescription="slide"]')
const currentLabel = (page: Page) =>
  carousel(page).locator('[aria-roledescription="slide"]:not([aria-hidden])').getAttribute('aria-label')

test.describe(`page elements at ${DESKTOP.width} px`, () => {
  test.use({ viewport: DESKTOP })

  test.describe('carousel', () => {
    async function openCarousel(page: Page) {
      await page.clock.install()
      await page.goto('/')
      await expect(carousel(page)).toHaveClass(/is-enhanced/)
      await carousel(page).scrollIntoViewIfNeeded()
      await pauseClock(page)
    }

    test('follows the WAI-ARIA carousel pattern: one visible slide, the others hidden and inert; a slide picker shows that slide and Next wraps from the last', async ({
      page,
    }) => {
      await openCarousel(page)
      const count = await slides(page).count()
      expect(count).toBeGreaterThan(1)
      await expect(slides(page).first()).toHaveAttribute('role', 'group')
      await expect(slides(page).first()).toHaveAttribute('aria-label', `1 of ${count}`)
      await expect(carousel(page).locator('[aria-roledescription="slide"][aria-hidden="true"]')).toHaveCount(count - 1)
      for (const slide of await carousel(page).locator('[aria-roledescription="slide"][aria-hidden="true"]').all()) {
        expect(await slide.evaluate((el) => (el as HTMLElement).inert)).toBe(true)
        await expect(slide).toBeHidden()
      }
      await expect(carousel(page).getByRole('button', { name: 'Previous slide' })).toBeVisible()
      await expect(carousel(page).getByRole('button', { name: 'Next slide' })).toBeVisible()
      await expect(carousel(page).getByRole('button', { name: 'Stop automatic slide show' })).toBeVisible()

      await carousel(page)
        .getByRole('button', { name: new RegExp(`^Slide ${count} of ${count}`) })
        .click()
      expect(await currentLabel(page)).toBe(`${count} of ${count}`)
      await carousel(page).getByRole('button', { name: 'Next slide' }).click()
      expect(await currentLabel(page)).toBe(`1 of ${count}`)
    })

    test(`pauses while the pointer is over it, and once it leaves advances every ${CAROUSEL_INTERVAL_MS} ms`, async ({
      page,
    }) => {
      await openCarousel(page)
      await carousel(page).locator('.carousel-slides').hover()
      await page.clock.runFor(CAROUSEL_INTERVAL_MS * 3)
      expect(await currentLabel(page)).toMatch(/^1 of/)
      // Resting the pointer elsewhere restarts the rotation from this paused moment.
      await page.mouse.move(1, 1)
      await page.clock.runFor(CAROUSEL_INTERVAL_MS - 10)
      expect(await currentLabel(page)).toMatch(/^1 of/)
      await page.clock.runFor(10)
      expect(await currentLabel(page)).toMatch(/^2 of/)
      await page.clock.runFor(CAROUSEL_INTERVAL_MS)
      expect(await currentLabel(page)).toMatch(/^3 of/)
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

    test('does not rotate under reduced motion', async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await openCarousel(page)
      await page.mouse.move(1, 1)
      await expect(carousel(page).getByRole('button', { name: 'Start automatic slide show' })).toBeVisible()
      await page.clock.runFor(CAROUSEL_INTERVAL_MS * 2)
      expect(await currentLabel(page)).toMatch(/^1 of/)
    })

    test('without JavaScript every testimonial shows and no controls do', async ({ browser }) => {
      const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false })
      const page = await context.newPage()
      await page.goto('/')
      for (const slide of await slides(page).all()) await expect(slide).toBeVisible()
      await expect(carousel(page).getByRole('button')).toHaveCount(0)
      await context.close()
    })
  })
})

test.describe(`page elements at ${PHONE.width} px`, () => {
  test(`the carousel shows one slide and its controls, and follows a swipe of ${SWIPE_THRESHOLD_PX} px, not a shorter one`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, reducedMotion: 'reduce' })
    const page = await context.newPage()
    await page.goto('/')
    await expect(carousel(page)).toHaveClass(/is-enhanced/)
    const area = carousel(page).locator('.carousel-slides')
    await area.scrollIntoViewIfNeeded()
    await expect(carousel(page).locator('[aria-roledescription="slide"]:not([aria-hidden])')).toBeVisible()
    for (const slide of await carousel(page).locator('[aria-roledescription="slide"][aria-hidden="true"]').all()) {
      await expect(slide).toBeHidden()
    }
    await expect(carousel(page).getByRole('button', { name: 'Previous slide' })).toBeVisible()
    await expect(carousel(page).getByRole('button', { name: 'Next slide' })).toBeVisible()
    // Under reduced motion the slide show starts stopped: its button offers to start it.
    await expect(carousel(page).getByRole('button', { name: 'Start automatic slide show' })).toBeVisible()
    const cdp = await context.newCDPSession(page)
    await swipe(cdp, area, -(SWIPE_THRESHOLD_PX - 20))
    expect(await currentLabel(page)).toMatch(/^1 of/)
    await swipe(cdp, area, -(SWIPE_THRESHOLD_PX + 10))
    await expect.poll(() => currentLabel(page)).toMatch(/^2 of/)
    await swipe(cdp, area, SWIPE_THRESHOLD_PX + 10)
    await expect.poll(() => currentLabel(page)).toMatch(/^1 of/)
    await context.close()
  })
})

test.describe('mobile panel gestures', () => {
  test.use({ viewport: PHONE, hasTouch: true })

  test(`a swipe of ${SWIPE_THRESHOLD_PX} px toward its edge closes the mobile panel`, async ({ page, context }) => {
    await page.goto('/services')
    await chromeAttached(page)
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
