import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { commandLine } from '../../scripts/lib/processTree.mjs'
import { runWatched } from '../../scripts/lib/watchdog.mjs'

const ROOT = path.resolve(__dirname, '../..')
const STUCK_PROJECT = path.join(ROOT, 'tests/support/stuckWorker')
/** The watchdogs' allowances in these tests, short so that a stall shows within seconds. */
const STALL_MS = 5_000

type Spec = { title: string; tests: { results: { status: string }[] }[] }
/** How the run ended, what it printed, and each test's status by title (from its JSON report). */
type RunOutcome = { code: number | null; output: string; elapsedMs: number; outcomes: Record<string, string> }

/** Runs the stuck project with `env` (its watchdog allowance and workers) and reads its report. */
async function runStuckProject(env: Record<string, string>): Promise<RunOutcome> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'stuck-worker-'))
  const jsonFile = path.join(work, 'result.json')
  const started = Date.now()
  try {
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        [path.join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', '--config', 'playwright.config.ts'],
        {
          cwd: STUCK_PROJECT,
          env: { ...process.env, E2E_WORKER_STALL_MS: String(STALL_MS), PLAYWRIGHT_JSON_OUTPUT_NAME: jsonFile, ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      )
      let text = ''
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()))
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()))
      child.on('close', (exit) => resolve({ code: exit, output: text }))
    })
    const { suites } = JSON.parse(fs.readFileSync(jsonFile, 'utf8')) as { suites: { specs: Spec[] }[] }
    const outcomes = Object.fromEntries(
      suites.flatMap((suite) => suite.specs.map((spec) => [spec.title, spec.tests[0].results[0]?.status])),
    )
    return { code, output, elapsedMs: Date.now() - started, outcomes }
  } finally {
    fs.rmSync(work, { recursive: true, force: true })
  }
}

describe('a browser-suite worker whose main thread is blocked for good', () => {
  it('is ended by the watchdog, which names the test and its stack; the run goes on and fails', async () => {
    const run = await runStuckProject({})
    expect(run.code, run.output).not.toBe(0)
    expect(run.output).toMatch(/Watchdog: no progress for \d+ s in stuck\.spec\.ts:\d+ › a test that blocks its worker/)
    // Its stack, read by gdb, shows where it was stuck: the wait its test started.
    expect(run.output).toMatch(/Watchdog: worker \d+ was at[\s\S]*AtomicsWait/)
    expect(run.output).toContain('the run failed because a worker was stuck')
    expect(run.outcomes).toEqual({
      'a test before the stuck one passes': 'passed',
      'a test that blocks its worker for good': 'failed',
      'a test after the stuck one runs in a new worker and passes': 'passed',
    })
    expect(run.elapsedMs).toBeLessThan(60_000)
  }, 90_000)
})

describe('a stuck worker beside a busy one', () => {
  it('is ended by the watchdog although the other worker keeps making progress', async () => {
    const run = await runStuckProject({
      STUCK_WORKERS: '2',
      // Busy for longer than the stall allowance twice over: a watchdog that counts any worker's
      // progress as everyone's would not end the stuck one before this finishes.
      STUCK_BUSY_FOR_MS: String(4 * STALL_MS),
    })
    expect(run.code, run.output).not.toBe(0)
    expect(run.output).toMatch(/Watchdog: no progress for \d+ s in stuck\.spec\.ts:\d+ › a test that blocks its worker/)
    expect(run.outcomes).toMatchObject({
      'a test that blocks its worker for good': 'failed',
      'a test on the other worker keeps making progress meanwhile': 'passed',
    })
  }, 90_000)
})

describe('the test command around a whole suite', () => {
  it('ends a suite silent for too long, with everything it started, and tells its last line', async () => {
    const started = Date.now()
    // A suite that names its test, then goes silent.
    const script = ["console.log('  running: suite.spec.ts › the test that hangs')", 'setInterval(() => {}, 1e6)'].join(
      ';',
    )
    const outcome = await runWatched(process.execPath, ['-e', script], { silenceMs: STALL_MS })
    expect(outcome.stalled?.lastLine).toBe('running: suite.spec.ts › the test that hangs')
    expect(outcome.stalled!.silentMs).toBeGreaterThanOrEqual(STALL_MS)
    expect(outcome.signal).toBe('SIGKILL')
    expect(Date.now() - started).toBeLessThan(STALL_MS + 10_000)
  }, 30_000)

  it('leaves a suite that keeps printing alone, and reports how it ended', async () => {
    const script =
      "let n = 0; const t = setInterval(() => { console.log('test ' + ++n); if (n === 8) { clearInterval(t); process.exitCode = 3 } }, 500)"
    const outcome = await runWatched(process.execPath, ['-e', script], { silenceMs: 2_000 })
    expect(outcome).toEqual({ code: 3, signal: null, stalled: null })
  }, 30_000)
})

it('a helper started by a stalled suite is gone with it', async () => {
  let helperPid = 0
  const script = [
    "const { spawn } = require('node:child_process')",
    "const helper = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1e6)'], { stdio: 'ignore' })",
    "console.log('helper ' + helper.pid)",
    'setInterval(() => {}, 1e6)',
  ].join(';')
  const originalWrite = process.stdout.write.bind(process.stdout)
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
    const match = /helper (\d+)/.exec(chunk.toString())
    if (match) helperPid = Number(match[1])
    return originalWrite(chunk, ...rest)
  }) as typeof process.stdout.write
  try {
    await runWatched(process.execPath, ['-e', script], { silenceMs: 1_500 })
  } finally {
    process.stdout.write = originalWrite
  }
  expect(helperPid).toBeGreaterThan(0)
  // Killed processes are reaped by their parent or by init; give that a moment.
  await expect.poll(() => commandLine(helperPid), { timeout: 5_000 }).toBeNull()
}, 30_000)
