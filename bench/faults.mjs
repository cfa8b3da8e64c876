// `node bench/faults.mjs`: the production front (deploy/stack.mjs) under a steady load of page
// views, contact posts and chat messages while its parts fail one after the other, as a crash
// would (kill -9): one app instance; Redis for 10 s; PostgreSQL for 10 s; each brought back.
// Records, for each phase, the answers by status class and the longest one, then the submissions
// accepted / stored / emailed, the chat messages sent / received, and the seconds each part took
// to work again after its dependency returned. Writes bench/results/faults.json and the "Faults"
// section of bench/RESULTS.md. Loopback only; its own stack (state in .tmp/stack-faults), stopped
// after, whose front it asks over https. Ports: FAULTS_BENCH_PORT (3281) and the next five, or the
// STACK_* variables (bench/lib/stack.mjs, benchStackPorts).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { continueOnProjectNode, ROOT } from '../scripts/lib/bootstrap.mjs'
import { commandLine, descendantsOf } from '../scripts/lib/processTree.mjs'
import { completeContactFields } from './lib/contactFields.mjs'
import { csrfPair, signInAdmin } from './lib/session.mjs'
import { writeResultsSection } from './lib/results.mjs'
import { benchStackPorts, frontOrigin, runStack, stackEnv, trustStackCertificate } from './lib/stack.mjs'

// The stack's certificate is trusted through tls.setDefaultCACertificates, which Node 20 lacks.
continueOnProjectNode()

const BASE_PORT = Number(process.env.FAULTS_BENCH_PORT || 3281)
const PORTS = benchStackPorts(BASE_PORT)
const STACK_DIR = path.join(ROOT, '.tmp', 'stack-faults')
const FRONT = frontOrigin(PORTS)
const APPS = [PORTS.appA, PORTS.appB].map((port) => `http://127.0.0.1:${port}`)
const RESULTS_JSON = path.join(ROOT, 'bench', 'results', 'faults.json')
const SECTION_START = '<!-- faults:start -->'
const SECTION_END = '<!-- faults:end -->'

/** Pages the front keeps (cached), and one every visit asks the app for (a search). */
const CACHED_PAGES = ['/', '/pricing', '/faq', '/about']
const UNCACHED_PAGE = '/search?q=title'
const PAGE_LOOPS = 4
const CONTACT_EVERY_MS = 500
const CHAT_EVERY_MS = 500
/** An answer slower than this counts as hanging; the client gives up at the abort bound. */
const HANG_MS = 2_000
const ABORT_MS = 10_000
const STEADY_MS = 10_000
const OUTAGE_MS = 10_000
const AFTER_RECOVERY_MS = 5_000
const RECOVERY_GIVE_UP_MS = 60_000
/** A process that died mid-send leaves its mail to the others within a minute (its lease runs out). */
const DELIVERY_WAIT_MS = 90_000

const env = { ...process.env, ...stackEnv(STACK_DIR, PORTS), CONTACT_RATE_LIMIT_PER_MINUTE: '1000000' }
Object.assign(process.env, env)
// Read after the environment names this run's stack.
const services = await import('../deploy/lib/services.mjs')
const { STATE_FILE, UPLOADS_DIR } = await import('../deploy/lib/config.mjs')

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const seconds = (ms) => Number((ms / 1000).toFixed(1))

const stack = (command) => runStack(command, env)

/** The status of one request (0 when it failed or was aborted) and how long it took. */
async function timedRequest(url, init = {}) {
  const started = performance.now()
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(ABORT_MS) })
    const body = await response.text()
    return { status: response.status, ms: performance.now() - started, body }
  } catch {
    return { status: 0, ms: performance.now() - started, body: '' }
  }
}

// ---- what is recorded, per phase ---------------------------------------------------------------

let phase = null
const phases = []
function startPhase(name) {
  phase = { name, started: Date.now(), requests: {}, longestMs: 0, overHangMs: 0, maintenancePages: 0, notes: [] }
  phases.push(phase)
}
function record(kind, { status, ms, body }) {
  const current = phase
  const bucket = (current.requests[kind] ??= { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, failed: 0 })
  bucket[status === 0 ? 'failed' : `${String(status)[0]}xx`] += 1
  current.longestMs = Math.max(current.longestMs, ms)
  if (ms > HANG_MS) current.overHangMs += 1
  if (status >= 500 && body.includes('We’ll be right back')) current.maintenancePages += 1
}

// ---- the load ----------------------------------------------------------------------------------

let running = true

async function pageLoop(offset) {
  for (let i = offset; running; i++) {
    const page = CACHED_PAGES[i % CACHED_PAGES.length]
    record('cached pages', await timedRequest(FRONT + page, { headers: { 'accept-encoding': 'gzip' } }))
    if (i % 4 === 0) record('uncached page', await timedRequest(FRONT + UNCACHED_PAGE))
  }
}

const contact = { accepted: [], refused: 0 }
async function contactLoop(runId) {
  let csrf = await csrfPair(FRONT)
  for (let n = 1; running; n++) {
    const marker = `Faults ${runId} message ${n}`
    const answer = await timedRequest(`${FRONT}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: FRONT, Cookie: csrf.cookie, 'X-CSRF-Token': csrf.token },
      body: JSON.stringify({
        formId: 115,
        fields: completeContactFields(marker, {
          email: 'faults@example.com',
          service: 'lien-search',
          message: 'A contact request sent while parts of the site fail, one after the other.',
        }),
      }),
    })
    record('contact posts', answer)
    if (answer.status === 200) contact.accepted.push(marker)
    else contact.refused += 1
    if (answer.status === 403) csrf = await csrfPair(FRONT).catch(() => csrf)
    await sleep(CONTACT_EVERY_MS)
  }
}

/** One visitor who chats: its messages go through the front and come back on its own event stream. */
const chat = { sent: new Set(), received: new Set(), reconnects: 0 }
async function chatVisitor(runId) {
  const start = await fetch(`${FRONT}/api/chat/visitor`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: FRONT },
    body: JSON.stringify({ action: 'start', name: `Faults ${runId}` }),
  })
  const cookie = start.headers.getSetCookie()[0]?.split(';')[0]
  if (!cookie) throw new Error(`the chat gave no visitor cookie (${start.status})`)
  let lastEventId = 0
  const listen = async () => {
    while (running) {
      try {
        const response = await fetch(`${FRONT}/api/chat/stream?page=/faults`, {
          headers: { Cookie: cookie, ...(lastEventId ? { 'Last-Event-ID': String(lastEventId) } : {}) },
          signal: AbortSignal.timeout(120_000),
        })
        const reader = response.body.getReader()
        const decoder = new TextDecoder()
        let buffer = ''
        for (;;) {
          const { done, value } = await reader.read()
          if (done || !running) break
          buffer += decoder.decode(value, { stream: true })
          let end
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const lines = buffer.slice(0, end).split('\n')
            buffer = buffer.slice(end + 2)
            const field = (name) => lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2)
            if (field('event') !== 'chat') continue
            lastEventId = Math.max(lastEventId, Number(field('id')) || 0)
            // Kept whatever it says: an event can arrive before its post's own answer does.
            const text = JSON.parse(field('data')).text
            if (typeof text === 'string') chat.received.add(text)
          }
        }
      } catch {
        // the instance went away: resume from the last event, as the widget does
      }
      if (running) {
        chat.reconnects += 1
        await sleep(200)
      }
    }
  }
  const listening = listen()
  for (let n = 1; running; n++) {
    const text = `Faults ${runId} chat ${n}`
    const answer = await timedRequest(`${FRONT}/api/chat/visitor`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: FRONT, Cookie: cookie },
      body: JSON.stringify({ action: 'message', text }),
    })
    record('chat messages', answer)
    if (answer.status === 200) chat.sent.add(text)
    await sleep(CHAT_EVERY_MS)
  }
  return listening
}

// ---- the faults --------------------------------------------------------------------------------

const stackState = () => JSON.parse(fs.readFileSync(STATE_FILE, 'utf8'))
function updateStackState(change) {
  const state = stackState()
  change(state.processes)
  fs.writeFileSync(STATE_FILE, JSON.stringify(state, null, 2))
}

const healthOf = async (app) => {
  const answer = await timedRequest(`${app}/api/health`)
  try {
    return JSON.parse(answer.body)
  } catch {
    return null
  }
}

/** Milliseconds until `check` holds, from `since`. */
async function msUntil(check, since) {
  while (Date.now() - since < RECOVERY_GIVE_UP_MS) {
    if (await check()) return Date.now() - since
    await sleep(100)
  }
  return null
}

async function instanceFault() {
  startPhase('one app instance killed')
  const supervisor = stackState().processes.apps[0].pid
  const instance = descendantsOf(supervisor).find((pid) => commandLine(pid)?.includes('scripts/serve.mjs'))
  const killedAt = Date.now()
  process.kill(instance, 'SIGKILL')
  phase.recoveryS = seconds(
    await msUntil(async () => (await timedRequest(`${APPS[0]}/api/health/live`)).status === 200, killedAt),
  )
  phase.notes.push(`instance on port ${PORTS.appA} answering again ${phase.recoveryS} s after kill -9`)
  await sleep(Math.max(0, OUTAGE_MS - (Date.now() - killedAt)))
}

async function dependencyFault(name, pidOf, restart, healthy) {
  startPhase(`${name} killed for ${OUTAGE_MS / 1000} s`)
  process.kill(pidOf(stackState().processes), 'SIGKILL')
  await sleep(OUTAGE_MS)
  const record = await restart()
  const restartedAt = Date.now()
  updateStackState((processes) => Object.assign(processes, record))
  phase.recoveryS = seconds(
    await msUntil(async () => (await Promise.all(APPS.map(healthOf))).every(healthy), restartedAt),
  )
  phase.notes.push(`both instances healthy again ${phase.recoveryS} s after ${name} returned`)
  await sleep(AFTER_RECOVERY_MS)
}

// ---- the run -----------------------------------------------------------------------------------

const outboxMarkers = () => {
  const outbox = path.join(UPLOADS_DIR, 'outbox')
  const counts = new Map()
  if (!fs.existsSync(outbox)) return counts
  for (const file of fs.readdirSync(outbox)) {
    const text = fs.readFileSync(path.join(outbox, file), 'utf8').replace(/=\r?\n/g, '')
    const match = /Faults \d+ message \d+/.exec(text)
    if (match) counts.set(match[0], (counts.get(match[0]) ?? 0) + 1)
  }
  return counts
}

fs.rmSync(STACK_DIR, { recursive: true, force: true })
stack('start')
trustStackCertificate(STACK_DIR)
let result
try {
  const adminAuth = { Authorization: `JWT ${await signInAdmin(APPS[0], path.join(STACK_DIR, 'admin.json'))}` }
  // The proof-of-work captcha is per visitor by design; this measures what happens behind it.
  await fetch(`${APPS[0]}/api/forms/115`, {
    method: 'PATCH',
    headers: { ...adminAuth, 'Content-Type': 'application/json', Origin: APPS[0] },
    body: JSON.stringify({ captcha: false }),
  })
  for (const page of [...CACHED_PAGES, UNCACHED_PAGE]) await fetch(FRONT + page)
  const runId = Date.now()
  startPhase('steady')
  const load = [...Array.from({ length: PAGE_LOOPS }, (_, i) => pageLoop(i)), contactLoop(runId), chatVisitor(runId)]
  await sleep(STEADY_MS)
  await instanceFault()
  await dependencyFault(
    'Redis',
    (processes) => processes.redis.pid,
    async () => ({ redis: await services.startRedis() }),
    (health) => health?.redis === 'up',
  )
  await dependencyFault(
    'PostgreSQL',
    (processes) => processes.postgres.pid,
    async () => ({ postgres: await services.startPostgres() }),
    (health) => health?.database === 'up',
  )
  startPhase('steady again')
  await sleep(STEADY_MS)
  running = false
  await Promise.all(load)

  // Every accepted message stored once and mailed once; the delivery queue gets its time.
  const storedMarkers = async () => {
    const answer = await fetch(
      `${APPS[0]}/api/form-submissions?limit=0&depth=0&where[summary][like]=${encodeURIComponent(`Faults ${runId}`)}`,
      { headers: adminAuth },
    )
    return (await answer.json()).totalDocs
  }
  const deadline = Date.now() + DELIVERY_WAIT_MS
  while (Date.now() < deadline && outboxMarkers().size < contact.accepted.length) await sleep(1_000)
  const mailed = outboxMarkers()
  result = {
    measuredAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, loadAverage: os.loadavg().map((value) => Number(value.toFixed(2))) },
    phases: phases.map(({ name, requests, longestMs, overHangMs, maintenancePages, recoveryS, notes }) => ({
      name,
      requests,
      longestMs: Math.round(longestMs),
      overHangMs,
      maintenancePages,
      recoveryS: recoveryS ?? null,
      notes,
    })),
    contact: {
      accepted: contact.accepted.length,
      refused: contact.refused,
      stored: await storedMarkers(),
      emailed: [...mailed.keys()].filter((marker) => contact.accepted.includes(marker)).length,
      emailedTwice: [...mailed.values()].filter((count) => count > 1).length,
    },
    chat: {
      sent: chat.sent.size,
      received: [...chat.sent].filter((text) => chat.received.has(text)).length,
      lost: [...chat.sent].filter((text) => !chat.received.has(text)).length,
      streamReconnects: chat.reconnects,
    },
  }
} finally {
  running = false
  stack('stop')
}

fs.mkdirSync(path.dirname(RESULTS_JSON), { recursive: true })
fs.writeFileSync(RESULTS_JSON, `${JSON.stringify(result, null, 2)}\n`)

const classes = (requests) =>
  Object.entries(requests)
    .map(
      ([kind, counts]) =>
        `${kind}: ${Object.entries(counts)
          .filter(([, n]) => n)
          .map(([c, n]) => `${n} ${c}`)
          .join(', ')}`,
    )
    .join('; ')
const rows = result.phases.map(
  (p) =>
    `| ${p.name} | ${classes(p.requests)} | ${p.longestMs} ms | ${p.overHangMs} | ${p.maintenancePages} | ${p.recoveryS ?? '—'} |`,
)
const section = [
  SECTION_START,
  '## Faults',
  '',
  `\`node bench/faults.mjs\`, ${result.measuredAt} (${result.machine.cpus} cores, load ${result.machine.loadAverage.join(' ')}):`,
  'the production front under a steady load (4 page loops, a contact post and a chat message every 0.5 s),',
  'with one instance, then Redis, then PostgreSQL killed with `kill -9` and brought back.',
  '',
  '| phase | answers by status class | longest | over 2 s | maintenance pages | back after (s) |',
  '|---|---|---|---|---|---|',
  ...rows,
  '',
  `Contact: ${result.contact.accepted} accepted, ${result.contact.refused} refused (503 while the database was down), ${result.contact.stored} stored, ${result.contact.emailed} emailed, ${result.contact.emailedTwice} emailed twice.`,
  `Chat: ${result.chat.sent} messages sent, ${result.chat.received} received on the visitor's stream (${result.chat.lost} lost), ${result.chat.streamReconnects} stream reconnects.`,
  SECTION_END,
].join('\n')
writeResultsSection(section, SECTION_START, SECTION_END)
console.log(`\n${section}`)
