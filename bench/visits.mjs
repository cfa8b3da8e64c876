// `node bench/visits.mjs`: how many first visits a second the production front takes, beside the
// pages a second nginx serves from a saved copy of the same page, measured in one run.
//   1. Starts the production stack (deploy/stack.mjs; state in .tmp/stack-visits).
//   2. Records, in Chromium, everything a first visit to `/` asks of the site: the document, then
//      whatever the page requests during VISIT_SECONDS on it, scrolled at the start and 5 s later
//      (a reader's interactions). Nothing is written by hand.
//   3. Replays that list through the front with autocannon: each connection asks the visit's
//      requests in order, over and over; visits/s = requests/s ÷ requests per visit. An answer that
//      is an event stream is held open by a real tab, not repeated, so it is left out of the replay
//      and counted apart.
//   4. nginx alone serving the same home page saved and precompressed: its pages/s is the reference.
//   5. Both again as first visits arrive: each visitor on a new TLS connection over HTTP/2, the
//      document first and the rest at once (bench/lib/freshVisits.mjs), with the CPU the server's
//      processes spent per visit beside what nginx spends per page.
//   6. Idle open tabs: IDLE_TABS tabs each doing what an idle tab of the recording does: hold its
//      event stream, and repeat what it asked while idle every IDLE_POLL_SECONDS through the front,
//      for IDLE_SECONDS; the CPU each app instance used meanwhile, read from /proc.
// Writes bench/results/visits.json and the "Visits" section of bench/RESULTS.md.
// The front is asked over https, and the saved page is served over https the same way, by an nginx
// with as many workers as the front's.
// Options by env: VISITS_BENCH_PORT (3281, and the next six; the STACK_* variables name the stack's
// own, bench/lib/stack.mjs benchStackPorts), VISIT_SECONDS (30), IDLE_TABS (5000).
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { chromium } from 'playwright-core'
import { continueOnProjectNode, ROOT } from '../scripts/lib/bootstrap.mjs'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.mjs'
import { commandLine, cpuSeconds, descendantsOf } from '../scripts/lib/processTree.mjs'
import { freshVisits } from './lib/freshVisits.mjs'
import { writeResultsSection } from './lib/results.mjs'
import { benchStackPorts, frontOrigin, runStack, stackEnv, stackTlsFiles, trustStackCertificate } from './lib/stack.mjs'
import { startStaticNginx } from './lib/staticNginx.mjs'

// The stack's certificate is trusted through tls.setDefaultCACertificates, which Node 20 lacks.
continueOnProjectNode()

const BASE_PORT = Number(process.env.VISITS_BENCH_PORT || 3281)
const PORTS = { ...benchStackPorts(BASE_PORT), static: BASE_PORT + 6 }
const VISIT_SECONDS = Number(process.env.VISIT_SECONDS || 30)
const IDLE_TABS = Number(process.env.IDLE_TABS || 5000)
const IDLE_SECONDS = 30
/** Idle tabs' streams opened at once, batch after batch. */
const STREAM_OPEN_BATCH = 50
/** When the recorded visitor scrolls the second time. */
const READ_AGAIN_MS = 5_000
/** The recorded poll's interval (CHAT_AVAILABILITY_POLL_MS in src/chat/widget/availability.ts). */
const IDLE_POLL_SECONDS = 10
const CONNECTIONS = 20
/** Visitors at a time in the new-connection replay. */
const FRESH_VISITORS = 20
/**
 * Each new-connection replay runs this long first, unmeasured: the stack has just started, and a
 * new instance's first 1,500 or so chat streams cost it up to twice what later ones do (6.7 against
 * 4.3-4.9 ms of server CPU a visit in six runs one after the other on a new stack).
 */
const FRESH_WARMUP_SECONDS = 15
const SECONDS = 10
const STACK_DIR = path.join(ROOT, '.tmp', 'stack-visits')
const STATIC_DIR = path.join(ROOT, '.tmp', 'visits-static')
const RESULTS_JSON = path.join(ROOT, 'bench', 'results', 'visits.json')
const SECTION_START = '<!-- visits:start -->'
const SECTION_END = '<!-- visits:end -->'
/** Request headers a replay does not copy: the connection's own, and what the client computes. */
const NOT_REPLAYED = new Set(['host', 'connection', 'content-length', 'accept-encoding'])
/** The encodings a recorded request took (gzip when it named none). */
const acceptEncodingOf = (request) => request.headers['accept-encoding'] ?? 'gzip'

const front = frontOrigin(PORTS)
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const loadAverage = () => os.loadavg().map((value) => Number(value.toFixed(2)))

function stack(command) {
  runStack(command, { ...process.env, ...stackEnv(STACK_DIR, PORTS) })
}

/** What one first visit asks of the site, in order, as Chromium sent it. */
async function recordVisit() {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  // The stack's certificate is self-signed: Chromium is told to accept it.
  const context = await browser.newContext({ ignoreHTTPSErrors: true })
  const page = await context.newPage()
  const started = Date.now()
  // Seen as asked, not as finished: Chromium never reports a keepalive request (the collector's
  // beacon) as finished, nor a stream still open at the end. Its answer fills in the rest.
  const recorded = new Map()
  page.on('request', (request) => {
    if (!request.url().startsWith(front)) return
    const url = new URL(request.url())
    recorded.set(request, {
      atMs: Date.now() - started,
      method: request.method(),
      path: url.pathname + url.search,
      headers: request.headers(),
      body: request.postData() ?? undefined,
      status: 0,
      contentType: '',
      frontCache: null,
    })
  })
  const answered = []
  page.on('response', (response) => {
    const entry = recorded.get(response.request())
    if (!entry) return
    answered.push(
      (async () => {
        entry.headers = await response.request().allHeaders()
        entry.status = response.status()
        entry.contentType = (await response.headerValue('content-type')) ?? ''
        entry.frontCache = (await response.headerValue('x-cache-status')) ?? null
      })(),
    )
  })
  await page.goto(`${front}/`, { waitUntil: 'load' })
  // A reader scrolls at once and again a few seconds later, once what loads after idle is there.
  await page.mouse.move(200, 300)
  await page.mouse.wheel(0, 400)
  await sleep(READ_AGAIN_MS)
  await page.mouse.wheel(0, 400)
  await sleep(VISIT_SECONDS * 1000 - READ_AGAIN_MS)
  await Promise.all(answered)
  await browser.close()
  const requests = [...recorded.values()].sort((a, b) => a.atMs - b.atMs)
  const streams = requests.filter((request) => request.contentType.includes('event-stream'))
  return { requests, streams: streams.map((stream) => stream.path), streamRequests: streams }
}

/** The same request again, as autocannon sends it: the recording's headers, and the encodings it took. */
function replayable(request) {
  const headers = { 'accept-encoding': acceptEncodingOf(request) }
  for (const [name, value] of Object.entries(request.headers))
    if (!NOT_REPLAYED.has(name) && !name.startsWith(':')) headers[name] = value
  return { method: request.method, path: request.path, headers, body: request.body }
}

async function measure(label, options) {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options })
  const row = {
    label,
    requestsPerSecond: Math.round(result.requests.average),
    p99ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
  console.log(`${label}: ${row.requestsPerSecond} req/s, p99 ${row.p99ms} ms, non-2xx ${row.non2xx}`)
  return row
}

/** The processes the stack runs, as deploy/stack.mjs records them. */
const stackProcesses = () => JSON.parse(fs.readFileSync(path.join(STACK_DIR, 'stack.json'), 'utf8')).processes

/** The serve process of each app instance the stack runs. */
function appInstances() {
  return stackProcesses().apps.map(({ pid }) =>
    descendantsOf(pid).find((child) => commandLine(child)?.includes('scripts/serve.mjs')),
  )
}

/**
 * One held event stream per tab, as the recorded tab holds it, asked of the instances directly
 * (they trust loopback as their front), each from its own client address as real tabs would be:
 * the per-address stream cap is not what is measured here.
 */
async function openStreams(streamPath, count) {
  const ports = [PORTS.appA, PORTS.appB]
  const statuses = {}
  const open = []
  const openOne = (i) =>
    new Promise((resolve) => {
      const request = http.get(
        {
          host: '127.0.0.1',
          port: ports[i % ports.length],
          path: streamPath,
          agent: false,
          headers: { Origin: front, 'X-Forwarded-For': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
        },
        (response) => {
          statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1
          response.resume()
          open.push(request)
          resolve()
        },
      )
      request.on('error', () => {
        statuses.error = (statuses.error ?? 0) + 1
        resolve()
      })
    })
  // Tabs open over time, not in one instant: a batch at a time.
  for (let first = 0; first < count; first += STREAM_OPEN_BATCH)
    await Promise.all(Array.from({ length: Math.min(STREAM_OPEN_BATCH, count - first) }, (_, k) => openOne(first + k)))
  return { statuses, close: () => open.forEach((request) => request.destroy()) }
}

/**
 * IDLE_TABS idle tabs: each holds the event stream the recorded tab opened, and repeats what it
 * asked while idle every IDLE_POLL_SECONDS through the front. Returns the CPU share each app
 * instance used meanwhile.
 */
async function idleTabs(idleRequests, streamPath) {
  const perSecond = Math.round((IDLE_TABS * idleRequests.length) / IDLE_POLL_SECONDS)
  const instances = appInstances()
  const streams = streamPath ? await openStreams(streamPath, IDLE_TABS) : null
  // Opening is not idling: a moment for the instances to settle.
  await sleep(2_000)
  const before = instances.map(cpuSeconds)
  const started = performance.now()
  const polls =
    perSecond >= 1
      ? await autocannon({
          url: front,
          connections: 50,
          duration: IDLE_SECONDS,
          overallRate: perSecond,
          requests: idleRequests.map(replayable),
        })
      : await sleep(IDLE_SECONDS * 1000).then(() => null)
  const elapsed = (performance.now() - started) / 1000
  const cores = instances.map((pid, i) => Number(((cpuSeconds(pid) - before[i]) / elapsed).toFixed(3)))
  streams?.close()
  return {
    tabs: IDLE_TABS,
    streamsOpened: streams?.statuses ?? null,
    requestsPerSecondAsked: perSecond,
    requestsPerSecondAnswered: polls ? Math.round(polls.requests.average) : 0,
    non2xx: polls?.non2xx ?? 0,
    coresPerInstance: cores,
  }
}

/** The static nginx's master process (its workers are its children). */
const staticNginxPid = () => Number(fs.readFileSync(path.join(STATIC_DIR, 'nginx.pid'), 'utf8'))

/** The stack's server processes by name: the front, the app instances, PostgreSQL and Redis (their children count too). */
function stackPids() {
  const processes = stackProcesses()
  return {
    nginx: processes.nginx.pid,
    ...Object.fromEntries(processes.apps.map((record, i) => [`app ${i + 1}`, record.pid])),
    postgres: processes.postgres.pid,
    redis: processes.redis.pid,
  }
}

/**
 * The same comparison as first visits really arrive: each visitor on a new TLS connection over
 * HTTP/2, the document first and the rest at once (bench/lib/freshVisits.mjs); nginx's page is one
 * such visit of one request. Besides the rates, the server CPU a visit costs beside what a page costs
 * nginx: the rate the front could reach were the server's CPU, not this client, the limit.
 */
async function firstVisitsOnNewConnections(replayed, streamRequests) {
  const isDocument = (request) => request.path === '/' && request.method === 'GET'
  const documentFirst = [...replayed.filter(isDocument), ...replayed.filter((request) => !isDocument(request))].map(
    replayable,
  )
  const run = { visitors: FRESH_VISITORS, seconds: SECONDS }
  const warmUp = (options) => freshVisits({ ...options, seconds: FRESH_WARMUP_SECONDS })
  const pageOptions = {
    origin: `https://127.0.0.1:${PORTS.static}`,
    requests: [{ method: 'GET', path: '/', headers: {} }],
    serverPids: { nginx: staticNginxPid() },
  }
  await warmUp(pageOptions)
  const page = await freshVisits({ ...run, ...pageOptions })
  console.log('nginx, a page per new connection:', JSON.stringify(page))
  const visitOptions = {
    origin: front,
    requests: documentFirst,
    streams: streamRequests.map(replayable),
    serverPids: stackPids(),
  }
  await warmUp(visitOptions)
  const visit = await freshVisits({ ...run, ...visitOptions })
  console.log('the first visit per new connection, through the front:', JSON.stringify(visit))
  return {
    visitors: FRESH_VISITORS,
    seconds: SECONDS,
    requests: documentFirst.length,
    streams: streamRequests.length,
    page,
    visit,
    rateRatio: Number((visit.visitsPerSecond / page.visitsPerSecond).toFixed(3)),
    costRatio: Number((page.serverCpuMsPerVisit / visit.serverCpuMsPerVisit).toFixed(3)),
  }
}

/** The new-connection replay's table and ratios. */
function freshSection(fresh) {
  const cpu = (figure) =>
    Object.entries(figure.serverCpuMsPerVisitByProcess)
      .map(([name, ms]) => `${name} ${ms}`)
      .join(', ')
  const row = (label, figure, unit) =>
    `| ${label} | ${figure.visitsPerSecond.toLocaleString('en-US')} ${unit} | ${figure.p99ms} ms | ${figure.failed} | ${figure.serverCpuMsPerVisit} ms (${cpu(figure)}) | ${figure.clientCpuMsPerVisit} ms |`
  return `As first visits arrive (bench/lib/freshVisits.mjs): each visitor opens a new TLS connection (no
session to resume) from an address of its own, speaks HTTP/2 as Chromium does, asks the document and
then the rest of the visit at once, opens the event streams the recorded tab opened${fresh.streams === undefined ? '' : ` (${fresh.streams})`} and lets each go
once its first event has come (holding them is what the idle tabs below cost), and closes;
${fresh.visitors} visitors at a time for ${fresh.seconds} s. nginx's page is asked the same way, one
request per new connection. Each replay first runs ${FRESH_WARMUP_SECONDS} s unmeasured (the stack has just started).
CPU is what the server's processes (and their children) used, read from /proc, divided by the
visits finished.

| replayed, a new connection each | per second | p99 of a visit | failed | server CPU a visit | client CPU a visit |
|---|---|---|---|---|---|
${row('nginx, the home page saved and precompressed', fresh.page, 'pages/s')}
${row(`the first visit's ${fresh.requests} requests${fresh.streams ? ` and ${fresh.streams} event stream${fresh.streams === 1 ? '' : 's'}` : ''}, through the front`, fresh.visit, 'visits/s')}

**Server CPU of nginx's page ÷ server CPU of a first visit through the front: ${fresh.costRatio}** (the share
of nginx's page rate the front reaches where the server's CPU, not a client beside it, is the limit;
goal ≥ 0.5). Visits per second ÷ nginx's pages per second on new connections: ${fresh.rateRatio}.`
}

function markdownSection(figures) {
  const list = figures.visit.requests
    .map(
      (request) =>
        `\`${request.method} ${request.path.slice(0, 60)}\` ${request.status} (front: ${request.frontCache ?? '—'})`,
    )
    .join('; ')
  const rows = figures.results
    .map(
      (row) =>
        `| ${row.label} | ${row.requestsPerSecond.toLocaleString('en-US')} | ${row.perSecondLabel} | ${row.p99ms} ms | ${row.non2xx + row.errors} |`,
    )
    .join('\n')
  return `${SECTION_START}
## Visits: a real first visit replayed through the front

\`node bench/visits.mjs\` on ${figures.date.slice(0, 16).replace('T', ' ')} UTC, ${figures.machine.cpus} cores, load
average ${figures.machine.loadAverageBefore.join(' / ')} before and ${figures.machine.loadAverageAfter.join(' / ')} after.
Recorded in Chromium (first visit to \`/\`, scrolled at once and after 5 s, ${VISIT_SECONDS} s on the page): ${list}.
Event streams opened by the visit (held by a tab, left out of this replay; the one on new connections below opens them): ${figures.visit.streams.length ? figures.visit.streams.join(', ') : 'none'}.
What it posted (left out of this replay, whose connections all come from one address and would soon
meet the per-address allowances; the one on new connections below sends it): ${posted(figures)}.
autocannon ${CONNECTIONS} connections, ${SECONDS} s, each connection replaying the visit's requests in order,
over https (HTTP/1.1) to the front and to nginx serving the saved page, both with the stack's certificate.

| replayed | requests/s | per second | p99 | non-2xx + errors |
|---|---|---|---|---|
${rows}

**Visits per second ÷ nginx's pages per second: ${figures.visitsRatio}** (goal ≥ 0.5).

${freshSection(figures.fresh)}

Idle open tabs: ${figures.idle.tabs.toLocaleString('en-US')} tabs, each holding the event stream the recorded
tab held (${
    figures.idle.streamsOpened
      ? Object.entries(figures.idle.streamsOpened)
          .map(([status, n]) => `${status}×${n}`)
          .join(', ')
      : 'none opened'
  }; asked of the
instances directly, each tab from its own address)${idleRepeats(figures)}; over ${IDLE_SECONDS} s each app instance used
${figures.idle.coresPerInstance.map((c) => `${(c * 100).toFixed(1)} %`).join(' and ')} of a core (goal < 10 %).
${SECTION_END}`
}

/** The requests of the recorded visit that were not GETs (the collector's beacon), or "nothing". */
function posted(figures) {
  const requests = figures.visit.requests.filter((request) => request.method !== 'GET')
  return requests.length ? requests.map((r) => `\`${r.method} ${r.path}\``).join(', ') : 'nothing'
}

/** What the idle tabs repeated besides holding their stream: nothing, when the recorded tab asked nothing more. */
function idleRepeats(figures) {
  if (!figures.idleRequests.length) return ', asking nothing else (the recorded tab asked nothing once settled)'
  const asked = figures.idleRequests.map((r) => `\`${r.method} ${r.path}\``).join(', ')
  return ` and repeating what it asked while idle
(${asked}) every ${IDLE_POLL_SECONDS} s through the
front (${figures.idle.requestsPerSecondAsked} requests/s asked, ${figures.idle.requestsPerSecondAnswered} answered, non-2xx ${figures.idle.non2xx})`
}

const loadAverageBefore = loadAverage()
stack('stop')
fs.rmSync(STACK_DIR, { recursive: true, force: true })
let stopStaticNginx = () => {}
let figures
try {
  stack('start')
  trustStackCertificate(STACK_DIR)
  stopStaticNginx = await startStaticNginx({
    appOrigin: `http://127.0.0.1:${PORTS.appA}`,
    pages: ['/'],
    dir: STATIC_DIR,
    port: PORTS.static,
    tls: stackTlsFiles(STACK_DIR),
    workers: 'auto',
  })
  const visit = await recordVisit()
  const replayed = visit.requests.filter((request) => !request.contentType.includes('event-stream'))
  // What the tab asked once the page had settled (after its first 5 s): an idle tab's requests.
  const idleRequests = replayed.filter((request) => request.atMs > 5_000 && request.method === 'GET')
  const nginx = await measure('nginx, the home page saved and precompressed', {
    url: `https://127.0.0.1:${PORTS.static}/`,
    // The page in the encoding the recorded browser took it in.
    headers: { 'accept-encoding': acceptEncodingOf(replayed.find((request) => request.path === '/')) },
  })
  nginx.perSecondLabel = `${nginx.requestsPerSecond.toLocaleString('en-US')} pages/s`
  // What the visit posts (the collector's beacon) is left out here: all these connections come from
  // one address, whose allowance the collector would soon answer with 429. Each visitor on a new
  // connection below has an address of its own, and posts it.
  const keptAlive = replayed.filter((request) => request.method === 'GET')
  const visits = await measure(`the first visit's ${keptAlive.length} requests, through the front`, {
    url: front,
    requests: keptAlive.map(replayable),
  })
  const visitsPerSecond = visits.requestsPerSecond / keptAlive.length
  visits.perSecondLabel = `${Math.round(visitsPerSecond).toLocaleString('en-US')} visits/s`
  const fresh = await firstVisitsOnNewConnections(replayed, visit.streamRequests)
  const idle = await idleTabs(idleRequests, visit.streams[0] ?? null)
  figures = {
    date: new Date().toISOString(),
    command: 'node bench/visits.mjs',
    machine: { cpus: os.cpus().length, loadAverageBefore, loadAverageAfter: loadAverage() },
    visit: {
      requests: visit.requests.map(({ atMs, method, path: address, status, contentType, frontCache }) => ({
        atMs,
        method,
        path: address,
        status,
        contentType,
        frontCache,
      })),
      streams: visit.streams,
    },
    idleRequests: idleRequests.map(({ method, path: address }) => ({ method, path: address })),
    results: [nginx, visits],
    visitsRatio: Number((visitsPerSecond / nginx.requestsPerSecond).toFixed(3)),
    fresh,
    idle,
  }
} finally {
  stopStaticNginx()
  stack('stop')
}
fs.mkdirSync(path.dirname(RESULTS_JSON), { recursive: true })
fs.writeFileSync(RESULTS_JSON, `${JSON.stringify(figures, null, 2)}\n`)
writeResultsSection(markdownSection(figures), SECTION_START, SECTION_END)
console.log(JSON.stringify({ visitsRatio: figures.visitsRatio, idle: figures.idle }, null, 2))
