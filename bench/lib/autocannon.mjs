// autocannon (npm), the benches' HTTP load, typed here for what they use of it: it ships no types
// of its own, so the benches take it from this module.
import { createRequire } from 'node:module'

/**
 * A request as autocannon sends it, and as a `setupRequest` is handed it and returns it.
 * @typedef {{ method?: string, path?: string, headers?: Record<string, string>, body?: string | Buffer }} LoadRequest
 */
/**
 * What a run is asked to do: `duration` and `timeout` in seconds; `overallRate`: requests a second,
 * all connections together; `requests`: sent in turn by each connection.
 * @typedef {object} LoadOptions
 * @property {string} url
 * @property {number} [connections]
 * @property {number} [duration]
 * @property {number} [timeout]
 * @property {number} [overallRate]
 * @property {string} [method]
 * @property {Record<string, string>} [headers]
 * @property {string | Buffer} [body]
 * @property {(LoadRequest & { setupRequest?: (request: LoadRequest) => LoadRequest })[]} [requests]
 */
/**
 * What a run measured: requests (a second on average, in all, sent), latency in ms, bytes read,
 * answers by status.
 * @typedef {{
 *   requests: { average: number, total: number, sent: number },
 *   latency: { p50: number, p90: number, p99: number, max: number },
 *   throughput: { total: number },
 *   '2xx': number,
 *   non2xx: number,
 *   errors: number,
 *   timeouts: number,
 * }} LoadResult
 */
/**
 * A run under way: awaited for its result; it tells each answer's status as it comes.
 * @typedef {PromiseLike<LoadResult> & {
 *   on(event: 'response', listener: (client: unknown, statusCode: number) => void): unknown
 * }} LoadRun
 */

/**
 * Starts a run; with `done`, it is told the result instead.
 * @type {{
 *   (options: LoadOptions): LoadRun,
 *   (options: LoadOptions, done: (error: Error | null, result: LoadResult) => void): unknown
 * }}
 */
export const autocannon = createRequire(import.meta.url)('autocannon')
