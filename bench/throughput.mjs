// `node bench/throughput.mjs`: pages per second through the production front, beside its limit.
// In one run on this machine, autocannon (20 connections, 10 s, Accept-Encoding: gzip, HTTP/1.1)
// on `/`, `/pricing` and `/contact` against
//   (a) nginx (Debian's, one worker) serving saved, precompressed copies of exactly those pages,
//       over https with the front's certificate and TLS settings,
//   (b) the app alone as `npm start` runs it (scripts/serve.mjs on SQLite, its page cache in memory),
//   (b') one instance of the stack asked directly (PostgreSQL, its page cache in Redis),
//       both plain HTTP, as the front asks them,
//   (c) the production front over https (deploy/stack.mjs: nginx before two instances),
// then (a) and (c) again over HTTP/2 with h2load (Debian's nghttp2-client), and the seconds from a
// publish on instance A until A, B and the front show it.
// Writes bench/results/throughput.json and the "Throughput" section of bench/RESULTS.md.
// Loopback only; it starts its own stack (state in .tmp/stack-bench) and stops everything after.
// Ports: THROUGHPUT_BENCH_PORT (3261) and the next seven; the STACK_* variables, when set, name
// the stack's own (bench/lib/stack.mjs, benchStackPorts).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { autocannon } from './lib/autocannon.mjs'
import { continueOnProjectNode, ROOT } from '../scripts/lib/bootstrap.mjs'
import { H2_CONNECTIONS, H2_REQUESTS_PER_ROUND, H2_ROUNDS, H2_STREAMS, H2LOAD, measureHttp2 } from './lib/h2load.mjs'
import { startBenchServer } from './lib/server.mjs'
import { writeResultsSection } from './lib/results.mjs'
import { runStack, stackEnv, stackTlsFiles, trustStackCertificate } from './lib/stack.mjs'
import { NGINX, startStaticNginx } from './lib/staticNginx.mjs'
import { markdownSection } from './lib/throughputReport.mjs'
import {
  CONNECTIONS,
  FRONT,
  HEADERS,
  IMAGE,
  origin,
  PAGES,
  PORTS,
  PUBLISH_GIVE_UP_MS,
  PUBLISH_POLL_MS,
  PUBLISH_TRIALS,
  RESULTS_JSON,
  SECONDS,
  SECTION_END,
  SECTION_START,
  STACK_DIR,
  STATIC,
  STATIC_DIR,
} from './lib/throughputSettings.mjs'

// The stack's certificate is trusted through tls.setDefaultCACertificates, which Node 20 lacks.
continueOnProjectNode()

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms))
const loadAverage = () => os.loadavg().map((value) => Number(value.toFixed(2)))

/** @param {string} command */
function stack(command) {
  runStack(command, { ...process.env, ...stackEnv(STACK_DIR, PORTS) })
}

/**
 * @param {string} target
 * @param {string} url
 * @returns {Promise<import('./lib/throughputReport.mjs').ThroughputRow>}
 */
async function measure(target, url) {
  // A few requests first, so that first-use work (compiling, connecting, filling caches) is not counted.
  for (let i = 0; i < 5; i++) await fetch(url, { headers: HEADERS }).then((response) => response.arrayBuffer())
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: HEADERS })
  const row = {
    target,
    page: new URL(url).pathname,
    requestsPerSecond: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bytesPerResponse: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
  }
  console.log(`${target} ${row.page}: ${row.requestsPerSecond} req/s, p50 ${row.p50ms} ms, p99 ${row.p99ms} ms`)
  return row
}

/**
 * What the app says about caching a page, and whether the front answered a repeat from its cache.
 * @param {string} page
 */
async function cacheBehaviour(page) {
  const ask = () => fetch(FRONT + page, { headers: HEADERS })
  const first = await ask()
  await first.arrayBuffer()
  const repeat = await ask()
  await repeat.arrayBuffer()
  return { page, cacheControl: first.headers.get('cache-control'), repeatAtFront: repeat.headers.get('x-cache-status') }
}

/**
 * Milliseconds until `url` shows `text`, polled; null when it did not within the limit.
 * @param {string} url
 * @param {string} text
 * @param {number} since
 * @returns {Promise<number | null>}
 */
async function msUntilShown(url, text, since) {
  while (performance.now() - since < PUBLISH_GIVE_UP_MS) {
    const body = await fetch(url).then((response) => response.text())
    if (body.includes(text)) return Math.round(performance.now() - since)
    await sleep(PUBLISH_POLL_MS)
  }
  return null
}

async function publishTrials() {
  const a = origin(PORTS.appA)
  const admin = JSON.parse(fs.readFileSync(path.join(STACK_DIR, 'admin.json'), 'utf8'))
  const login = await fetch(`${a}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(admin),
  })
  const auth = { Authorization: `JWT ${(await login.json()).token}` }
  const found = await (await fetch(`${a}/api/pages?where[path][equals]=/pricing&depth=0`, { headers: auth })).json()
  const id = found.docs[0].id
  /** @type {{ trial: number, msOnA: number | null, msOnB: number | null, msThroughFront: number | null }[]} */
  const trials = []
  for (let trial = 1; trial <= PUBLISH_TRIALS; trial++) {
    const title = `Pricing, published at ${Date.now()}`
    const since = performance.now()
    const response = await fetch(`${a}/api/pages/${id}`, {
      method: 'PATCH',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title, seo: { title }, _status: 'published' }),
    })
    if (!response.ok) throw new Error(`the publish answered ${response.status}`)
    const [onA, onB, front] = await Promise.all(
      [a, origin(PORTS.appB), FRONT].map((site) => msUntilShown(`${site}/pricing`, title, since)),
    )
    trials.push({ trial, msOnA: onA, msOnB: onB, msThroughFront: front })
    console.log(`publish ${trial}: A ${onA} ms, B ${onB} ms, front ${front} ms (from the start of the PATCH)`)
    await sleep(1_500)
  }
  /** The longest of the trials' `key`, or null when one never showed the change. */
  const worst = (/** @type {'msOnA' | 'msOnB' | 'msThroughFront'} */ key) => {
    const times = trials.map((t) => t[key])
    return times.every((ms) => ms !== null) ? Math.max(...times) : null
  }
  const [onA, onB, throughFront] = [worst('msOnA'), worst('msOnB'), worst('msThroughFront')]
  return {
    trials,
    secondsOneInstance: onA === null ? null : onA / 1000,
    secondsAcrossTwo: onB === null || throughFront === null ? null : Math.max(onB, throughFront) / 1000,
  }
}

const loadAverageBefore = loadAverage()
stack('stop')
for (const dir of [STACK_DIR, STATIC_DIR]) fs.rmSync(dir, { recursive: true, force: true })
/** @type {import('./lib/throughputReport.mjs').ThroughputRow[]} */
const results = []
/** @type {import('./lib/throughputReport.mjs').Http2Row[]} */
const http2 = []
/** @type {import('./lib/throughputReport.mjs').ThroughputFigures['pages']} */
let pages = []
/** @type {import('./lib/throughputReport.mjs').ThroughputFigures['publish'] | undefined} */
let publish
/** @type {Awaited<ReturnType<typeof startBenchServer>> | undefined} */
let alone
let stopStaticNginx = () => {}
try {
  alone = await startBenchServer({ port: PORTS.alone, name: 'throughput-app' })
  stack('start')
  trustStackCertificate(STACK_DIR)
  stopStaticNginx = await startStaticNginx({
    appOrigin: origin(PORTS.appA),
    pages: [...PAGES, IMAGE],
    dir: STATIC_DIR,
    port: PORTS.static,
    tls: stackTlsFiles(STACK_DIR),
  })
  pages = await Promise.all(PAGES.map(cacheBehaviour))
  const targets = [
    ['nginx static', STATIC],
    ['app alone', origin(PORTS.alone)],
    ['stack instance', origin(PORTS.appA)],
    ['front', FRONT],
  ]
  for (const page of PAGES) {
    for (const [target, base] of targets) results.push(await measure(target, base + page))
  }
  for (const [target, base] of [targets[0], targets[3]]) results.push(await measure(target, base + IMAGE))
  for (const page of PAGES) {
    for (const [target, base] of [targets[0], targets[3]]) {
      const row = measureHttp2(target, base + page)
      if (row) http2.push(row)
    }
  }
  publish = await publishTrials()
} finally {
  stopStaticNginx()
  stack('stop')
  alone?.stop()
}

for (const rows of [results, http2]) {
  for (const row of rows) {
    const limit = rows.find((other) => other.target === 'nginx static' && other.page === row.page)
    // Every page is measured on nginx static first, so there is a limit to compare with.
    row.ratioToStatic = Number((row.requestsPerSecond / /** @type {typeof row} */ (limit).requestsPerSecond).toFixed(3))
  }
}
const figures = {
  date: new Date().toISOString(),
  command: 'node bench/throughput.mjs',
  machine: { cpus: os.cpus().length, loadAverageBefore, loadAverageAfter: loadAverage() },
  nginx: spawnSync(NGINX, ['-v'], { encoding: 'utf8' }).stderr.trim(),
  node: process.version,
  appCommand: fs.existsSync(path.join(ROOT, 'scripts', 'serve.mjs')) ? 'node scripts/serve.mjs' : 'next start',
  autocannon: { connections: CONNECTIONS, seconds: SECONDS, headers: HEADERS },
  h2load: fs.existsSync(H2LOAD)
    ? {
        version: spawnSync(H2LOAD, ['--version'], { encoding: 'utf8' }).stdout.trim(),
        connections: H2_CONNECTIONS,
        streams: H2_STREAMS,
        requestsPerRound: H2_REQUESTS_PER_ROUND,
        rounds: H2_ROUNDS,
      }
    : null,
  pages,
  results,
  http2,
  publish,
}
fs.mkdirSync(path.dirname(RESULTS_JSON), { recursive: true })
fs.writeFileSync(RESULTS_JSON, `${JSON.stringify(figures, null, 2)}\n`)
writeResultsSection(markdownSection(figures), SECTION_START, SECTION_END)
console.table(results)
console.table(http2)
console.log(publish)
