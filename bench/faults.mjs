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
import { continueOnProjectNode } from '../scripts/lib/bootstrap.mjs'
import { commandLine, descendantsOf } from '../scripts/lib/processTree.mjs'
import { chat, chatVisitor, contact, contactLoop, pageLoop, stopLoad } from './lib/faultsLoad.mjs'
import { phases, startPhase, timedRequest } from './lib/faultsPhases.mjs'
import { faultsSection } from './lib/faultsReport.mjs'
import {
  AFTER_RECOVERY_MS,
  APPS,
  CACHED_PAGES,
  DELIVERY_WAIT_MS,
  FRONT,
  OUTAGE_MS,
  PAGE_LOOPS,
  PORTS,
  RECOVERY_GIVE_UP_MS,
  RESULTS_JSON,
  SECTION_END,
  SECTION_START,
  STACK_DIR,
  STEADY_MS,
  UNCACHED_PAGE,
} from './lib/faultsSettings.mjs'
import { signInAdmin } from './lib/session.mjs'
import { writeResultsSection } from './lib/results.mjs'
import { runStack, stackEnv, trustStackCertificate } from './lib/stack.mjs'
import { OUTBOX_FOLDER } from '../src/platform/dataFolder.mjs'

// The stack's certificate is trusted through tls.setDefaultCACertificates, which Node 20 lacks.
continueOnProjectNode()

const env = { ...process.env, ...stackEnv(STACK_DIR, PORTS), CONTACT_RATE_LIMIT_PER_MINUTE: '1000000' }
Object.assign(process.env, env)
// Read after the environment names this run's stack.
const services = await import('../deploy/lib/services.mjs')
const { STATE_FILE, UPLOADS_DIR } = await import('../deploy/lib/config.mjs')

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms))
/** Seconds to a tenth; none (a part that did not come back in time) as 0, as the results have it. */
const seconds = (/** @type {number | null} */ ms) => Number(((ms ?? 0) / 1000).toFixed(1))

const stack = (/** @type {string} */ command) => runStack(command, env)

/** The processes the stack records, as this run reads and changes them. */
/** @typedef {import('../deploy/lib/stackState.mjs').StackState['processes']} StackProcesses */

// ---- the faults --------------------------------------------------------------------------------

/** @returns {import('../deploy/lib/stackState.mjs').StackState} */
const stackState = () => JSON.parse(fs.readFileSync(STATE_FILE, 'utf8'))
/** @param {(processes: StackProcesses) => void} change */
function updateStackState(change) {
  const state = stackState()
  change(state.processes)
  fs.writeFileSync(STATE_FILE, JSON.stringify(state, null, 2))
}

/** @returns {Promise<{ redis?: string, database?: string } | null>} what /api/health says, null when it is not JSON */
const healthOf = async (/** @type {string} */ app) => {
  const answer = await timedRequest(`${app}/api/health`)
  try {
    return JSON.parse(answer.body)
  } catch {
    return null
  }
}

/**
 * Milliseconds until `check` holds, from `since`.
 * @param {() => Promise<boolean>} check
 * @param {number} since
 * @returns {Promise<number | null>} null when it did not hold within RECOVERY_GIVE_UP_MS
 */
async function msUntil(check, since) {
  while (Date.now() - since < RECOVERY_GIVE_UP_MS) {
    if (await check()) return Date.now() - since
    await sleep(100)
  }
  return null
}

async function instanceFault() {
  const phase = startPhase('one app instance killed')
  const supervisor = stackState().processes.apps[0].pid
  const instance = descendantsOf(supervisor).find((pid) => commandLine(pid)?.includes('scripts/serve.mjs'))
  const killedAt = Date.now()
  process.kill(/** @type {number} */ (instance), 'SIGKILL')
  phase.recoveryS = seconds(
    await msUntil(async () => (await timedRequest(`${APPS[0]}/api/health/live`)).status === 200, killedAt),
  )
  phase.notes.push(`instance on port ${PORTS.appA} answering again ${phase.recoveryS} s after kill -9`)
  await sleep(Math.max(0, OUTAGE_MS - (Date.now() - killedAt)))
}

/**
 * @param {string} name
 * @param {(processes: StackProcesses) => number | undefined} pidOf
 * @param {() => Promise<Partial<StackProcesses>>} restart
 * @param {(health: { redis?: string, database?: string } | null) => boolean} healthy
 */
async function dependencyFault(name, pidOf, restart, healthy) {
  const phase = startPhase(`${name} killed for ${OUTAGE_MS / 1000} s`)
  process.kill(/** @type {number} */ (pidOf(stackState().processes)), 'SIGKILL')
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
  const outbox = path.join(UPLOADS_DIR, OUTBOX_FOLDER)
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
/** @type {import('./lib/faultsReport.mjs').FaultsResult | undefined} */
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
    (processes) => processes.redis?.pid,
    async () => ({ redis: await services.startRedis() }),
    (health) => health?.redis === 'up',
  )
  await dependencyFault(
    'PostgreSQL',
    (processes) => processes.postgres?.pid,
    async () => ({ postgres: await services.startPostgres() }),
    (health) => health?.database === 'up',
  )
  startPhase('steady again')
  await sleep(STEADY_MS)
  stopLoad()
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
  stopLoad()
  stack('stop')
}

fs.mkdirSync(path.dirname(RESULTS_JSON), { recursive: true })
fs.writeFileSync(RESULTS_JSON, `${JSON.stringify(result, null, 2)}\n`)

const section = faultsSection(result)
writeResultsSection(section, SECTION_START, SECTION_END)
console.log(`\n${section}`)
