import { type CDPSession, expect, type Locator, type Page, test } from '@playwright/test'
import {
  CAROUSEL_INTERVAL_MS,
  HEADER_FIXED_MIN_WIDTH_PX,
  LAZY_IMAGE_FADE_MS,
  LONG_TAP_MS,
  PROGRESS_MS,
  SWIPE_PX,
  TYPEAHEAD_MAX_OPTIONS,
  TYPEAHEAD_MIN_CHARS,
} from './contract'
import { actUntil, chromeReady, onSlowCpu, pauseClock, scrollToElement, shownPercent, slowCpu } from './support'

/** DESIGN.md, "Public contract", "Page elements": each test is one clause, on a CPU slowed as a mid-range phone's. */
onSlowCpu()

const DESKTOP = { width: 1280, height: 800 }
/** One fake-clock frame. */
const FRAME_MS = 17

type CounterRecord = { target: string | null; samples: number[] }
declare global {
  interface Window {
    counterRecords?: CounterRecord[]
    slideChanges?: { at: number; index: number }[]
  }
}

/**
 * Records, for each `[data-progress]` counter, every number its visible text shows (`innerText`, so
 * what CSS hides does not count): at DOMContentLoaded, at each animation frame from the first paint
 * on, and at each change of the document after that.
 */
function recordCounters() {
  const records: CounterRecord[] = []
  window.counterRecords = records
  let drawing = false
  const sample = () => {
    document.querySelectorAll<HTMLElement>('[data-progress]').forEach((counter, i) => {
      const match = /(\d+)\s*%/.exec(counter.innerText)
      if (!match) return
      const record = (records[i] ??= { target: counter.getAttribute('data-progress'), samples: [] })
      const value = Number(match[1])
      if (record.samples.at(-1) !== value) record.samples.push(value)
    })
  }
  new MutationObserver(() => {
    if (drawing) sample()
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true })
  document.addEventListener('DOMContentLoaded', sample)
  const frame = () => {
    drawing = true
    sample()
    requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
}

const counterRecords = (page: Page) => page.evaluate(() => window.counterRecords ?? [])

test.describe('progress counters', () => {
  test.use({ viewport: DESKTOP })

  test('contract: a progress counter counts from 0 to its data-progress value linearly over 2000 ms once in view, ending with "N%"', async ({
    page,
  }) => {
    await page.clock.install()
    await page.goto('/')
    const counter = page.locator('[data-progress]').first()
    const target = Number(await counter.getAttribute('data-progress'))
    expect(target).toBeGreaterThan(0)
    // Below the fold, it waits at 0 (and the page's scripts have run: the counter is watching).
    await expect.poll(() => shownPercent(counter)).toBe(0)
    await chromeReady(page)
    await pauseClock(page)
    await scrollToElement(page, counter, 200)
    // Our observer's first report comes no earlier than the counter's own (they report in order).
    await counter.evaluate(
      (el) =>
        new Promise<void>((resolve) => new IntersectionObserver((_, o) => (o.disconnect(), resolve())).observe(el)),
    )
    // Linear: at each step the number lies on the line from 0 at the start to N at 2000 ms (within a
    // frame and the rounding). fastForward draws one frame at the step's time.
    const STEPS = 8
    for (let step = 1; step < STEPS; step++) {
      await page.clock.fastForward(PROGRESS_MS / STEPS)
      const line = (target * step) / STEPS
      const shown = (await shownPercent(counter))!
      expect(Math.abs(shown - line), `${shown}% at ${(PROGRESS_MS * step) / STEPS} ms`).toBeLessThanOrEqual(
        (target * FRAME_MS) / PROGRESS_MS + 1,
      )
      expect(shown).toBeLessThan(target)
    }
    await page.clock.fastForward(PROGRESS_MS / STEPS)
    await expect(counter).toHaveText(new RegExp(`(^|\\D)${target}%`))
    expect(await shownPercent(counter)).toBe(target)
  })

  test('contract: a progress counter in view at load shows 0% from the first paint and only rises to "N%" (role="progressbar", aria-valuenow)', async ({
    page,
  }) => {
    await page.addInitScript(recordCounters)
    await page.goto('/#numbers')
    const counters = page.locator('[data-progress]')
    const count = await counters.count()
    expect(count).toBeGreaterThan(0)
    for (const counter of await counters.all()) {
      const target = await counter.getAttribute('data-progress')
      await expect(counter).toHaveAttribute('role', 'progressbar')
      await expect(counter).toHaveAttribute('aria-valuenow', target!)
    }
    // Done: the page has run its scripts for 2000 ms since it loaded, and every counter shows its value.
    const sinceLoad = () =>
      page.evaluate(() => {
        const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
        return navigation.loadEventEnd > 0 ? performance.now() - navigation.loadEventEnd : 0
      })
    const targets = await counters.evaluateAll((all) =>
      all.map((counter) => Number(counter.getAttribute('data-progress'))),
    )
    await expect
      .poll(
        async () =>
          (await sinceLoad()) >= PROGRESS_MS &&
          (await counterRecords(page)).map((record) => record.samples.at(-1)).join() === targets.join(),
        { timeout: PROGRESS_MS + 15_000 },
      )
      .toBe(true)
    const records = await counterRecords(page)
    expect(records).toHaveLength(count)
    for (const { target, samples: shown } of records) {
      // Never a value left going backwards: the numbers shown only rise, from 0 to the value.
      const backwards = shown.flatMap((value, i) =>
        i > 0 && value < shown[i - 1] ? [`${shown[i - 1]}% then ${value}%`] : [],
      )
      expect(backwards, `counter ${target} showed ${shown.join('% ')}%`).toEqual([])
      expect(shown[0], `counter ${target}`).toBe(0)
      expect(shown.at(-1), `counter ${target}`).toBe(Number(target))
    }
  })

  test('contract: under prefers-reduced-motion a progress counter shows "N%" at once', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.addInitScript(recordCounters)
    await page.goto('/#numbers')
    const counters = page.locator('[data-progress]')
    await expect(counters.first()).toBeInViewport()
    for (const counter of await counters.all()) {
      await expect(counter).toHaveText(new RegExp(`(^|\\D)${await counter.getAttribute('data-progress')}%`))
    }
    for (const { target, samples } of await counterRecords(page)) {
      expect(samples, `counter ${target}`).toEqual([Number(target)])
    }
  })

  test('contract: without JavaScript a progress counter shows "N%"', async ({ browser }) => {
    const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false })
    const page = await context.newPage()
    await slowCpu(page)
    await page.goto('/#numbers')
    const counters = page.locator('[data-progress]')
    expect(await counters.count()).toBeGreaterThan(0)
    for (const counter of await counters.all()) {
      expect(await shownPercent(counter)).toBe(Number(await counter.getAttribute('data-progress')))
    }
    await context.close()
  })
})

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
    expect(await shownSlide(page)).toBe((before + 1) % count)
    await carousel(page).getByRole('button', { name: 'Previous slide', exact: true }).click()
    expect(await shownSlide(page)).toBe(before)
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
