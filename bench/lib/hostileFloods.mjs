// The floods of bench/hostile.mjs, and the normal visitor measured meanwhile: every request claims
// a new X-Forwarded-For.
import { autocannon } from './autocannon.mjs'

/** @typedef {{ requests: number, failures: number, p50Ms: number, p99Ms: number }} VisitorFigures */
/**
 * An endpoint flooded: its request; `nextPath` names a new address for each request.
 * @typedef {{ label: string, path: string, method?: string, headers?: Record<string, string>, body?: string, nextPath?: () => string }} FloodTarget
 */

let spoofCounter = 0
/** A new claimed address for each request. */
const spoofedAddress = () => {
  spoofCounter++
  return `203.0.${(spoofCounter >> 8) & 255}.${spoofCounter & 255}`
}
/** How many addresses were claimed so far. */
export const spoofedSoFar = () => spoofCounter

/**
 * @param {number[]} sorted
 * @param {number} p
 * @returns {number | null}
 */
function percentile(sorted, p) {
  if (sorted.length === 0) return null
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

/**
 * One visitor loading the home page in a loop (one request at a time) until `stop` resolves.
 * @param {string} origin
 * @param {{ value: boolean }} stopped
 * @returns {Promise<VisitorFigures>}
 */
export async function normalVisitor(origin, stopped) {
  /** @type {number[]} */
  const latencies = []
  let failures = 0
  while (!stopped.value) {
    const started = performance.now()
    try {
      const response = await fetch(`${origin}/`)
      await response.arrayBuffer()
      if (response.status !== 200) failures++
    } catch {
      failures++
    }
    latencies.push(performance.now() - started)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  latencies.sort((a, b) => a - b)
  return {
    requests: latencies.length,
    failures,
    p50Ms: Number(percentile(latencies, 50)?.toFixed(1)),
    p99Ms: Number(percentile(latencies, 99)?.toFixed(1)),
  }
}

/**
 * Floods one endpoint with autocannon for `seconds` from `connections` connections, a new claimed
 * address per request; returns what it saw.
 * @param {string} origin
 * @param {FloodTarget} target
 * @param {{ connections: number, seconds: number }} load
 */
export async function flood(origin, target, { connections, seconds }) {
  /** @type {Record<string, number>} */
  const statuses = {}
  const instance = autocannon({
    url: `${origin}${target.path}`,
    method: target.method ?? 'GET',
    connections,
    duration: seconds,
    timeout: 5,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          // A target may name a new address for every request (random unknown paths).
          ...(target.nextPath ? { path: target.nextPath() } : {}),
          headers: { ...request.headers, ...target.headers, 'x-forwarded-for': spoofedAddress() },
          body: target.body,
        }),
      },
    ],
  })
  instance.on('response', (_client, statusCode) => {
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1
  })
  const result = await instance
  return { sent: result.requests.sent, statuses, errors: result.errors, timeouts: result.timeouts }
}

/**
 * Opens event streams until refused; streams never end, so autocannon cannot measure them.
 * @param {string} origin
 * @param {number} attempts
 * @param {string} cookie
 */
export async function streamFlood(origin, attempts, cookie) {
  /** @type {Record<string, number>} */
  const statuses = {}
  /** @type {{ controller: AbortController, response: Response }[]} */
  const open = []
  for (let i = 0; i < attempts; i++) {
    const controller = new AbortController()
    try {
      const response = await fetch(`${origin}/api/chat/stream?page=/`, {
        headers: { Origin: origin, 'X-Forwarded-For': spoofedAddress(), Cookie: cookie },
        signal: controller.signal,
      })
      statuses[response.status] = (statuses[response.status] ?? 0) + 1
      // The response is kept: one dropped unread is collected, and its stream closed, by the client itself.
      if (response.status === 200) open.push({ controller, response })
      else await response.arrayBuffer()
    } catch {
      statuses.error = (statuses.error ?? 0) + 1
    }
  }
  return { sent: attempts, statuses, close: () => open.forEach(({ controller }) => controller.abort()) }
}
