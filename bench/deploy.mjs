// `node bench/deploy.mjs`: page views through the production front (deploy/stack.mjs, over https)
// for the whole of a deploy (`deploy/stack.mjs deploy --release FILE`: a release made once before
// by `npm run release`, unpacked beside the running one, migrated, and the instances moved
// to it one at a time; with DEPLOY_BENCH_FROM=build, `deploy/stack.mjs deploy`, which builds the
// release beside the running one instead) and then of a rollback. Records, for each,
// the answers by status, socket errors and timeouts, p99 and the longest answer, and which release
// the instances serve after; and, through the same front, chat conversations held open meanwhile
// (bench/lib/chatDuringDeploy.mjs): reconnects, messages sent, received, lost and duplicated, and the
// longest gap. Writes bench/results/deploy.json and the "Deploys" section of bench/RESULTS.md. Loopback only; its own stack (state in .tmp/stack-deploy), stopped after.
// Ports: DEPLOY_BENCH_PORT (3291) and the next five, or the STACK_* variables.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { continueOnProjectNode, ROOT } from '../scripts/lib/bootstrap.mjs'
import { holdChats } from './lib/chatDuringDeploy.mjs'
import { madeRelease } from './lib/releaseMade.mjs'
import { releaseOf, visitPage } from './lib/pageVisits.mjs'
import { writeResultsSection } from './lib/results.mjs'
import { benchStackPorts, frontOrigin, runStack, stackEnv, trustStackCertificate } from './lib/stack.mjs'

// The stack's certificate is trusted through tls.setDefaultCACertificates, which Node 20 lacks.
continueOnProjectNode()

const PORTS = benchStackPorts(Number(process.env.DEPLOY_BENCH_PORT || 3291))
const STACK_DIR = path.join(ROOT, '.tmp', 'stack-deploy')
const FRONT = frontOrigin(PORTS)
const RESULTS_JSON = path.join(ROOT, 'bench', 'results', 'deploy.json')
const SECTION_START = '<!-- deploy:start -->'
const SECTION_END = '<!-- deploy:end -->'
/** Pages a visitor reads, asked in turn. */
const PAGES = ['/', '/pricing', '/faq', '/contact']
/** A steady visitor load, not a flood: the build of the release shares the machine with it. */
const REQUESTS_PER_SECOND = 100
/** An answer slower than this counts as a timeout. */
const TIMEOUT_S = 10
/** The goal (issue 24): p99 under this, and no answer but 2xx. */
const P99_GOAL_MS = 100
/** The goal (issue 51): a deploy's p99 at most this many times the steady p99. */
const P99_RATIO_GOAL = 2
/** What the deploy starts from: a release archive made before (`release`, as on a server), or the checkout, built beside (`build`). */
const DEPLOY_FROM = process.env.DEPLOY_BENCH_FROM || 'release'
if (!['release', 'build'].includes(DEPLOY_FROM))
  throw new Error(`DEPLOY_BENCH_FROM is release or build, not ${DEPLOY_FROM}`)
const ARCHIVE_DIR = path.join(ROOT, '.tmp', 'stack-deploy-archives')
/** Chats open during each phase, each a visitor and the one agent, each side sending every CHAT_INTERVAL_MS. */
const CHAT_CONVERSATIONS = 4
const CHAT_INTERVAL_MS = 1_000

const env = { ...process.env, ...stackEnv(STACK_DIR, PORTS) }
const stack = (/** @type {string} */ command) => runStack(command, env)

/** The same load for a while with nothing happening: the reference the deploy's figures compare with. */
const STEADY_MS = 15_000
const ABORT_MS = TIMEOUT_S * 1000
const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** What the load met: answers by kind, pages sent again on a new connection, and each one's time. */
/** @typedef {{ ok2xx: number, non2xx: number, errors: number, timeouts: number, retried: number, latencies: number[] }} Tally */

/**
 * One page asked for (sent again as a browser would, counted): what happened and how long it took.
 * @param {string} url
 * @param {Tally} tally
 */
async function visit(url, tally) {
  const started = performance.now()
  try {
    const { status, sentAgain } = await visitPage(url, ABORT_MS)
    tally.latencies.push(performance.now() - started)
    if (sentAgain) tally.retried++
    if (status >= 200 && status < 300) tally.ok2xx++
    else tally.non2xx++
  } catch (error) {
    if (/** @type {Error} */ (error).name === 'TimeoutError') tally.timeouts++
    else tally.errors++
  }
}

/**
 * Runs `deploy/stack.mjs <command>` while visitors ask the front for pages, a request every
 * 1/REQUESTS_PER_SECOND s whatever the answers take (an open loop: a slow answer does not slow
 * the asking); both end together. With no command, the load runs STEADY_MS alone.
 * @param {string | null} command
 */
async function underLoad(command) {
  const chats = await holdChats({
    origin: FRONT,
    agentFile: path.join(STACK_DIR, 'admin.json'),
    conversations: CHAT_CONVERSATIONS,
    intervalMs: CHAT_INTERVAL_MS,
  })
  /** @type {Tally} */
  const tally = { ok2xx: 0, non2xx: 0, errors: 0, timeouts: 0, retried: 0, latencies: [] }
  const inFlight = new Set()
  let running = true
  const asking = (async () => {
    for (let n = 0; running; n++) {
      const request = visit(`${FRONT}${PAGES[n % PAGES.length]}`, tally)
      inFlight.add(request)
      void request.finally(() => inFlight.delete(request))
      await sleep(1000 / REQUESTS_PER_SECOND)
    }
  })()
  const started = performance.now()
  const status = command
    ? await new Promise((resolve) => {
        const child = spawn(process.execPath, ['deploy/stack.mjs', ...command.split(' ')], {
          cwd: ROOT,
          env,
          stdio: 'inherit',
        })
        child.on('exit', (code) => resolve(code))
      })
    : await sleep(STEADY_MS).then(() => 0)
  const seconds = Number(((performance.now() - started) / 1000).toFixed(1))
  running = false
  await asking
  await Promise.all(inFlight)
  const chat = await chats.finish()
  if (status !== 0) throw new Error(`deploy/stack.mjs ${command} failed`)
  const sorted = tally.latencies.sort((a, b) => a - b)
  const percentile = (/** @type {number} */ p) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0)
  return {
    command: command ? command.replace(/--release \S+/, '--release FILE') : 'none (steady)',
    seconds,
    requests: tally.ok2xx + tally.non2xx + tally.errors + tally.timeouts,
    ok2xx: tally.ok2xx,
    non2xx: tally.non2xx,
    errors: tally.errors,
    timeouts: tally.timeouts,
    retriedOnClosedConnection: tally.retried,
    p50Ms: percentile(50),
    p99Ms: percentile(99),
    maxMs: Math.round(sorted.at(-1) ?? 0),
    releases: [await releaseOf(`http://127.0.0.1:${PORTS.appA}`), await releaseOf(`http://127.0.0.1:${PORTS.appB}`)],
    chat,
  }
}

/**
 * The release archive the deploy takes, made before the stack starts as on a build machine (built
 * once, with its name as build id, so that each instance says which release it serves); null with
 * DEPLOY_FROM=build.
 */
function releaseArchive() {
  if (DEPLOY_FROM !== 'release') return null
  fs.rmSync(ARCHIVE_DIR, { recursive: true, force: true })
  return madeRelease(ARCHIVE_DIR, { show: true })
}

fs.rmSync(STACK_DIR, { recursive: true, force: true })
const archive = await releaseArchive()
stack('start')
trustStackCertificate(STACK_DIR)
/** @type {(Awaited<ReturnType<typeof underLoad>> & { p99TimesSteady?: number })[]} */
const phases = []
try {
  // Every page once on each instance and through the front, so the load starts from warm caches as a
  // running site's would: a page the front has not kept yet holds every request for it behind the
  // first one, on nginx's cache lock, which looks again every 500 ms.
  const origins = [`http://127.0.0.1:${PORTS.appA}`, `http://127.0.0.1:${PORTS.appB}`, FRONT]
  for (const origin of origins) for (const page of PAGES) await (await fetch(`${origin}${page}`)).arrayBuffer()
  phases.push(await underLoad(null))
  phases.push(await underLoad(archive ? `deploy --release ${archive}` : 'deploy'))
  phases.push(await underLoad('rollback'))
} finally {
  stack('stop')
  fs.rmSync(ARCHIVE_DIR, { recursive: true, force: true })
}
const steadyP99 = phases[0].p99Ms
for (const phase of phases) phase.p99TimesSteady = Number((phase.p99Ms / Math.max(1, steadyP99)).toFixed(2))

const machine = { cores: os.cpus().length, loadAverageAfter: os.loadavg().map((value) => Number(value.toFixed(2))) }
fs.writeFileSync(
  RESULTS_JSON,
  `${JSON.stringify({ measuredAt: new Date().toISOString(), machine, deployFrom: DEPLOY_FROM, requestsPerSecond: REQUESTS_PER_SECOND, pages: PAGES, chatConversations: CHAT_CONVERSATIONS, chatIntervalMs: CHAT_INTERVAL_MS, phases }, null, 2)}\n`,
)
const rows = phases.map(
  (phase) =>
    `| ${phase.command} | ${phase.seconds} s | ${phase.requests} | ${phase.non2xx} | ${phase.errors} | ${phase.timeouts} | ` +
    `${phase.retriedOnClosedConnection} | ${phase.p50Ms} ms | ${phase.p99Ms} ms | ${phase.p99TimesSteady} × | ${phase.maxMs} ms | ${phase.releases.join(', ')} |`,
)
const chatRows = phases.map(
  ({ command, chat }) =>
    `| ${command} | ${chat.streams} | ${chat.reconnects} | ${chat.sent} | ${chat.received} | ${chat.lost} | ${chat.duplicated} | ` +
    `${chat.sendFailures} | ${chat.unconfirmedReceived} | ${chat.sentAgain} | ${chat.longestGapMs} ms | ${chat.p99DeliveryMs} ms | ${chat.longestDeliveryMs} ms |`,
)
const section = `${SECTION_START}
## Deploys under load (\`node bench/deploy.mjs\`)

${new Date().toISOString().slice(0, 10)}, ${machine.cores} cores, load average ${machine.loadAverageAfter.join(' / ')} after.
Node's fetch (kept-alive connections), a request every ${1000 / REQUESTS_PER_SECOND} ms whatever the answers take (${REQUESTS_PER_SECOND}/s, an open loop),
over https asking ${PAGES.join(', ')} in turn through the front for the
whole of ${
  DEPLOY_FROM === 'release'
    ? '\`deploy/stack.mjs deploy --release FILE\` (a release made before the stack started by \`npm run release\`, as on a build machine: unpacked beside the running one, nothing built'
    : '\`deploy/stack.mjs deploy\` (\`DEPLOY_BENCH_FROM=build\`: a release copied and built beside the running one'
}, migrated, each
instance taken out of nginx's upstream, stopped with SIGTERM, started from the release and put back
once it answers) and then of \`rollback\`, after ${STEADY_MS / 1000} s of the same load with nothing happening (the reference). Goal: no answer but 2xx, no socket error, p99 under
${P99_GOAL_MS} ms and at most ${P99_RATIO_GOAL} × the steady p99 (*× steady*). A request that went out on a kept-alive connection nginx had just closed (it closes
its idle ones at each reload) is sent once more, as browsers do, and counted under *sent again*; its
time includes the retry.

| command | took | answers | non-2xx | socket errors | timeouts | sent again | p50 | p99 | × steady | longest | release after (each instance) |
|---|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Chat meanwhile, through the same front: ${CHAT_CONVERSATIONS} conversations, each a visitor holding the chat's event
stream and the one agent holding the console's (${CHAT_CONVERSATIONS + 1} streams), visitor and agent each sending a message every
${CHAT_INTERVAL_MS / 1000} s, alternately. A stream that ends reconnects by itself, as the widget's and the console's do (src/chat/widget/stream.ts):
after their backoff (500 ms, doubling while it fails), resuming after the last chat event it holds (\`lastEventId\`). *Received*: messages
sent (the POST answered 2xx) that reached the other side; *lost*: sent and never received (waited for up to 15 s
after the phase); *duplicated*: received more than once; *send failures*: a POST not answered 2xx (not counted as
sent); *unconfirmed*: received although its POST failed (stored all the same); *gap*: from a stream ending to it being in step again (\`synced\`); *delivery*: from the POST to the other
side's stream.

| command | streams | reconnects | sent | received | lost | duplicated | send failures | unconfirmed | sent again | longest gap | p99 delivery | longest delivery |
|---|---|---|---|---|---|---|---|---|---|---|---|---|
${chatRows.join('\n')}
${SECTION_END}`
writeResultsSection(section, SECTION_START, SECTION_END)
console.log(`\n${section}`)
