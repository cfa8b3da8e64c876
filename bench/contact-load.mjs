// `node bench/contact-load.mjs`: contact submissions per second and latency at a steady load while
// SMTP is down (every accepted message is stored and queued). Writes bench/results/contact-load.json.
// Options by env: CONTACT_BENCH_SECONDS (20), CONTACT_BENCH_CONNECTIONS (10), CONTACT_BENCH_PORT (3221).
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { autocannon } from './lib/autocannon.mjs'
import { ROOT } from '../scripts/lib/bootstrap.mjs'
import { completeContactFields } from './lib/contactFields.mjs'
import { startBenchServer } from './lib/server.mjs'
import { csrfPair, signInAdmin } from './lib/session.mjs'

const seconds = Number(process.env.CONTACT_BENCH_SECONDS || 20)
const connections = Number(process.env.CONTACT_BENCH_CONNECTIONS || 10)
const port = Number(process.env.CONTACT_BENCH_PORT || 3221)
/** A loopback port where no SMTP server listens: every delivery attempt is refused. */
const DOWN_SMTP_PORT = 3229

/**
 * @param {number} candidate
 * @returns {Promise<boolean>}
 */
async function portIsFree(candidate) {
  return new Promise((resolve) => {
    const socket = net.connect(candidate, '127.0.0.1')
    socket.once('connect', () => socket.destroy() || resolve(false))
    socket.once('error', () => resolve(true))
  })
}

if (!(await portIsFree(DOWN_SMTP_PORT)))
  throw new Error(`port ${DOWN_SMTP_PORT} must be free to stand for a down SMTP server`)

const name = 'bench-contact'
const adminFile = path.join(ROOT, '.tmp', name, 'admin.json')
Object.assign(process.env, {
  E2E_ADMIN_FILE: adminFile,
  SMTP_URL: `smtp://127.0.0.1:${DOWN_SMTP_PORT}`,
  // The per-address limit would answer 429 to a load test from one address; raise it for the run.
  CONTACT_RATE_LIMIT_PER_MINUTE: '1000000',
})

const server = await startBenchServer({ port, name })
try {
  const { origin } = server
  const jwt = await signInAdmin(origin, adminFile)
  const auth = { Authorization: `JWT ${jwt}`, Origin: origin }
  // The proof-of-work captcha is per visitor by design; the load test measures the pipeline behind it.
  await fetch(`${origin}/api/forms/115`, {
    method: 'PATCH',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ captcha: false }),
  })

  const { cookie, token: csrf } = await csrfPair(origin)

  const body = JSON.stringify({
    formId: 115,
    fields: completeContactFields('Load Tester', {
      email: 'load@example.com',
      service: 'lien-search',
      message: 'A steady stream of requests for parcel searches, each long enough to pass.',
    }),
  })
  const result = await autocannon({
    url: `${origin}/api/contact`,
    method: 'POST',
    connections,
    duration: seconds,
    headers: { 'Content-Type': 'application/json', Origin: origin, Cookie: cookie, 'X-CSRF-Token': csrf },
    body,
  })

  const count = async (/** @type {string} */ where) => {
    const response = await fetch(`${origin}/api/form-submissions?limit=1&depth=0&${where}`, { headers: auth })
    return (await response.json()).totalDocs
  }
  // Let the in-flight delivery attempts settle before counting.
  await new Promise((resolve) => setTimeout(resolve, 2000))
  const stored = await count('')
  const queued = await count('where[deliveryStatus][equals]=queued')
  const figures = {
    date: new Date().toISOString(),
    seconds,
    connections,
    smtp: 'down (connection refused)',
    accepted: result['2xx'],
    other: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    submissionsPerSecond: Math.round((result['2xx'] / seconds) * 10) / 10,
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    stored,
    storedStillQueued: queued,
    // Requests still in flight when the clock stops are stored but not counted by autocannon.
    nothingLost: stored >= result['2xx'],
  }
  fs.mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true })
  fs.writeFileSync(path.join(ROOT, 'bench', 'results', 'contact-load.json'), JSON.stringify(figures, null, 2) + '\n')
  console.log(JSON.stringify(figures, null, 2))
} finally {
  server.stop()
}
