// JavaScript the contact page costs, compressed: at load (until the network is idle, which
// includes the form behaviour loaded on idle), and after the visitor first reaches the form
// (which loads the captcha widget). A content page without a form is the baseline.
// Usage: node bench/contact-form-js.mjs   (builds when the sources changed; port 3231)
import fs from 'node:fs'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.mjs'
import { startBenchServer } from './lib/server.mjs'

/** The budget for JavaScript before interaction, compressed (docs/budgets.md). */
const JS_BUDGET_BYTES = 150 * 1024

/**
 * @param {import('playwright-core').Page} page
 * @returns {() => number} the bytes of the scripts the page has loaded so far
 */
function collectScripts(page) {
  /** @type {number[]} */
  const scripts = []
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return
    const sizes = await request.sizes()
    scripts.push(sizes.responseBodySize)
  })
  return () => scripts.reduce((sum, bytes) => sum + bytes, 0)
}

const server = await startBenchServer({ port: 3231, name: 'bench-contact-form' })
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
const rows = []
try {
  for (const pagePath of ['/about', '/contact']) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
    const page = await context.newPage()
    const total = collectScripts(page)
    await page.goto(server.origin + pagePath, { waitUntil: 'networkidle' })
    await page.waitForTimeout(500)
    const atLoad = total()
    let afterInteraction = atLoad
    if (pagePath === '/contact') {
      await page.locator('#contact-form-115 input[name="name"]').focus()
      await page.waitForLoadState('networkidle')
      await page.waitForTimeout(500)
      afterInteraction = total()
    }
    rows.push({ page: pagePath, atLoad, afterInteraction, withinBudget: atLoad <= JS_BUDGET_BYTES })
    await context.close()
  }
} finally {
  await browser.close()
  server.stop()
}
console.table(rows)
const out = path.join(path.dirname(new URL(import.meta.url).pathname), 'results', 'contact-form-js.json')
fs.writeFileSync(out, `${JSON.stringify({ measuredAt: new Date().toISOString(), rows }, null, 2)}\n`)
