// What `node bench/faults.mjs` records of each answer, per phase of its run (steady, a part killed,
// steady again): the answers by status class, the longest, those past the hang bound, and the
// maintenance pages among them.
import { ABORT_MS, HANG_MS } from './faultsSettings.mjs'

/** @typedef {{ '2xx': number, '3xx': number, '4xx': number, '5xx': number, failed: number }} StatusClasses */
/**
 * A phase of the run: its answers by kind of request and status class, the longest, those past the
 * hang bound, the maintenance pages among them; after a fault, when the part was back (`recoveryS`).
 * @typedef {object} Phase
 * @property {string} name
 * @property {number} started
 * @property {Record<string, StatusClasses>} requests
 * @property {number} longestMs
 * @property {number} overHangMs
 * @property {number} maintenancePages
 * @property {number} [recoveryS]
 * @property {string[]} notes
 */
/** @typedef {{ status: number, ms: number, body: string }} TimedAnswer */

/**
 * The status of one request (0 when it failed or was aborted) and how long it took.
 * @param {string} url
 * @param {RequestInit} [init]
 * @returns {Promise<TimedAnswer>}
 */
export async function timedRequest(url, init = {}) {
  const started = performance.now()
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(ABORT_MS) })
    const body = await response.text()
    return { status: response.status, ms: performance.now() - started, body }
  } catch {
    return { status: 0, ms: performance.now() - started, body: '' }
  }
}

/** The phase being recorded, and every phase so far in order. */
/** @type {Phase | null} */
export let phase = null
/** @type {Phase[]} */
export const phases = []
/**
 * Starts recording a new phase; returns it.
 * @param {string} name
 * @returns {Phase}
 */
export function startPhase(name) {
  const started = {
    name,
    started: Date.now(),
    requests: {},
    longestMs: 0,
    overHangMs: 0,
    maintenancePages: 0,
    notes: [],
  }
  phase = started
  phases.push(started)
  return started
}
/**
 * Counts an answer to a request of `kind` in the phase under way.
 * @param {string} kind
 * @param {TimedAnswer} answer
 */
export function record(kind, { status, ms, body }) {
  const current = phase
  if (!current) throw new Error('an answer came before the first phase started')
  const bucket = (current.requests[kind] ??= { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, failed: 0 })
  bucket[/** @type {keyof StatusClasses} */ (status === 0 ? 'failed' : `${String(status)[0]}xx`)] += 1
  current.longestMs = Math.max(current.longestMs, ms)
  if (ms > HANG_MS) current.overHangMs += 1
  if (status >= 500 && body.includes('We’ll be right back')) current.maintenancePages += 1
}
