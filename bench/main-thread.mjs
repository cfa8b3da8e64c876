// `node bench/main-thread.mjs [/path ...]`: what keeps a phone's main thread busy after the first
// paint, for every page of the sitemap (with a news post the bench publishes first) or the paths
// given. Chromium at a phone's width with its CPU slowed 4× (as Lighthouse's mobile profile
// assumes), a first visit left alone for SETTLE_MS after
// load: the long tasks the page reports (PerformanceObserver "longtask"), the time they block past
// 50 ms each after the first contentful paint (what Lighthouse's Total Blocking Time adds up, here
// observed instead of simulated), and the JavaScript time each file spent itself (the CPU profile's
// self time, so a script that forces a layout is charged with it). Each page is visited RUNS times;
// the median run by blocking time is kept. Writes bench/results/main-thread.json and its section
// of bench/RESULTS.md.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { ROOT } from '../scripts/lib/bootstrap.mjs'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.mjs'
import { writeResultsSection } from './lib/results.mjs'
import { publishSamplePost, sitemapPaths } from './lib/samplePost.mjs'
import { startBenchServer } from './lib/server.mjs'
import { signInAdmin } from './lib/session.mjs'

/** Lighthouse's mobile CPU slowdown. */
const CPU_SLOWDOWN = 4
const PHONE_VIEWPORT = { width: 412, height: 823 }
const SETTLE_MS = 6000
const RUNS = Number(process.env.MAIN_THREAD_RUNS || 3)
/** A task longer than this blocks input for what is over it (the long-task threshold). */
const BLOCKING_AFTER_MS = 50
/** Script files listed per page, the busiest first. */
const TOP_FILES = 6
const SAMPLING_INTERVAL_US = 200
const RESULTS_JSON = path.join(ROOT, 'bench', 'results', 'main-thread.json')
const SECTION_START = '<!-- main-thread:start -->'
const SECTION_END = '<!-- main-thread:end -->'

/** A long task the page's main thread ran: when it started and how long it lasted, in ms. */
/** @typedef {{ start: number, ms: number }} LongTask */
/** @typedef {Awaited<ReturnType<typeof visit>> & { page: string, blockingMsEachRun: number[] }} PageFigures */

/**
 * Self time in ms per script file (path only), from a CPU profile.
 * @param {{ nodes: { id: number, callFrame: { url: string } }[], samples?: number[], timeDeltas?: number[] }} profile the CDP profile
 * @param {string} origin
 * @returns {{ file: string, ms: number }[]}
 */
function selfTimeByFile(profile, origin) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  /** @type {Map<string, number>} */
  const byFile = new Map()
  ;(profile.samples ?? []).forEach((id, i) => {
    const url = nodes.get(id)?.callFrame.url ?? ''
    if (!url.startsWith(origin)) return
    const file = new URL(url).pathname
    byFile.set(file, (byFile.get(file) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000)
  })
  return [...byFile]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP_FILES)
    .map(([file, ms]) => ({ file, ms: Math.round(ms) }))
}

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {string} origin
 */
async function visit(browser, url, origin) {
  const context = await browser.newContext({ viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true })
  await context.addInitScript(() => {
    /** @type {LongTask[]} */
    const longTasks = []
    Object.assign(window, { __longTasks: longTasks })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, ms: entry.duration })
    }).observe({ type: 'longtask', buffered: true })
  })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US })
  await cdp.send('Profiler.start')
  await page.goto(url, { waitUntil: 'load' })
  await page.waitForTimeout(SETTLE_MS)
  const { profile } = await cdp.send('Profiler.stop')
  const { longTasks, fcp } = await page.evaluate(() => ({
    longTasks: /** @type {Window & { __longTasks?: LongTask[] }} */ (window).__longTasks ?? [],
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
  }))
  await context.close()
  const after = longTasks.filter((task) => task.start >= fcp)
  return {
    firstPaintMs: Math.round(fcp),
    longTasksAfterPaint: after.map((task) => Math.round(task.ms)),
    blockingMs: Math.round(after.reduce((sum, task) => sum + Math.max(0, task.ms - BLOCKING_AFTER_MS), 0)),
    scriptSelfMs: selfTimeByFile(profile, origin),
  }
}

/**
 * @param {{ date: string, machine: { cpus: number, loadAverageBefore: number[] }, pages: PageFigures[] }} figures
 * @returns {string}
 */
function markdownSection(figures) {
  const rows = figures.pages
    .map(
      (row) =>
        `| \`${row.page}\` | ${row.firstPaintMs} ms | ${row.longTasksAfterPaint.join(', ') || '—'} | ${row.blockingMs} ms | ${row.scriptSelfMs
          .map((file) => `${path.basename(file.file) || file.file} ${file.ms}`)
          .join(', ')} |`,
    )
    .join('\n')
  return `${SECTION_START}
## Main thread after the first paint, phone at 4× CPU (\`node bench/main-thread.mjs\`)

${figures.date.slice(0, 16).replace('T', ' ')} UTC, ${figures.machine.cpus} cores, load average ${figures.machine.loadAverageBefore.join(' / ')} before.
Chromium at ${PHONE_VIEWPORT.width} px with its CPU slowed ${CPU_SLOWDOWN}×, a first visit left alone ${SETTLE_MS / 1000} s after load, the median of
${RUNS} runs by blocking time. Blocking time: what each long task after the first paint lasts over
${BLOCKING_AFTER_MS} ms, summed (Lighthouse's Total Blocking Time, observed rather than simulated). Script
time: what each of the site's files spent itself, in ms (a forced layout counts to the script that forced it).

| page | first paint | long tasks after it (ms) | blocking time | busiest scripts (self ms) |
|---|---|---|---|---|
${rows}
${SECTION_END}`
}

const loadAverageBefore = os.loadavg().map((value) => Number(value.toFixed(2)))
const name = 'bench-main-thread'
// Where the set-up writes the first admin's credentials, which publish the sample post.
const adminFile = path.join(ROOT, '.tmp', name, 'admin.json')
process.env.E2E_ADMIN_FILE = adminFile
const server = await startBenchServer({ name })
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
/** @type {PageFigures[]} */
const pages = []
try {
  // The seeded site has no post: one is published first, so that the sitemap lists a post page,
  // its category's and the news listing among the pages measured.
  await publishSamplePost(server.origin, await signInAdmin(server.origin, adminFile))
  const paths = process.argv.slice(2).length ? process.argv.slice(2) : await sitemapPaths(server.origin)
  for (const pagePath of paths) {
    const runs = []
    for (let run = 0; run < RUNS; run++) runs.push(await visit(browser, server.origin + pagePath, server.origin))
    runs.sort((a, b) => a.blockingMs - b.blockingMs)
    pages.push({
      page: pagePath,
      ...runs[Math.floor(runs.length / 2)],
      blockingMsEachRun: runs.map((r) => r.blockingMs),
    })
    console.log(JSON.stringify(pages.at(-1)))
  }
} finally {
  await browser.close()
  server.stop()
}
const figures = {
  date: new Date().toISOString(),
  command: `node bench/main-thread.mjs ${process.argv.slice(2).join(' ')}`.trim(),
  machine: { cpus: os.cpus().length, loadAverageBefore },
  pages,
}
fs.writeFileSync(RESULTS_JSON, `${JSON.stringify(figures, null, 2)}\n`)
writeResultsSection(markdownSection(figures), SECTION_START, SECTION_END)
