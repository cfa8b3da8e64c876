// What one first visit to `/` asks of the site, recorded in Chromium (the document, then what the
// page asks while a reader scrolls it), and each recorded request in the form autocannon replays.
import { setTimeout as sleep } from 'node:timers/promises'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.mjs'
import { front, READ_AGAIN_MS, VISIT_SECONDS } from './visitsSettings.mjs'

/** Request headers a replay does not copy: the connection's own, and what the client computes. */
/**
 * A request of the recorded visit: when it was asked (ms after the start), what it sent, and what
 * it was answered (`frontCache`: the front's X-Cache-Status, null when none).
 * @typedef {object} RecordedRequest
 * @property {number} atMs
 * @property {string} method
 * @property {string} path
 * @property {Record<string, string>} headers
 * @property {string | undefined} body
 * @property {number} status
 * @property {string} contentType
 * @property {string | null} frontCache
 */

const NOT_REPLAYED = new Set(['host', 'connection', 'content-length', 'accept-encoding'])
/**
 * The encodings a recorded request took (gzip when it named none).
 * @param {Pick<RecordedRequest, 'headers'>} request
 * @returns {string}
 */
export const acceptEncodingOf = (request) => request.headers['accept-encoding'] ?? 'gzip'

/**
 * What one first visit asks of the site, in order, as Chromium sent it.
 * @returns {Promise<{ requests: RecordedRequest[], streams: string[], streamRequests: RecordedRequest[] }>}
 */
export async function recordVisit() {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  // The stack's certificate is self-signed: Chromium is told to accept it.
  const context = await browser.newContext({ ignoreHTTPSErrors: true })
  const page = await context.newPage()
  const started = Date.now()
  // Seen as asked, not as finished: Chromium never reports a keepalive request (the collector's
  // beacon) as finished, nor a stream still open at the end. Its answer fills in the rest.
  /** @type {Map<import('playwright-core').Request, RecordedRequest>} */
  const recorded = new Map()
  page.on('request', (request) => {
    if (!request.url().startsWith(front)) return
    const url = new URL(request.url())
    recorded.set(request, {
      atMs: Date.now() - started,
      method: request.method(),
      path: url.pathname + url.search,
      headers: request.headers(),
      body: request.postData() ?? undefined,
      status: 0,
      contentType: '',
      frontCache: null,
    })
  })
  /** @type {Promise<void>[]} */
  const answered = []
  page.on('response', (response) => {
    const entry = recorded.get(response.request())
    if (!entry) return
    answered.push(
      (async () => {
        entry.headers = await response.request().allHeaders()
        entry.status = response.status()
        entry.contentType = (await response.headerValue('content-type')) ?? ''
        entry.frontCache = (await response.headerValue('x-cache-status')) ?? null
      })(),
    )
  })
  await page.goto(`${front}/`, { waitUntil: 'load' })
  // A reader scrolls at once and again a few seconds later, once what loads after idle is there.
  await page.mouse.move(200, 300)
  await page.mouse.wheel(0, 400)
  await sleep(READ_AGAIN_MS)
  await page.mouse.wheel(0, 400)
  await sleep(VISIT_SECONDS * 1000 - READ_AGAIN_MS)
  await Promise.all(answered)
  await browser.close()
  const requests = [...recorded.values()].sort((a, b) => a.atMs - b.atMs)
  const streams = requests.filter((request) => request.contentType.includes('event-stream'))
  return { requests, streams: streams.map((stream) => stream.path), streamRequests: streams }
}

/**
 * The same request again, as autocannon sends it: the recording's headers, and the encodings it took.
 * @param {RecordedRequest} request
 * @returns {import('./autocannon.mjs').LoadRequest}
 */
export function replayable(request) {
  /** @type {Record<string, string>} */
  const headers = { 'accept-encoding': acceptEncodingOf(request) }
  for (const [name, value] of Object.entries(request.headers))
    if (!NOT_REPLAYED.has(name) && !name.startsWith(':')) headers[name] = value
  return { method: request.method, path: request.path, headers, body: request.body }
}
