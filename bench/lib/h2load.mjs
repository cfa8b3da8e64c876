// Pages per second over HTTP/2 with h2load (Debian's nghttp2-client), read from its output: the
// rows `node bench/throughput.mjs` adds beside autocannon's HTTP/1.1 ones.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { HEADERS } from './throughputSettings.mjs'

/** HTTP/2: h2load's connections, and the requests each keeps in flight at once (its streams). */
export const H2_CONNECTIONS = 20
export const H2_STREAMS = 10
// Counts, not a duration: h2load 1.52's -D mode counts the requests still in flight at the end as
// failed and reports a tenth of the rate -n measures on the same server. nginx closes an HTTP/2
// connection after 1,000 requests (keepalive_requests) and h2load opens no other, so a run asks
// at most 900 per connection, and a row is several runs.
export const H2_REQUESTS_PER_ROUND = 18_000
export const H2_ROUNDS = 3
export const H2_WARM_UP_REQUESTS = 2_000
export const H2LOAD = '/usr/bin/h2load'
/** Milliseconds in each unit h2load prints a duration in. */
const MS_PER_UNIT = { us: 0.001, ms: 1, s: 1000 }

/**
 * A duration as h2load prints it (us, ms or s), in milliseconds.
 * @param {string | undefined} text
 * @returns {number}
 */
function h2loadMs(text) {
  const [, amount, unit] = /^([\d.]+)(us|ms|s)$/.exec(text ?? '') ?? []
  return amount ? Number(amount) * MS_PER_UNIT[/** @type {keyof typeof MS_PER_UNIT} */ (unit)] : NaN
}

/**
 * One h2load run of `requests` on `url`: what it reports, read from its output.
 * @param {string} url
 * @param {number} requests
 */
function runH2load(url, requests) {
  const args = [
    ...['-n', String(requests), '-c', String(H2_CONNECTIONS), '-m', String(H2_STREAMS)],
    ...['-H', `accept-encoding: ${HEADERS['accept-encoding']}`, url],
  ]
  const { stdout } = spawnSync(H2LOAD, args, { encoding: 'utf8', timeout: 120_000 })
  const number = (/** @type {RegExp} */ pattern) => Number(pattern.exec(stdout)?.[1] ?? NaN)
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

/**
 * The same over HTTP/2 with h2load: H2_ROUNDS runs after a warm-up one; null without h2load.
 * @param {string} target
 * @param {string} url
 */
export function measureHttp2(target, url) {
  if (!fs.existsSync(H2LOAD)) return null
  runH2load(url, H2_WARM_UP_REQUESTS)
  const rounds = Array.from({ length: H2_ROUNDS }, () => runH2load(url, H2_REQUESTS_PER_ROUND))
  const sum = (/** @type {'ms' | 'succeeded' | 'failed' | 'non2xx' | 'bytes' | 'meanMs'} */ key) =>
    rounds.reduce((total, round) => total + round[key], 0)
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
