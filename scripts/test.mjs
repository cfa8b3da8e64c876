// `npm test`: on a fresh clone, install what the suites need, then run every suite and end
// with one summary line.
import fs from 'node:fs'
import path from 'node:path'
import { STACK_PACKAGES } from '../deploy/lib/services.mjs'
import {
  continueOnProjectNode,
  ensureBuiltBeside,
  ensureDebianPackages,
  ensureInstalled,
  ROOT,
} from './lib/bootstrap.mjs'
import { busyShare, readProcessorTimes } from './lib/machineLoad.mjs'
import { allPids, commandLine, parentOf } from './lib/processTree.mjs'
import {
  failureLines,
  playwrightDurations,
  playwrightFailures,
  slowestLines,
  vitestDurations,
  vitestFailures,
} from './lib/testReports.mjs'
import { runWatched } from './lib/watchdog.mjs'

/** @typedef {{ passed: number, failed: number, skipped: number }} TestCounts */

const REPORT_DIR = path.join(ROOT, '.tmp', 'reports')
/** When `npm test` started, carried over when it goes on under the project's Node (its install counts too). */
const RUN_STARTED_AT = Number(process.env.NPM_TEST_STARTED_AT || Date.now())
process.env.NPM_TEST_STARTED_AT = String(RUN_STARTED_AT)
/** The processors' counters once this process started (the install before it is left out of the whole run's share). */
const RUN_STARTED_TIMES = readProcessorTimes()

/**
 * The stack's packages (PostgreSQL for the migration suite and the production stack, Redis for
 * shared limits and the shared page cache, nginx and its brotli module for the production front),
 * Debian's Chromium for the browser suites, and the tools some suites call.
 */
/** @type {[file: string, pkg: string][]} */
const TEST_PACKAGES = [
  ...STACK_PACKAGES,
  ['/usr/bin/chromium-headless-shell', 'chromium-headless-shell'],
  // Reads a stuck test worker's stack for the browser suite's watchdog.
  ['/usr/bin/gdb', 'gdb'],
  // Checks the server's systemd units (tests/integration/server-units.test.ts).
  ['/usr/bin/systemd-analyze', 'systemd'],
  // Checks the server's logrotate rules (the same suite, and tests/integration/server-front.test.ts).
  ['/usr/sbin/logrotate', 'logrotate'],
  // Let's Encrypt's test CA and its DNS, for the certificate by ACME (tests/integration/acme.test.ts).
  ['/usr/bin/pebble', 'pebble'],
  // Make and boot the Debian server of tests/server (tests/server/support/container.ts names them too).
  ['/usr/sbin/debootstrap', 'debootstrap'],
  ['/usr/bin/systemd-nspawn', 'systemd-container'],
]

/**
 * @param {{ numPassedTests: number, numFailedTests: number, numPendingTests: number, numTodoTests: number }} report
 * @returns {TestCounts}
 */
function countVitest(report) {
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  }
}

/**
 * @param {{ stats: { expected: number, unexpected: number, flaky: number, skipped: number } }} report
 * @returns {TestCounts}
 */
function countPlaywright({ stats }) {
  return { passed: stats.expected, failed: stats.unexpected + stats.flaky, skipped: stats.skipped }
}

/**
 * How long a suite may print nothing before it counts as stuck and is ended. Inside the browser
 * suite a worker is ended after 3 minutes without progress (tests/e2e/support/watchdogReporter.ts);
 * this is the bound for a stuck runner.
 */
const SUITE_SILENCE_MS = 10 * 60_000

/**
 * Stops throwaway PostgreSQL clusters (tests/support/postgres.ts) that lost their test process:
 * their folder is gone, or their parent is no longer the Node process that started them (it was
 * killed). Then removes their folder.
 */
function stopOrphanedTestClusters() {
  for (const pid of allPids()) {
    const args = commandLine(pid)
    if (!args?.length || !path.basename(args[0]).startsWith('postgres') || !args.includes('-D')) continue
    const dataDir = args[args.indexOf('-D') + 1]
    if (!dataDir?.includes('/site-pg-')) continue
    const parentPid = parentOf(pid)
    if (parentPid == null) continue
    const parent = commandLine(parentPid)
    const owned = parent?.length && path.basename(parent[0]).startsWith('node')
    if (owned && fs.existsSync(dataDir)) continue
    try {
      process.kill(pid, 'SIGQUIT')
      console.log(`> Stopped an orphaned test PostgreSQL (pid ${pid}, ${dataDir}).`)
    } catch {
      // already gone
    }
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true })
  }
}

const testEnv = {
  ...process.env,
  PAYLOAD_SECRET: process.env.PAYLOAD_SECRET || 'test-secret-not-for-production',
  NEXT_TELEMETRY_DISABLED: '1',
}

/** @type {string[]} */
const steps = []
let failed = false
/**
 * A phase's seconds, and how busy the processors were meanwhile (a phase at 50 % left a core idle).
 * @param {number} started
 * @param {import('./lib/machineLoad.mjs').ProcessorTimes | null} before
 */
function timing(started, before) {
  const share = busyShare(before, readProcessorTimes())
  const seconds = Math.round((Date.now() - started) / 1000)
  return share === null ? `${seconds} s` : `${seconds} s, processors ${Math.round(share * 100)} % busy`
}

/**
 * @param {string} name
 * @param {() => Promise<unknown>} fn
 */
async function step(name, fn) {
  const started = Date.now()
  const before = readProcessorTimes()
  try {
    await fn()
    steps.push(`${name}: ok (${timing(started, before)})`)
  } catch (error) {
    failed = true
    steps.push(`${name}: FAILED (${error instanceof Error ? error.message : error}) (${timing(started, before)})`)
  }
}

/**
 * Runs a suite through the silence watchdog; a stuck one fails its step with its last line.
 * @param {string} command
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 */
async function runSuite(command, args, env) {
  const outcome = await runWatched(command, args, { env, cwd: ROOT, silenceMs: SUITE_SILENCE_MS })
  if (outcome.stalled) {
    const minutes = Math.round(outcome.stalled.silentMs / 60_000)
    throw new Error(`stuck: nothing printed for ${minutes} min after "${outcome.stalled.lastLine}"`)
  }
  if (outcome.code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${outcome.code ?? outcome.signal}`)
}

try {
  ensureInstalled()
  continueOnProjectNode()
  ensureDebianPackages(TEST_PACKAGES)
} catch (error) {
  console.error(`npm test could not set up: ${error instanceof Error ? error.message : error}`)
  process.exit(1)
}
steps.push(`set-up (install, Debian packages): ok (${Math.round((Date.now() - RUN_STARTED_AT) / 1000)} s)`)
fs.rmSync(REPORT_DIR, { recursive: true, force: true })
fs.mkdirSync(REPORT_DIR, { recursive: true })

/**
 * Runs jobs side by side and waits for all of them, failing when any failed.
 * @param {Promise<unknown>[]} jobs
 */
async function allOf(jobs) {
  const outcomes = await Promise.allSettled(jobs)
  const reasons = outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => outcome.reason)
  if (reasons.length)
    throw new Error(reasons.map((reason) => (reason instanceof Error ? reason.message : reason)).join('; '))
}

await step('type-check and lint', () =>
  allOf([
    runSuite('npx', ['tsc', '--noEmit'], testEnv),
    runSuite('npx', ['eslint', '.', '--max-warnings=0'], testEnv),
    runSuite('npx', ['prettier', '--check', '.'], testEnv),
  ]),
)
/**
 * Runs Vitest with `args`, its report in `report`.
 * @param {string[]} args
 * @param {string} report
 */
const vitest = (args, report) =>
  runSuite(
    'npx',
    [
      'vitest',
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(REPORT_DIR, report)}`,
    ],
    testEnv,
  )
/**
 * Runs Vitest projects (vitest.config.ts) with their report in `report`.
 * @param {string[]} projects
 * @param {string} report
 */
const vitestProjects = (projects, report) =>
  vitest(
    projects.flatMap((project) => ['--project', project]),
    report,
  )

await step('unit and integration (vitest, two workers)', () => vitestProjects(['unit', 'integration'], 'vitest.json'))
stopOrphanedTestClusters()
// The suites that must run alone take one core; the build takes the other.
await step('operations suites (vitest, one at a time) beside the production build', () =>
  allOf([vitestProjects(['alone'], 'vitest-alone.json'), ensureBuiltBeside(testEnv)]),
)
stopOrphanedTestClusters()
await step('browser (playwright)', () =>
  runSuite('npx', ['playwright', 'test'], {
    ...testEnv,
    PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(REPORT_DIR, 'playwright.json'),
  }),
)

// Last, alone: the server's suite takes 80 and 443 on this machine, and its release is the build above.
await step('a Debian 12 server, booted in a container (vitest, tests/server)', () =>
  vitest(['--config', 'vitest.server.config.ts'], 'vitest-server.json'),
)

const totals = { passed: 0, failed: 0, skipped: 0 }
/** @type {string[]} */
const slowest = []
/** @type {string[]} */
const failures = []
/**
 * @typedef {[string, string, typeof countVitest, typeof vitestDurations, typeof vitestFailures]} VitestReading
 * @typedef {[string, string, typeof countPlaywright, typeof playwrightDurations, typeof playwrightFailures]} PlaywrightReading
 * @type {(VitestReading | PlaywrightReading)[]}
 */
const REPORTS = [
  ['vitest.json', 'Vitest', countVitest, vitestDurations, vitestFailures],
  ['vitest-alone.json', 'Vitest, operations', countVitest, vitestDurations, vitestFailures],
  ['playwright.json', 'Playwright', countPlaywright, playwrightDurations, playwrightFailures],
  ['vitest-server.json', 'Vitest, the server', countVitest, vitestDurations, vitestFailures],
]
for (const [file, runner, count, durations, failuresOf] of REPORTS) {
  const full = path.join(REPORT_DIR, file)
  if (!fs.existsSync(full)) {
    failed = true
    steps.push(`${file}: no report (the suite did not run)`)
    continue
  }
  const report = JSON.parse(fs.readFileSync(full, 'utf8'))
  slowest.push(`  The slowest tests (${runner}):`, ...slowestLines(durations(report)).map((line) => `    ${line}`))
  const failedHere = failureLines(failuresOf(report))
  if (failedHere.length) failures.push(`  Failed (${runner}):`, ...failedHere.map((line) => `    ${line}`))
  const counts = count(report)
  totals.passed += counts.passed
  totals.failed += counts.failed
  totals.skipped += counts.skipped
}
if (totals.failed || totals.skipped) failed = true

console.log('\n' + slowest.join('\n'))
// Last before the phases, so that the tail of a CI log names what broke.
if (failures.length) console.log('\n' + failures.join('\n'))
console.log(
  '\n' +
    [...steps, `the whole run: ${timing(RUN_STARTED_AT, RUN_STARTED_TIMES)}`].map((line) => `  ${line}`).join('\n'),
)
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`)
process.exit(failed ? 1 : 0)
