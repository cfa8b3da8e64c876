import { type CDPSession, expect, type Locator, type Page, test } from '@playwright/test'
import { CAROUSEL_INTERVAL_MS, LONG_TAP_MS, SWIPE_PX } from './contract'
import { DESKTOP, onSlowCpu, pauseClock } from './support'

/** DESIGN.md, "Public contract", "Page elements" (the carousel and touch gestures): each test is one clause, on a CPU slowed as a mid-range phone's. */
onSlowCpu()

declare global {
  interface Window {
    slideChanges?: { at: number; index: number }[]
  }
}

const carousel = (page: Page) => page.locator('[aria-roledescription="carousel"]')
const slides = (page: Page) => carousel(page).locator('[aria-roledescription="slide"]')
/** The index of the slide shown (the one without aria-hidden="true"). */
const shownSlide = (page: Page) =>
  slides(page).evaluateAll((all) => all.findIndex((slide) => slide.getAttribute('aria-hidden') !== 'true'))
/** The carousel's script runs once it hides the slides not shown (the page arrives with every slide, and no aria-hidden). */
const carouselReady = (page: Page) =>
  expect(slides(page).and(page.locator('[aria-hidden="true"]')).first()).toBeAttached()

/** Records each change of the shown slide with the page's (fake) time. */
function recordSlideChanges() {
  const changes: { at: number; index: number }[] = []
  window.slideChanges = changes
  new MutationObserver(() => {
    const all = [...document.querySelectorAll('[aria-roledescription="carousel"] [aria-roledescription="slide"]')]
    const index = all.findIndex((slide) => slide.getAttribute('aria-hidden') !== 'true')
    if (all.length && changes.at(-1)?.index !== index) changes.push({ at: Date.now(), index })
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['aria-hidden'] })
}

/** A finger moving `dx` px sideways across `target`, as Chromium's touch input. */
async function swipe(cdp: CDPSession, target: Locator, dx: number) {
  const box = (await target.boundingBox())!
  const y = Math.round(box.y + Math.min(box.height / 2, 150))
  const x = Math.round(dx < 0 ? box.x + box.width - 20 : box.x + 20)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] })
  for (let step = 1; step <= 5; step++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * step) / 5, y }] })
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
}

test.describe('carousel', () => {
  test.use({ viewport: DESKTOP })

  test('contract: the carousel is aria-roledescription="carousel" with role="group" slides (aria-roledescription="slide"), hidden ones aria-hidden="true", and buttons Previous slide / Next slide', async ({
    page,
  }) => {
    // It does not rotate (a clause of its own below), so the slide shown moves only with the buttons:
    // on a loaded machine this test outlasts the 5 s between turns.
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto('/')
    await carouselReady(page)
    const count = await slides(page).count()
    expect(count).toBeGreaterThan(1)
    for (const slide of await slides(page).all()) await expect(slide).toHaveAttribute('role', 'group')
    await expect(slides(page).and(page.locator('[aria-hidden="true"]'))).toHaveCount(count - 1)
    for (const hidden of await slides(page).and(page.locator('[aria-hidden="true"]')).all())
      await expect(hidden).toBeHidden()
    await expect(carousel(page).getByRole('button', { name: 'Previous slide', exact: true })).toBeVisible()
    await expect(carousel(page).getByRole('button', { name: 'Next slide', exact: true })).toBeVisible()
    const before = await shownSlide(page)
    await carousel(page).getByRole('button', { name: 'Next slide', exact: true }).click()
    await expect.poll(() => shownSlide(page)).toBe((before + 1) % count)
    await carousel(page).getByRole('button', { name: 'Previous slide', exact: true }).click()
    await expect.poll(() => shownSlide(page)).toBe(before)
  })

  test('contract: the carousel advances every 5000 ms', async ({ page }) => {
    await page.addInitScript(recordSlideChanges)
    await page.clock.install()
    await page.goto('/')
    await carouselReady(page)
    await page.mouse.move(1, 1)
    await pauseClock(page)
    const since = await page.evaluate(() => Date.now())
    await page.clock.runFor(3 * CAROUSEL_INTERVAL_MS)
    const changes = (await page.evaluate(() => window.slideChanges ?? [])).filter((change) => change.at > since)
    expect(changes).toHaveLength(3)
    expect(changes[0].at - since).toBeLessThanOrEqual(CAROUSEL_INTERVAL_MS)
    expect(changes.slice(1).map((change, i) => change.at - changes[i].at)).toEqual([
      CAROUSEL_INTERVAL_MS,
      CAROUSEL_INTERVAL_MS,
    ])
  })

  test('contract: the carousel pauses on hover and on focus', async ({ page }) => {
    await page.clock.install()
    await page.goto('/')
    await carouselReady(page)
    await carousel(page).scrollIntoViewIfNeeded()
    await pauseClock(page)
    const shown = await shownSlide(page)
    await carousel(page).hover()
    await page.clock.runFor(3 * CAROUSEL_INTERVAL_MS)
    expect(await shownSlide(page)).toBe(shown)

    await carousel(page).getByRole('button', { name: 'Previous slide', exact: true }).focus()
    await page.mouse.move(1, 1)
    await page.clock.runFor(3 * CAROUSEL_INTERVAL_MS)
    expect(await shownSlide(page)).toBe(shown)
    // Neither pointer nor focus on it: it moves on again.
    await page.locator('header.site-header a').first().focus()
    await page.clock.runFor(2 * CAROUSEL_INTERVAL_MS)
    expect(await shownSlide(page)).not.toBe(shown)
  })

  test('contract: the carousel does not rotate under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.clock.install()
    await page.goto('/')
    await carouselReady(page)
    await page.mouse.move(1, 1)
    await pauseClock(page)
    const shown = await shownSlide(page)
    await page.clock.runFor(3 * CAROUSEL_INTERVAL_MS)
    expect(await shownSlide(page)).toBe(shown)
  })
})

test.describe('touch gestures', () => {
  test.use({ viewport: DESKTOP, hasTouch: true })

  test('contract: the carousel follows a 75 px swipe and not a shorter one', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto('/')
    await carouselReady(page)
    const area = slides(page).first().locator('xpath=..')
    await area.scrollIntoViewIfNeeded()
    const cdp = await page.context().newCDPSession(page)
    const count = await slides(page).count()
    const shown = await shownSlide(page)
    await swipe(cdp, area, -(SWIPE_PX - 3))
    expect(await shownSlide(page)).toBe(shown)
    await swipe(cdp, area, -(SWIPE_PX + 3))
    await expect.poll(() => shownSlide(page)).toBe((shown + 1) % count)
    await swipe(cdp, area, SWIPE_PX + 3)
    await expect.poll(() => shownSlide(page)).toBe(shown)
  })

  test('contract: a touch held 500 ms is a long tap (it holds the carousel still), a shorter one is not', async ({
    page,
  }) => {
    await page.clock.install()
    await page.goto('/')
    await carouselReady(page)
    const area = slides(page).first().locator('xpath=..')
    await area.scrollIntoViewIfNeeded()
    const cdp = await page.context().newCDPSession(page)
    const centreOf = async (target: Locator) => {
      const box = (await target.boundingBox())!
      return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + Math.min(box.height / 2, 150)) }
    }
    const onSlides = await centreOf(area)
    // A tap on the section's heading, outside the carousel: the finger has left it.
    const outside = await centreOf(
      page
        .locator('section', { has: carousel(page) })
        .locator('h2')
        .first(),
    )
    const touch = async (point: { x: number; y: number }, holdMs: number) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] })
      // Events carry the page's (fake) time: the clock makes the finger stay.
      if (holdMs) await page.clock.runFor(holdMs)
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    }
    await pauseClock(page)

    await touch(onSlides, LONG_TAP_MS - 50)
    await touch(outside, 0)
    let shown = await shownSlide(page)
    await page.clock.runFor(2 * CAROUSEL_INTERVAL_MS)
    expect(await shownSlide(page), 'a shorter touch does not hold it').not.toBe(shown)

    await touch(onSlides, LONG_TAP_MS)
    await touch(outside, 0)
    shown = await shownSlide(page)
    await page.clock.runFor(3 * CAROUSEL_INTERVAL_MS)
    expect(await shownSlide(page), 'a long tap holds it').toBe(shown)
  })
})
