// JavaScript a visitor downloads before interacting, compressed as served, and Lighthouse's
// mobile scores, for the seeded pages. Usage: node bench/page-weight.mjs [/path ...]
import fs from 'node:fs'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH as CHROMIUM } from '../scripts/lib/chromium.mjs'
import { startBenchServer } from './lib/server.mjs'

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS]
const DEFAULT_PAGES = ['/', '/services/full-title-search', '/pricing', '/faq', '/contact']
/** DESIGN.md's budget for JavaScript before interaction, compressed. */
const JS_BUDGET_BYTES = 150 * 1024

async function javascriptBytes(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
  const page = await context.newPage()
  const scripts = []
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return
    const sizes = await request.sizes()
    scripts.push({ url: request.url(), bytes: sizes.responseBodySize + sizes.responseHeadersSize * 0 })
  })
  await page.goto(url, { waitUntil: 'networkidle' })
  await page.waitForTimeout(500)
  await context.close()
  return { total: scripts.reduce((sum, s) => sum + s.bytes, 0), files: scripts.length }
}

async function lighthouseScores(url) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS })
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' })
    const { categories, audits } = result.lhr
    return {
      performance: categories.performance.score,
      accessibility: categories.accessibility.score,
      bestPractices: categories['best-practices'].score,
      seo: categories.seo.score,
      lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
      cls: Number(audits['cumulative-layout-shift'].numericValue.toFixed(3)),
      tbtMs: Math.round(audits['total-blocking-time'].numericValue),
    }
  } finally {
    await chrome.kill()
  }
}

const pages = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT_PAGES
const server = await startBenchServer({ name: 'bench-weight' })
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
const rows = []
try {
  for (const pagePath of pages) {
    const url = server.origin + pagePath
    const js = await javascriptBytes(browser, url)
    const scores = await lighthouseScores(url)
    rows.push({
      page: pagePath,
      jsBytesCompressed: js.total,
      jsFiles: js.files,
      withinBudget: js.total <= JS_BUDGET_BYTES,
      ...scores,
    })
    console.log(JSON.stringify(rows.at(-1)))
  }
} finally {
  await browser.close()
  server.stop()
}

const out = path.join(path.dirname(new URL(import.meta.url).pathname), 'results', 'page-weight.json')
fs.writeFileSync(
  out,
  JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, rows }, null, 2) + '\n',
)
console.log(`\nwritten to ${path.relative(process.cwd(), out)}`)
console.table(
  rows.map(({ page, jsBytesCompressed, performance, accessibility, bestPractices, seo, cls }) => ({
    page,
    'JS KB (compressed)': (jsBytesCompressed / 1024).toFixed(1),
    performance,
    accessibility,
    bestPractices,
    seo,
    cls,
  })),
)
