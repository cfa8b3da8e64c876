// What `node bench/faults.mjs` records of each answer, per phase of its run (steady, a part killed,
// steady again): the answers by status class, the longest, those past the hang bound, and the
// maintenance pages among them.
import { ABORT_MS, HANG_MS } from './faultsSettings.mjs'

/** The status of one request (0 when it failed or was aborted) and how long it took. */
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
export let phase = null
export const phases = []
export function startPhase(name) {
  phase = { name, started: Date.now(), requests: {}, longestMs: 0, overHangMs: 0, maintenancePages: 0, notes: [] }
  phases.push(phase)
}
export function record(kind, { status, ms, body }) {
  const current = phase
  const bucket = (current.requests[kind] ??= { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, failed: 0 })
  bucket[status === 0 ? 'failed' : `${String(status)[0]}xx`] += 1
  current.longestMs = Math.max(current.longestMs, ms)
  if (ms > HANG_MS) current.overHangMs += 1
  if (status >= 500 && body.includes('We’ll be right back')) current.maintenancePages += 1
}
