// First visits as a server meets them: each visitor opens a new TLS connection (with no session to
// resume: a first visitor has none) from a loopback address of its own (as visitors come from their
// own addresses, so per-address allowances are not what is measured), speaks HTTP/2 as Chromium does
// over https, asks the document first and then the rest of the visit at once on the same connection,
// opens the visit's event streams and lets each go once its first event has come, and closes. `visitors`
// visitors at a time for `seconds`; counted are the visits finished, how long each took, and the
// CPU the server's processes used meanwhile (so the cost of a visit can be compared even when the
// client, on the same machine, is what limits the rate).
import http2 from 'node:http2'
import { cpuSeconds, descendantsOf } from '../../scripts/lib/processTree.mjs'

/** Headers HTTP/2 forbids (RFC 9113, 8.2.2) or that the client sets itself. */
const NOT_SENT = new Set(['host', 'connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade'])
/** A visit that takes longer is abandoned and counted as failed. */
const VISIT_TIMEOUT_MS = 10_000

/** A request of a visit: an HTTP/2 request's method, path, headers and body. */
/** @typedef {import('./autocannon.mjs').LoadRequest} VisitRequest */

/**
 * Each named process with all its descendants, and the CPU seconds each group has used so far.
 * @param {Record<string, number>} roots
 */
function processTreeCpu(roots) {
  const groups = Object.entries(roots).map(([name, pid]) => ({ name, pids: [pid, ...descendantsOf(pid)] }))
  const sum = (/** @type {number[]} */ pids) => pids.reduce((total, pid) => total + cpuSeconds(pid), 0)
  return {
    count: groups.reduce((total, group) => total + group.pids.length, 0),
    seconds: () => Object.fromEntries(groups.map((group) => [group.name, sum(group.pids)])),
  }
}

/**
 * A request's HTTP/2 headers: gzip unless the request names what it takes (a recorded browser's Accept-Encoding).
 * @param {VisitRequest} request
 * @returns {import('node:http2').OutgoingHttpHeaders}
 */
function headersOf({ method, path, headers }) {
  /** @type {import('node:http2').OutgoingHttpHeaders} */
  const sent = { ':method': method, ':path': path, 'accept-encoding': 'gzip' }
  for (const [name, value] of Object.entries(headers ?? {}))
    if (!NOT_SENT.has(name) && !name.startsWith(':')) sent[name] = value
  return sent
}

/**
 * @param {import('node:http2').ClientHttp2Session} session
 * @param {VisitRequest} request
 * @returns {Promise<number>} the answer's status
 */
function ask(session, request) {
  return new Promise((resolve, reject) => {
    const stream = session.request(headersOf(request))
    let status = 0
    stream.on('response', (answer) => (status = answer[':status'] ?? 0))
    stream.on('data', () => {})
    stream.on('end', () => resolve(status))
    stream.on('error', reject)
    stream.end(request.body)
  })
}

/**
 * Opens an event stream and resolves to its status once its first event has come (or it ended), letting it go.
 * @param {import('node:http2').ClientHttp2Session} session
 * @param {VisitRequest} request
 * @returns {Promise<number>} the answer's status
 */
function openEventStream(session, request) {
  return new Promise((resolve, reject) => {
    const stream = session.request(headersOf({ ...request, method: 'GET' }))
    let status = 0
    let eventCame = false
    // The first data can be delivered before the 'response' event: done once both came.
    const letGo = () => {
      if (!status || !eventCame) return
      resolve(status)
      stream.close(http2.constants.NGHTTP2_CANCEL)
    }
    stream.on('response', (answer) => {
      status = answer[':status'] ?? 0
      letGo()
    })
    stream.once('data', () => {
      eventCame = true
      letGo()
    })
    stream.on('end', () => resolve(status))
    stream.on('error', reject)
    stream.end()
  })
}

/**
 * A loopback address per visit, 127.1.0.1 onwards (Linux answers on all of 127.0.0.0/8), skipping
 * each block's .0 and .255.
 */
let visitsStarted = 0
function nextVisitorAddress() {
  const n = visitsStarted++
  const host = (n % 254) + 1
  const block = Math.floor(n / 254)
  return `127.${1 + Math.floor(block / 256)}.${block % 256}.${host}`
}

/**
 * One first visit: a new connection, the document, then everything else at once. Resolves to whether every answer was 2xx.
 * @param {string} origin
 * @param {VisitRequest[]} requests the document first
 * @param {VisitRequest[]} streams
 * @returns {Promise<boolean>}
 */
async function visit(origin, [document, ...rest], streams) {
  // Handed on to tls.connect, which takes it (http2's types leave it out).
  const options = /** @type {import('node:http2').SecureClientSessionOptions} */ ({
    localAddress: nextVisitorAddress(),
  })
  const session = http2.connect(origin, options)
  const timer = setTimeout(() => session.destroy(new Error('visit timed out')), VISIT_TIMEOUT_MS)
  try {
    await new Promise((resolve, reject) => {
      session.once('connect', resolve)
      session.once('error', reject)
    })
    const statuses = [
      await ask(session, document),
      ...(await Promise.all([
        ...rest.map((each) => ask(session, each)),
        ...streams.map((each) => openEventStream(session, each)),
      ])),
    ]
    return statuses.every((status) => status >= 200 && status < 300)
  } finally {
    clearTimeout(timer)
    session.close()
  }
}

/**
 * `visitors` visitors, each starting a new first visit as soon as its last one ends, for `seconds`;
 * `streams` are the event streams each visit opens (let go once their first event has come).
 * `serverPids` names the server's processes (their children count too). Returns visits/s, the p99
 * of a visit's time, failures, and the server's CPU per visit (in all, and by process) and this
 * client's.
 * @param {object} run
 * @param {string} run.origin
 * @param {VisitRequest[]} run.requests the document first
 * @param {VisitRequest[]} [run.streams]
 * @param {number} run.visitors
 * @param {number} run.seconds
 * @param {Record<string, number>} run.serverPids
 */
export async function freshVisits({ origin, requests, streams = [], visitors, seconds, serverPids }) {
  const server = processTreeCpu(serverPids)
  const serverBefore = server.seconds()
  const clientBefore = process.cpuUsage()
  /** @type {number[]} */
  const durations = []
  let failed = 0
  const started = performance.now()
  const end = started + seconds * 1000
  await Promise.all(
    Array.from({ length: visitors }, async () => {
      while (performance.now() < end) {
        const at = performance.now()
        const ok = await visit(origin, requests, streams).catch(() => false)
        if (ok) durations.push(performance.now() - at)
        else failed++
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  const serverAfter = server.seconds()
  const client = process.cpuUsage(clientBefore)
  const done = durations.length
  const perVisitMs = (/** @type {number} */ cpuSeconds) => Number(((cpuSeconds * 1000) / Math.max(done, 1)).toFixed(3))
  const serverByProcess = Object.fromEntries(
    Object.keys(serverAfter).map((name) => [name, perVisitMs(serverAfter[name] - serverBefore[name])]),
  )
  durations.sort((a, b) => a - b)
  return {
    visits: done,
    failed,
    visitsPerSecond: Math.round(done / elapsed),
    p99ms: Math.round(durations[Math.min(done - 1, Math.floor(done * 0.99))] ?? 0),
    serverProcesses: server.count,
    serverCpuMsPerVisit: Number(
      Object.values(serverByProcess)
        .reduce((a, b) => a + b, 0)
        .toFixed(3),
    ),
    serverCpuMsPerVisitByProcess: serverByProcess,
    clientCpuMsPerVisit: perVisitMs((client.user + client.system) / 1e6),
  }
}
