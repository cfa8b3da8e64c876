import { expect, type Page, test } from '@playwright/test'
import { PROGRESS_MS } from './contract'
import { chromeReady, DESKTOP, onSlowCpu, pauseClock, scrollToElement, shownPercent, slowCpu } from './support'

/** DESIGN.md, "Public contract", "Page elements" (progress counters): each test is one clause, on a CPU slowed as a mid-range phone's. */
onSlowCpu()

/** One fake-clock frame. */
const FRAME_MS = 17

type CounterRecord = { target: string | null; samples: number[] }
declare global {
  interface Window {
    counterRecords?: CounterRecord[]
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
