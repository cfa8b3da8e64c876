// `node bench/consent-weight.mjs [/path ...]`: on a first visit (consent banner shown), the
// compressed JavaScript a page loads before any interaction, what loads after idle, and the
// layout shift (CLS) the banner causes, in Chromium against the production build.
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.mjs'
import { startBenchServer } from './lib/server.mjs'

const JS_BUDGET_BYTES = 150 * 1024
const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/pricing', '/contact']
const server = await startBenchServer({ port: Number(process.env.BENCH_PORT || 3243), name: 'bench-consent-weight' })
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
const rows = []
try {
  for (const pagePath of pages) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      extraHTTPHeaders: { 'x-visitor-region': 'DE' },
    })
    const page = await context.newPage()
    await page.addInitScript(() => {
      const shifts = /** @type {Window & { __cls: number }} */ (Object.assign(window, { __cls: 0 }))
      new PerformanceObserver((list) => {
        // Layout shifts (TypeScript's DOM types do not have them).
        for (const entry of /** @type {(PerformanceEntry & { hadRecentInput: boolean, value: number })[]} */ (
          list.getEntries()
        ))
          if (!entry.hadRecentInput) shifts.__cls += entry.value
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await page.goto(server.origin + pagePath, { waitUntil: 'load' })
    const beforeIdle = await page.evaluate(() =>
      /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource'))
        .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'))
        .reduce((sum, entry) => sum + entry.encodedBodySize, 0),
    )
    await page.waitForSelector('.consent-banner')
    await page.waitForLoadState('networkidle')
    const afterIdle = await page.evaluate(() =>
      /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource'))
        .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'))
        .reduce((sum, entry) => sum + entry.encodedBodySize, 0),
    )
    const cls = await page.evaluate(() => /** @type {Window & { __cls?: number }} */ (window).__cls ?? 0)
    rows.push({
      page: pagePath,
      jsBeforeInteraction: beforeIdle,
      jsAfterIdle: afterIdle,
      withinBudget: beforeIdle <= JS_BUDGET_BYTES,
      cls: Number(cls.toFixed(4)),
    })
    console.log(JSON.stringify(rows.at(-1)))
    await context.close()
  }
} finally {
  await browser.close()
  server.stop()
}
