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
import autocannon from 'autocannon'
import { continueOnProjectNode, ROOT } from '../scripts/lib/bootstrap.mjs'
import { startBenchServer } from './lib/server.mjs'
import { writeResultsSection } from './lib/results.mjs'
import { benchStackPorts, frontOrigin, runStack, stackEnv, stackTlsFiles, trustStackCertificate } from './lib/stack.mjs'
import { NGINX, startStaticNginx } from './lib/staticNginx.mjs'

// The stack's certificate is trusted through tls.setDefaultCACertificates, which Node 20 lacks.
continueOnProjectNode()

const PAGES = ['/', '/pricing', '/contact']
/** An uploaded image every first visit of the home page downloads (800 px WebP), served by the front itself. */
const IMAGE = '/api/media/file/hero-home-800x450.webp'
const CONNECTIONS = 20
const SECONDS = 10
const HEADERS = { 'accept-encoding': 'gzip' }
/** HTTP/2: h2load's connections, and the requests each keeps in flight at once (its streams). */
const H2_CONNECTIONS = 20
const H2_STREAMS = 10
// Counts, not a duration: h2load 1.52's -D mode counts the requests still in flight at the end as
// failed and reports a tenth of the rate -n measures on the same server. nginx closes an HTTP/2
// connection after 1,000 requests (keepalive_requests) and h2load opens no other, so a run asks
// at most 900 per connection, and a row is several runs.
const H2_REQUESTS_PER_ROUND = 18_000
const H2_ROUNDS = 3
const H2_WARM_UP_REQUESTS = 2_000
const H2LOAD = '/usr/bin/h2load'
const PUBLISH_TRIALS = 3
const PUBLISH_POLL_MS = 50
const PUBLISH_GIVE_UP_MS = 10_000

const BASE_PORT = Number(process.env.THROUGHPUT_BENCH_PORT || 3261)
const PORTS = { ...benchStackPorts(BASE_PORT), static: BASE_PORT + 6, alone: BASE_PORT + 7 }
const STACK_DIR = path.join(ROOT, '.tmp', 'stack-bench')
const STATIC_DIR = path.join(ROOT, '.tmp', 'throughput-static')
const RESULTS_JSON = path.join(ROOT, 'bench', 'results', 'throughput.json')
const SECTION_START = '<!-- throughput:start -->'
const SECTION_END = '<!-- throughput:end -->'

const origin = (port) => `http://127.0.0.1:${port}`
const FRONT = frontOrigin(PORTS)
const STATIC = `https://127.0.0.1:${PORTS.static}`
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const loadAverage = () => os.loadavg().map((value) => Number(value.toFixed(2)))

function stack(command) {
  runStack(command, { ...process.env, ...stackEnv(STACK_DIR, PORTS) })
}

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

/** A duration as h2load prints it (us, ms or s), in milliseconds. */
function h2loadMs(text) {
  const [, amount, unit] = /^([\d.]+)(us|ms|s)$/.exec(text ?? '') ?? []
  return amount ? Number(amount) * { us: 0.001, ms: 1, s: 1000 }[unit] : NaN
}

/** One h2load run of `requests` on `url`: what it reports, read from its output. */
function runH2load(url, requests) {
  const args = [
    ...['-n', String(requests), '-c', String(H2_CONNECTIONS), '-m', String(H2_STREAMS)],
    ...['-H', `accept-encoding: ${HEADERS['accept-encoding']}`, url],
  ]
  const { stdout } = spawnSync(H2LOAD, args, { encoding: 'utf8', timeout: 120_000 })
  const number = (pattern) => Number(pattern.exec(stdout)?.[1] ?? NaN)
  const ms = h2loadMs(/finished in (\S+),/.exec(stdout)?.[1])
  if (!Number.isFinite(ms)) throw new Error(`h2load ${url} gave no figures:\n${stdout}`)
  // "time for request:  min  max  mean  sd  +/- sd"
  const [, maxMs, meanMs] = (/time for request:(.*)/.exec(stdout)?.[1].trim().split(/\s+/) ?? []).map(h2loadMs)
  return {
    ms,
    protocol: /Application protocol: (\S+)/.exec(stdout)?.[1] ?? 'none',
    succeeded: number(/(\d+) succeeded/),
    // h2load counts an errored request among the failed ones too.
    failed: number(/(\d+) failed/),
    non2xx: number(/(\d+) 3xx/) + number(/(\d+) 4xx/) + number(/(\d+) 5xx/),
    bytes: number(/traffic: \S+ \((\d+)\) total/),
    meanMs,
    maxMs,
  }
}

/** The same over HTTP/2 with h2load: H2_ROUNDS runs after a warm-up one; null without h2load. */
function measureHttp2(target, url) {
  if (!fs.existsSync(H2LOAD)) return null
  runH2load(url, H2_WARM_UP_REQUESTS)
  const rounds = Array.from({ length: H2_ROUNDS }, () => runH2load(url, H2_REQUESTS_PER_ROUND))
  const sum = (key) => rounds.reduce((total, round) => total + round[key], 0)
  const row = {
    target,
    page: new URL(url).pathname,
    protocol: rounds[0].protocol,
    requestsPerSecond: Math.round((sum('succeeded') / sum('ms')) * 1000),
    meanMs: Number((sum('meanMs') / H2_ROUNDS).toFixed(2)),
    maxMs: Number(Math.max(...rounds.map((round) => round.maxMs)).toFixed(2)),
    non2xx: sum('non2xx'),
    errors: sum('failed') - sum('non2xx'),
    bytesPerResponse: sum('succeeded') ? Math.round(sum('bytes') / sum('succeeded')) : 0,
  }
  console.log(`${target} ${row.page} over ${row.protocol}: ${row.requestsPerSecond} req/s, mean ${row.meanMs} ms`)
  return row
}

/** What the app says about caching a page, and whether the front answered a repeat from its cache. */
async function cacheBehaviour(page) {
  const ask = () => fetch(FRONT + page, { headers: HEADERS })
  const first = await ask()
  await first.arrayBuffer()
  const repeat = await ask()
  await repeat.arrayBuffer()
  return { page, cacheControl: first.headers.get('cache-control'), repeatAtFront: repeat.headers.get('x-cache-status') }
}

/** Milliseconds until `url` shows `text`, polled; null when it did not within the limit. */
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
  const worst = (key) => (trials.some((t) => t[key] === null) ? null : Math.max(...trials.map((t) => t[key])))
  return {
    trials,
    secondsOneInstance: worst('msOnA') === null ? null : worst('msOnA') / 1000,
    secondsAcrossTwo:
      worst('msOnB') === null || worst('msThroughFront') === null
        ? null
        : Math.max(worst('msOnB'), worst('msThroughFront')) / 1000,
  }
}

function markdownSection(figures) {
  const rows = figures.results.map(
    (row) =>
      `| ${row.target} | \`${row.page}\` | ${row.requestsPerSecond.toLocaleString('en-US')} | ${row.p50ms} ms | ` +
      `${row.p99ms} ms | ${row.ratioToStatic} | ${row.bytesPerResponse.toLocaleString('en-US')} B | ${row.non2xx + row.errors} |`,
  )
  const http2Rows = figures.http2.map(
    (row) =>
      `| ${row.target} | \`${row.page}\` | ${row.protocol} | ${row.requestsPerSecond.toLocaleString('en-US')} | ` +
      `${row.meanMs} ms | ${row.maxMs} ms | ${row.ratioToStatic} | ${row.bytesPerResponse.toLocaleString('en-US')} B | ${row.non2xx + row.errors} |`,
  )
  const http2Table = http2Rows.length
    ? `| target | page | protocol | requests/s | mean | max | × nginx static | bytes per response (headers included) | non-2xx + errors |
|---|---|---|---|---|---|---|---|---|
${http2Rows.join('\n')}`
    : `No HTTP/2 rows: \`${H2LOAD}\` is missing (Debian's nghttp2-client).`
  const caching = figures.pages
    .map((page) => `\`${page.page}\` \`${page.cacheControl}\` (repeat at the front: ${page.repeatAtFront})`)
    .join('; ')
  const uncached = figures.pages.some((page) => page.repeatAtFront !== 'HIT')
  const seconds = (value) => (value === null ? 'not seen within 10 s' : `${value} s`)
  return `${SECTION_START}
## Throughput: nginx front over https, app alone, and their limit

\`node bench/throughput.mjs\` on ${figures.date.slice(0, 16).replace('T', ' ')} UTC, ${figures.machine.cpus} cores,
load average ${figures.machine.loadAverageBefore.join(' / ')} (1/5/15 min) before the run and
${figures.machine.loadAverageAfter.join(' / ')} after. autocannon ${CONNECTIONS} connections, ${SECONDS} s per row,
\`Accept-Encoding: gzip\`, HTTP/1.1, loopback, the load generator on the same cores. (a) *nginx static*:
Debian's nginx, one worker, serving copies of the pages saved from the running site, precompressed
(gzip -9, \`gzip_static\`), over https with the front's certificate (ECDSA P-256) and TLS settings:
the limit. (b) *app alone*: \`${figures.appCommand}\` as \`npm start\` runs it
(SQLite, the page cache in memory), asked directly. *stack instance*: one instance of the stack
(PostgreSQL, the page cache in Redis), asked directly; both over plain HTTP, as the front asks them.
(c) *front*: \`deploy/stack.mjs\`, nginx (a worker per core) over https before two instances on one
PostgreSQL and one Redis. autocannon keeps its connections open, so the TLS handshakes are a few and
the rows measure encrypted requests. Figures in \`bench/results/throughput.json\`.
Pages answered: ${caching}.${uncached ? UNCACHED_NOTE : ''}

| target | page | requests/s | p50 | p99 | × nginx static | bytes per response (headers included) | non-2xx + errors |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}

The \`${IMAGE}\` rows: an uploaded image, which the front serves itself from the uploads folder
(not compressed again), beside the reference serving the same bytes.

Over HTTP/2 (ALPN h2, TLS): h2load, ${H2_CONNECTIONS} connections with ${H2_STREAMS} requests in flight on each,
${H2_ROUNDS} runs of ${H2_REQUESTS_PER_ROUND.toLocaleString('en-US')} requests per row (at most 900 on a connection: nginx closes one after 1,000) after
${H2_WARM_UP_REQUESTS.toLocaleString('en-US')} not counted, the same header; h2load reports the mean and longest request time, not percentiles.

${http2Table}

Publish to visible (A publishes \`/pricing\` through Payload's REST API; polled every ${PUBLISH_POLL_MS} ms, worst
of ${PUBLISH_TRIALS}): on one instance ${seconds(figures.publish.secondsOneInstance)}; across two (instance B and
the front) ${seconds(figures.publish.secondsAcrossTwo)}.
${SECTION_END}`
}

const UNCACHED_NOTE = `
The front could not keep these pages, so its rows measure the app behind nginx, where identical
requests for an uncacheable page also wait for each other at the cache lock; they are not the
front's figures.`

const loadAverageBefore = loadAverage()
stack('stop')
for (const dir of [STACK_DIR, STATIC_DIR]) fs.rmSync(dir, { recursive: true, force: true })
const results = []
const http2 = []
let pages
let publish
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
    row.ratioToStatic = Number((row.requestsPerSecond / limit.requestsPerSecond).toFixed(3))
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
