import { spawnSync } from 'node:child_process'
import path from 'node:path'
import type { FullResult, Reporter, TestCase } from '@playwright/test/reporter'
import { commandLine, descendantsOf, signalTree } from '../../../scripts/lib/processTree.mjs'

/**
 * How long the run may go without any sign of progress (a test, hook, step, fixture or output
 * starting or ending) before its worker counts as stuck. Longer than any step may take: every
 * action and expectation has its own bound well below it.
 */
export const WORKER_STALL_MS = Number(process.env.E2E_WORKER_STALL_MS || 180_000)
/** How long gdb may take to read a stuck worker's stack. */
const STACK_READ_TIMEOUT_MS = 20_000
/** Frames of a stuck worker's native stack that are printed. */
const STACK_FRAMES_SHOWN = 12
const CHECK_EVERY_MS = 1_000

const WORKER_ENTRY = 'workerProcessEntry'

/** The workers of this run: Playwright forks each from this process. */
function workerPids(): number[] {
  return descendantsOf(process.pid).filter((pid) => commandLine(pid)?.some((arg) => arg.includes(WORKER_ENTRY)))
}

/** A test as a run's output names it: its file and line, then its describe blocks and title. */
export function testName(test: TestCase): string {
  const file = path.relative(process.cwd(), test.location.file)
  return `${file}:${test.location.line} › ${test.titlePath().slice(3).join(' › ')}`
}

/**
 * The named frames of a worker's main thread, read with gdb where it is installed. A worker
 * blocked in its main thread runs no JavaScript, so this native stack is what says where it is
 * (waiting on a lock, or idle in its event loop with nothing left to wake it).
 */
function nativeStack(pid: number): string | null {
  const gdb = spawnSync('gdb', ['-p', String(pid), '-batch', '-ex', `bt ${STACK_FRAMES_SHOWN * 2}`], {
    encoding: 'utf8',
    timeout: STACK_READ_TIMEOUT_MS,
  })
  if (gdb.error || !gdb.stdout) return null
  const frames = gdb.stdout
    .split('\n')
    .filter((line) => /^#\d+/.test(line) && !line.includes(' ?? ()'))
    .map((line) => line.replace(/\(.*$/, ''))
    .slice(0, STACK_FRAMES_SHOWN)
  return frames.length ? frames.join('\n    ') : null
}

/**
 * Ends a worker that has stopped making progress, names the test it was in, and fails the run.
 * Playwright's own timeouts run on the worker's event loop, so a worker whose main thread is
 * blocked (a deadlock while it loads a file, a teardown that never settles) waits forever and
 * the run with it; Playwright then reports the worker's test as failed and goes on in a new one.
 */
export default class WorkerWatchdog implements Reporter {
  private lastProgressAt = Date.now()
  private where = 'before the first test'
  private readonly stalls: string[] = []
  private timer: NodeJS.Timeout | undefined

  printsToStdio() {
    return false
  }

  onBegin() {
    this.lastProgressAt = Date.now()
    this.timer = setInterval(() => this.check(), CHECK_EVERY_MS)
    this.timer.unref()
  }

  private progress() {
    this.lastProgressAt = Date.now()
  }

  onTestBegin(test: TestCase) {
    this.progress()
    this.where = `in ${testName(test)}`
  }

  onTestEnd(test: TestCase) {
    this.progress()
    this.where = `after ${testName(test)} (the next test's worker was starting)`
  }

  onStepBegin() {
    this.progress()
  }

  onStepEnd() {
    this.progress()
  }

  onStdOut() {
    this.progress()
  }

  onStdErr() {
    this.progress()
  }

  onError() {
    this.progress()
  }

  private check() {
    const silentMs = Date.now() - this.lastProgressAt
    if (silentMs < WORKER_STALL_MS) return
    const where = this.where
    const workers = workerPids()
    const stall = `no progress for ${Math.round(silentMs / 1000)} s ${where}; ended worker ${workers.join(', ') || '(none found)'}`
    process.stderr.write(`\nWatchdog: ${stall}\n`)
    this.stalls.push(stall)
    for (const pid of workers) {
      const stack = nativeStack(pid)
      if (stack) process.stderr.write(`Watchdog: worker ${pid} was at\n    ${stack}\n`)
    }
    for (const pid of workers) signalTree(pid, 'SIGKILL')
    this.lastProgressAt = Date.now()
  }

  async onEnd(result: FullResult): Promise<{ status: FullResult['status'] } | undefined> {
    clearInterval(this.timer)
    if (!this.stalls.length) return undefined
    process.stderr.write(`\nWatchdog: the run failed because a worker was stuck:\n  ${this.stalls.join('\n  ')}\n`)
    return { status: result.status === 'interrupted' ? 'interrupted' : 'failed' }
  }
}
