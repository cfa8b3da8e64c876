// JavaScript a visitor downloads before interacting, compressed as served, and Lighthouse's
// mobile scores (the median of LIGHTHOUSE_RUNS runs), for every page of the sitemap or the paths
// given. The seeded site gets one published news post first (bench/lib/samplePost.mjs), so the
// sitemap holds a post page, the news listing and a category's page too.
// Usage: node bench/page-weight.mjs [--list-pages] [/path ...]
// --list-pages: set up the site, print each page that would be measured with its HTTP status, stop.
import fs from 'node:fs'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromium } from 'playwright-core'
import { ROOT } from '../scripts/lib/bootstrap.mjs'
import { CHROMIUM_ARGS, CHROMIUM_PATH as CHROMIUM } from '../scripts/lib/chromium.mjs'
import { publishSamplePost, sitemapPaths } from './lib/samplePost.mjs'
import { startBenchServer } from './lib/server.mjs'
import { signInAdmin } from './lib/session.mjs'

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS]
/** The budget for JavaScript before interaction, compressed (docs/budgets.md). */
const JS_BUDGET_BYTES = 150 * 1024

/** How long the page is left alone after load, so that what loads after idle is seen too. */
const SETTLE_MS = 6000

/**
 * Compressed JavaScript a first-time visitor downloads without touching the page, split at the
 * first idle moment: before it is what the page needs to start (the budget); after it is what
 * docs/budgets.md lets load once the page is idle (chat, the analytics collector).
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 */
async function javascriptBytes(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
  await context.addInitScript(() => {
    const marked = /** @type {Window & { __firstIdleAt?: number }} */ (window)
    const mark = () => (marked.__firstIdleAt ??= performance.now())
    if (window.requestIdleCallback) window.requestIdleCallback(mark)
    else setTimeout(mark, 0)
  })
  const page = await context.newPage()
  await page.goto(url, { waitUntil: 'load' })
  await page.waitForTimeout(SETTLE_MS)
  const { scripts, idleAt, startupChunks } = await page.evaluate(() => ({
    idleAt: /** @type {Window & { __firstIdleAt?: number }} */ (window).__firstIdleAt ?? Infinity,
    // The chunks a cached page loads after its first paint (src/server/chunksAfterFirstPaint.ts) are
    // still what it needs to start, wherever the first idle moment falls.
    startupChunks: [
      ...(document.querySelector('script[data-chunks-after-paint]')?.textContent ?? '').matchAll(/"src":"([^"]+)"/g),
    ].map((match) => new URL(match[1], location.href).href),
    scripts: /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource'))
      .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'))
      .map((entry) => ({ url: entry.name, start: entry.startTime, bytes: entry.encodedBodySize })),
  }))
  await context.close()
  const sum = (/** @type {{ bytes: number }[]} */ list) => list.reduce((total, script) => total + script.bytes, 0)
  const beforeIdle = scripts.filter((script) => script.start < idleAt || startupChunks.includes(script.url))
  return { total: sum(beforeIdle), afterIdle: sum(scripts) - sum(beforeIdle), files: scripts.length }
}

/** Lighthouse runs per page before its error is reported (a run can fail to paint on a busy machine). */
const LIGHTHOUSE_ATTEMPTS = 3

/**
 * A Lighthouse run's scores (0 to 1, null when a category could not be scored), its LCP, CLS and
 * TBT, and what shifted when anything did.
 * @typedef {object} LighthouseScores
 * @property {number | null} performance
 * @property {number | null} accessibility
 * @property {number | null} bestPractices
 * @property {number | null} seo
 * @property {number} lcpMs
 * @property {number} cls
 * @property {number} tbtMs
 * @property {{ element: string, score: number }[]} [shifts]
 */

/**
 * @param {string} url
 * @returns {Promise<LighthouseScores>}
 */
async function lighthouseScores(url) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(url)
    } catch (error) {
      if (attempt >= LIGHTHOUSE_ATTEMPTS) throw error
      console.warn(`Lighthouse on ${url} failed (${/** @type {Error} */ (error).message}); running it again…`)
    }
  }
}

/**
 * Lighthouse runs per page (LIGHTHOUSE_RUNS, default 3): one run's blocking time swings with
 * whatever else the machine does, so the run with the median performance score is kept, as
 * Lighthouse's own advice for comparing pages goes, with every run's score beside it.
 */
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3)

/** @param {string} url */
async function medianLighthouseRun(url) {
  /** @type {LighthouseScores[]} */
  const runs = []
  for (let run = 0; run < LIGHTHOUSE_RUNS; run++) runs.push(await lighthouseScores(url))
  const byScore = [...runs].sort((a, b) => (a.performance ?? 0) - (b.performance ?? 0) || a.tbtMs - b.tbtMs)
  return { ...byScore[Math.floor((byScore.length - 1) / 2)], performanceEachRun: runs.map((run) => run.performance) }
}

/**
 * @param {string} url
 * @returns {Promise<LighthouseScores>}
 */
async function lighthouseRun(url) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS })
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' })
    if (!result) throw new Error('Lighthouse gave no result')
    const { categories, audits, runtimeError } = result.lhr
    if (runtimeError) throw new Error(`${runtimeError.code}: ${runtimeError.message}`)
    /** An audit's figure, which Lighthouse gives for each asked here. */
    const figure = (/** @type {string} */ id) => {
      const value = audits[id]?.numericValue
      if (value === undefined) throw new Error(`Lighthouse gave no figure for ${id}`)
      return value
    }
    // The layout shifts audit's details: a table of the elements that moved.
    const shiftDetails =
      /** @type {{ items?: { node?: { selector?: string, snippet?: string }, score: number }[] } | undefined} */ (
        audits['layout-shifts']?.details
      )
    return {
      performance: categories.performance.score,
      accessibility: categories.accessibility.score,
      bestPractices: categories['best-practices'].score,
      seo: categories.seo.score,
      lcpMs: Math.round(figure('largest-contentful-paint')),
      cls: Number(figure('cumulative-layout-shift').toFixed(3)),
      tbtMs: Math.round(figure('total-blocking-time')),
      // What moved, when anything did: the element and its share of the shift.
      ...(figure('cumulative-layout-shift') > 0 && {
        shifts: (shiftDetails?.items ?? []).map((item) => ({
          element: item.node?.selector ?? item.node?.snippet ?? 'unattributed',
          score: Number(item.score.toFixed(4)),
        })),
      }),
    }
  } finally {
    await chrome.kill()
  }
}

const LIST_PAGES_FLAG = '--list-pages'
const listOnly = process.argv.includes(LIST_PAGES_FLAG)
const askedPaths = process.argv.slice(2).filter((arg) => arg !== LIST_PAGES_FLAG)

const name = 'bench-weight'
// Where the set-up writes the first admin's credentials, which publish the sample post.
const adminFile = path.join(ROOT, '.tmp', name, 'admin.json')
process.env.E2E_ADMIN_FILE = adminFile

/**
 * BENCH_FONT_PAIRING=<name> measures the pages with that font pairing of Settings → Appearance
 * (src/brand/fonts.ts) chosen, as an owner would choose it; unset, the default brand.
 */
const FONT_PAIRING = process.env.BENCH_FONT_PAIRING

/**
 * @param {string} origin
 * @param {string} token
 * @param {string} fontPairing
 */
async function chooseFontPairing(origin, token, fontPairing) {
  const response = await fetch(`${origin}/api/globals/site-settings`, {
    method: 'POST',
    headers: { Authorization: `JWT ${token}`, Origin: origin, 'Content-Type': 'application/json' },
    body: JSON.stringify({ appearance: { fontPairing } }),
  })
  if (!response.ok)
    throw new Error(`choosing the font pairing ${fontPairing} failed: ${response.status} ${await response.text()}`)
}

/**
 * The paths given, or the sitemap's once the sample post is published (and the font pairing chosen).
 * @param {string} origin
 * @returns {Promise<string[]>}
 */
async function pagesToMeasure(origin) {
  const token = await signInAdmin(origin, adminFile)
  await publishSamplePost(origin, token)
  if (FONT_PAIRING) await chooseFontPairing(origin, token, FONT_PAIRING)
  return askedPaths.length ? askedPaths : sitemapPaths(origin)
}

const server = await startBenchServer({ name })
const pages = await pagesToMeasure(server.origin).catch((error) => {
  server.stop()
  throw error
})
if (listOnly) {
  try {
    for (const pagePath of pages) console.log(`${(await fetch(server.origin + pagePath)).status} ${pagePath}`)
  } finally {
    server.stop()
  }
  process.exit(0)
}
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
/**
 * @type {({ page: string, jsBytesCompressed: number, jsAfterIdleBytes: number, jsFiles: number, withinBudget: boolean }
 *   & LighthouseScores & { performanceEachRun: (number | null)[] })[]}
 */
const rows = []
try {
  for (const pagePath of pages) {
    const url = server.origin + pagePath
    const js = await javascriptBytes(browser, url)
    const scores = await medianLighthouseRun(url)
    rows.push({
      page: pagePath,
      jsBytesCompressed: js.total,
      jsAfterIdleBytes: js.afterIdle,
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
  rows.map(({ page, jsBytesCompressed, jsAfterIdleBytes, performance, accessibility, bestPractices, seo, cls }) => ({
    page,
    'JS KB before idle': (jsBytesCompressed / 1024).toFixed(1),
    'KB after idle': (jsAfterIdleBytes / 1024).toFixed(1),
    performance,
    accessibility,
    bestPractices,
    seo,
    cls,
  })),
)
