// The "Throughput" section `node bench/throughput.mjs` writes into bench/RESULTS.md, from its figures.
import { H2_CONNECTIONS, H2_REQUESTS_PER_ROUND, H2_ROUNDS, H2_STREAMS, H2_WARM_UP_REQUESTS, H2LOAD } from './h2load.mjs'
import {
  CONNECTIONS,
  IMAGE,
  PUBLISH_POLL_MS,
  PUBLISH_TRIALS,
  SECONDS,
  SECTION_END,
  SECTION_START,
} from './throughputSettings.mjs'

/**
 * A row of autocannon's table: requests a second, latency, bytes per response, and (once all are
 * in) the share of nginx static's rate on the same page.
 * @typedef {{ target: string, page: string, requestsPerSecond: number, p50ms: number, p99ms: number, non2xx: number, errors: number, bytesPerResponse: number, ratioToStatic?: number }} ThroughputRow
 */
/** @typedef {NonNullable<ReturnType<typeof import('./h2load.mjs').measureHttp2>> & { ratioToStatic?: number }} Http2Row */
/**
 * What `node bench/throughput.mjs` measured, as far as the section reads it.
 * @typedef {object} ThroughputFigures
 * @property {string} date
 * @property {{ cpus: number, loadAverageBefore: number[], loadAverageAfter: number[] }} machine
 * @property {string} appCommand
 * @property {{ page: string, cacheControl: string | null, repeatAtFront: string | null }[]} pages
 * @property {ThroughputRow[]} results
 * @property {Http2Row[]} http2
 * @property {{ secondsOneInstance: number | null, secondsAcrossTwo: number | null }} publish
 */

/**
 * The section, its markers included.
 * @param {ThroughputFigures} figures
 * @returns {string}
 */
export function markdownSection(figures) {
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
  const seconds = (/** @type {number | null} */ value) => (value === null ? 'not seen within 10 s' : `${value} s`)
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
