// The "Visits" section `node bench/visits.mjs` writes into bench/RESULTS.md, from its figures.
import {
  CONNECTIONS,
  FRESH_WARMUP_SECONDS,
  IDLE_POLL_SECONDS,
  IDLE_SECONDS,
  SECONDS,
  SECTION_END,
  SECTION_START,
  VISIT_SECONDS,
} from './visitsSettings.mjs'

/** @typedef {Awaited<ReturnType<typeof import('./freshVisits.mjs').freshVisits>>} FreshFigure */
/**
 * The visits on new connections: nginx's page and the first visit, and their ratios.
 * @typedef {{ visitors: number, seconds: number, requests: number, streams?: number, page: FreshFigure, visit: FreshFigure, rateRatio: number, costRatio: number }} FreshFigures
 */
/**
 * A row of the replay over kept-alive connections.
 * @typedef {{ label: string, requestsPerSecond: number, perSecondLabel?: string, p99ms: number, non2xx: number, errors: number }} ReplayRow
 */
/**
 * What `node bench/visits.mjs` measured (bench/results/visits.json).
 * @typedef {object} VisitsFigures
 * @property {string} date
 * @property {string} command
 * @property {{ cpus: number, loadAverageBefore: number[], loadAverageAfter: number[] }} machine
 * @property {{ requests: Omit<import('./visitRecording.mjs').RecordedRequest, 'headers' | 'body'>[], streams: string[] }} visit
 * @property {{ method: string, path: string }[]} idleRequests
 * @property {ReplayRow[]} results
 * @property {number} visitsRatio
 * @property {FreshFigures} fresh
 * @property {Awaited<ReturnType<typeof import('./idleTabs.mjs').idleTabs>>} idle
 */

/**
 * The new-connection replay's table and ratios.
 * @param {FreshFigures} fresh
 * @returns {string}
 */
function freshSection(fresh) {
  const cpu = (/** @type {FreshFigure} */ figure) =>
    Object.entries(figure.serverCpuMsPerVisitByProcess)
      .map(([name, ms]) => `${name} ${ms}`)
      .join(', ')
  /**
   * @param {string} label
   * @param {FreshFigure} figure
   * @param {string} unit
   */
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

/**
 * @param {VisitsFigures} figures
 * @returns {string}
 */
export function markdownSection(figures) {
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

/**
 * The requests of the recorded visit that were not GETs (the collector's beacon), or "nothing".
 * @param {VisitsFigures} figures
 * @returns {string}
 */
function posted(figures) {
  const requests = figures.visit.requests.filter((request) => request.method !== 'GET')
  return requests.length ? requests.map((r) => `\`${r.method} ${r.path}\``).join(', ') : 'nothing'
}

/**
 * What the idle tabs repeated besides holding their stream: nothing, when the recorded tab asked nothing more.
 * @param {VisitsFigures} figures
 * @returns {string}
 */
function idleRepeats(figures) {
  if (!figures.idleRequests.length) return ', asking nothing else (the recorded tab asked nothing once settled)'
  const asked = figures.idleRequests.map((r) => `\`${r.method} ${r.path}\``).join(', ')
  return ` and repeating what it asked while idle
(${asked}) every ${IDLE_POLL_SECONDS} s through the
front (${figures.idle.requestsPerSecondAsked} requests/s asked, ${figures.idle.requestsPerSecondAnswered} answered, non-2xx ${figures.idle.non2xx})`
}
