// `npm test`: on a fresh clone, install what the suites need, then run every suite and end
// with one summary line.
import fs from 'node:fs'
import path from 'node:path'
import { ensureBuilt, ensureInstalled, ROOT, run } from './lib/bootstrap.mjs'

const REPORT_DIR = path.join(ROOT, '.tmp', 'reports')

function aptInstall(packages) {
  const sudo = process.getuid?.() === 0 ? [] : ['sudo']
  const apt = (...args) => (sudo.length ? run('sudo', ['apt-get', ...args], aptEnv) : run('apt-get', args, aptEnv))
  const aptEnv = { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }
  apt('update')
  apt('install', '-y', '--no-install-recommends', ...packages)
}

/**
 * Debian's Chromium for the browser suites, PostgreSQL for the migration suite and the production
 * stack, Redis for shared limits and the shared page cache, nginx for the production front.
 */
function ensureSystemPackages() {
  const missing = []
  if (!fs.existsSync('/usr/bin/chromium')) missing.push('chromium')
  if (!fs.existsSync('/usr/lib/postgresql')) missing.push('postgresql')
  if (!fs.existsSync('/usr/bin/redis-server')) missing.push('redis-server')
  if (!fs.existsSync('/usr/sbin/nginx')) missing.push('nginx')
  if (!missing.length) return
  console.log(`> Installing ${missing.join(', ')} from Debian's packages…`)
  aptInstall(missing)
}

function countVitest(file) {
  const report = JSON.parse(fs.readFileSync(file, 'utf8'))
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  }
}

function countPlaywright(file) {
  const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'))
  return { passed: stats.expected, failed: stats.unexpected + stats.flaky, skipped: stats.skipped }
}

/** The command line of a process, or null when it is gone. */
function commandLine(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
  } catch {
    return null
  }
}

/**
 * Stops throwaway PostgreSQL clusters (tests/support/postgres.ts) that lost their test process:
 * their folder is gone, or their parent is no longer the Node process that started them (it was
 * killed). Then removes their folder.
 */
function stopOrphanedTestClusters() {
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const args = commandLine(pid)
    if (!args || !path.basename(args[0]).startsWith('postgres') || !args.includes('-D')) continue
    const dataDir = args[args.indexOf('-D') + 1]
    if (!dataDir?.includes('/site-pg-')) continue
    let parent = null
    try {
      // Field 4 of /proc/<pid>/stat, after the command name in parentheses.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
      parent = commandLine(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
    } catch {
      continue
    }
    const owned = parent && path.basename(parent[0]).startsWith('node')
    if (owned && fs.existsSync(dataDir)) continue
    try {
      process.kill(Number(pid), 'SIGQUIT')
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
  CHROME_PATH: '/usr/bin/chromium',
  NEXT_TELEMETRY_DISABLED: '1',
}

const steps = []
let failed = false
function step(name, fn) {
  const started = Date.now()
  try {
    fn()
    steps.push(`${name}: ok (${Math.round((Date.now() - started) / 1000)} s)`)
  } catch (error) {
    failed = true
    steps.push(`${name}: FAILED (${error instanceof Error ? error.message : error})`)
  }
}

try {
  ensureInstalled()
  ensureSystemPackages()
} catch (error) {
  console.error(`npm test could not set up: ${error instanceof Error ? error.message : error}`)
  process.exit(1)
}
fs.rmSync(REPORT_DIR, { recursive: true, force: true })
fs.mkdirSync(REPORT_DIR, { recursive: true })

step('type-check', () => run('npx', ['tsc', '--noEmit'], { env: testEnv }))
step('lint', () => {
  run('npx', ['eslint', '.', '--max-warnings=0'], { env: testEnv })
  run('npx', ['prettier', '--check', '.'], { env: testEnv })
})
step('unit and integration (vitest)', () =>
  run(
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(REPORT_DIR, 'vitest.json')}`,
    ],
    {
      env: testEnv,
    },
  ),
)
stopOrphanedTestClusters()
step('production build', () => ensureBuilt(testEnv))
step('browser (playwright)', () =>
  run('npx', ['playwright', 'test'], {
    env: { ...testEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(REPORT_DIR, 'playwright.json') },
  }),
)

const totals = { passed: 0, failed: 0, skipped: 0 }
for (const [file, count] of [
  ['vitest.json', countVitest],
  ['playwright.json', countPlaywright],
]) {
  const full = path.join(REPORT_DIR, file)
  if (!fs.existsSync(full)) {
    failed = true
    steps.push(`${file}: no report (the suite did not run)`)
    continue
  }
  const counts = count(full)
  totals.passed += counts.passed
  totals.failed += counts.failed
  totals.skipped += counts.skipped
}
if (totals.failed || totals.skipped) failed = true

console.log('\n' + steps.map((line) => `  ${line}`).join('\n'))
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`)
process.exit(failed ? 1 : 0)
