// Idle open tabs, as `node bench/visits.mjs` measures them: each holds the event stream the recorded
// tab held and repeats what it asked once settled; what the app instances spend on them meanwhile.
import http from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { autocannon } from './autocannon.mjs'
import { cpuSeconds } from '../../scripts/lib/processTree.mjs'
import { replayable } from './visitRecording.mjs'
import { appInstances } from './visitsServers.mjs'
import { front, IDLE_POLL_SECONDS, IDLE_SECONDS, IDLE_TABS, PORTS, STREAM_OPEN_BATCH } from './visitsSettings.mjs'

/**
 * One held event stream per tab, as the recorded tab holds it, asked of the instances directly
 * (they trust loopback as their front), each from its own client address as real tabs would be:
 * the per-address stream cap is not what is measured here.
 * @param {string} streamPath
 * @param {number} count
 */
async function openStreams(streamPath, count) {
  const ports = [PORTS.appA, PORTS.appB]
  /** @type {Record<string, number>} */
  const statuses = {}
  /** @type {import('node:http').ClientRequest[]} */
  const open = []
  const openOne = (/** @type {number} */ i) =>
    /** @type {Promise<void>} */ (
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
            const status = String(response.statusCode)
            statuses[status] = (statuses[status] ?? 0) + 1
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
    )
  // Tabs open over time, not in one instant: a batch at a time.
  for (let first = 0; first < count; first += STREAM_OPEN_BATCH)
    await Promise.all(Array.from({ length: Math.min(STREAM_OPEN_BATCH, count - first) }, (_, k) => openOne(first + k)))
  return { statuses, close: () => open.forEach((request) => request.destroy()) }
}

/**
 * IDLE_TABS idle tabs: each holds the event stream the recorded tab opened, and repeats what it
 * asked while idle every IDLE_POLL_SECONDS through the front. Returns the CPU share each app
 * instance used meanwhile.
 * @param {import('./visitRecording.mjs').RecordedRequest[]} idleRequests
 * @param {string | null} streamPath
 */
export async function idleTabs(idleRequests, streamPath) {
  const perSecond = Math.round((IDLE_TABS * idleRequests.length) / IDLE_POLL_SECONDS)
  const instances = appInstances()
  const streams = streamPath ? await openStreams(streamPath, IDLE_TABS) : null
  // Opening is not idling: a moment for the instances to settle.
  await sleep(2_000)
  // An instance whose serve process is not there used nothing.
  const cpuOf = (/** @type {number | undefined} */ pid) => (pid === undefined ? 0 : cpuSeconds(pid))
  const before = instances.map(cpuOf)
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
  const cores = instances.map((pid, i) => Number(((cpuOf(pid) - before[i]) / elapsed).toFixed(3)))
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
