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
import os from 'node:os'
import path from 'node:path'
import { autocannon } from './lib/autocannon.mjs'
import { continueOnProjectNode } from '../scripts/lib/bootstrap.mjs'
import { freshVisits } from './lib/freshVisits.mjs'
import { idleTabs } from './lib/idleTabs.mjs'
import { writeResultsSection } from './lib/results.mjs'
import { runStack, stackEnv, stackTlsFiles, trustStackCertificate } from './lib/stack.mjs'
import { startStaticNginx } from './lib/staticNginx.mjs'
import { acceptEncodingOf, recordVisit, replayable } from './lib/visitRecording.mjs'
import { markdownSection } from './lib/visitsReport.mjs'
import { stackPids, staticNginxPid } from './lib/visitsServers.mjs'
import {
  CONNECTIONS,
  FRESH_VISITORS,
  FRESH_WARMUP_SECONDS,
  front,
  PORTS,
  RESULTS_JSON,
  SECONDS,
  SECTION_END,
  SECTION_START,
  STACK_DIR,
  STATIC_DIR,
} from './lib/visitsSettings.mjs'

// The stack's certificate is trusted through tls.setDefaultCACertificates, which Node 20 lacks.
continueOnProjectNode()

/** @typedef {import('./lib/visitRecording.mjs').RecordedRequest} RecordedRequest */

const loadAverage = () => os.loadavg().map((value) => Number(value.toFixed(2)))

/** @param {string} command */
function stack(command) {
  runStack(command, { ...process.env, ...stackEnv(STACK_DIR, PORTS) })
}

/**
 * @param {string} label
 * @param {import('./lib/autocannon.mjs').LoadOptions} options
 * @returns {Promise<import('./lib/visitsReport.mjs').ReplayRow>}
 */
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

/**
 * The same comparison as first visits really arrive: each visitor on a new TLS connection over
 * HTTP/2, the document first and the rest at once (bench/lib/freshVisits.mjs); nginx's page is one
 * such visit of one request. Besides the rates, the server CPU a visit costs beside what a page costs
 * nginx: the rate the front could reach were the server's CPU, not this client, the limit.
 * @param {RecordedRequest[]} replayed
 * @param {RecordedRequest[]} streamRequests
 * @returns {Promise<import('./lib/visitsReport.mjs').FreshFigures>}
 */
async function firstVisitsOnNewConnections(replayed, streamRequests) {
  const isDocument = (/** @type {RecordedRequest} */ request) => request.path === '/' && request.method === 'GET'
  const documentFirst = [...replayed.filter(isDocument), ...replayed.filter((request) => !isDocument(request))].map(
    replayable,
  )
  const run = { visitors: FRESH_VISITORS, seconds: SECONDS }
  // With the run's visitors: without them a warm-up made no visit at all.
  const warmUp = (/** @type {Omit<Parameters<typeof freshVisits>[0], 'seconds' | 'visitors'>} */ options) =>
    freshVisits({ ...run, ...options, seconds: FRESH_WARMUP_SECONDS })
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
    // The visit begins with the document.
    headers: {
      'accept-encoding': acceptEncodingOf(
        /** @type {RecordedRequest} */ (replayed.find((request) => request.path === '/')),
      ),
    },
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
