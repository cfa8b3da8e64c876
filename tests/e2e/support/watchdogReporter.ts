import { spawnSync } from 'node:child_process'
import path from 'node:path'
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter'
import { commandLine, descendantsOf, signalTree } from '../../../scripts/lib/processTree.mjs'
import { announcedSlotOf, forgetWorkerSlots } from './workerSlots'

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

/**
 * The workers of this run (Playwright forks each from this process); with `slot`, those that
 * announced that slot, or, when none has, those that announced none yet (a worker stuck before it
 * loaded the config).
 */
function workerPids(slot?: number): number[] {
  const workers = descendantsOf(process.pid).filter((pid) =>
    commandLine(pid)?.some((arg) => arg.includes(WORKER_ENTRY)),
  )
  if (slot === undefined) return workers
  const inSlot = workers.filter((pid) => announcedSlotOf(pid) === slot)
  return inSlot.length ? inSlot : workers.filter((pid) => announcedSlotOf(pid) === null)
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
  /**
   * Each worker slot that is in a test: when it last showed progress, and where. One slot's progress
   * never hides another's stall.
   */
  private readonly inTest = new Map<number, { lastProgressAt: number; where: string }>()
  /** Any progress of the run, for a run stuck between tests (a worker that never starts the next one). */
  private lastRunProgressAt = Date.now()
  private lastEnded = 'before the first test'
  private readonly stalls: string[] = []
  private timer: NodeJS.Timeout | undefined

  printsToStdio() {
    return false
  }

  onBegin() {
    this.lastRunProgressAt = Date.now()
    this.timer = setInterval(() => this.check(), CHECK_EVERY_MS)
    this.timer.unref()
  }

  private progress(result?: TestResult) {
    this.lastRunProgressAt = Date.now()
    const slot = result && this.inTest.get(result.parallelIndex)
    if (slot) slot.lastProgressAt = Date.now()
  }

  onTestBegin(test: TestCase, result: TestResult) {
    this.lastRunProgressAt = Date.now()
    this.inTest.set(result.parallelIndex, { lastProgressAt: Date.now(), where: `in ${testName(test)}` })
  }

  onTestEnd(test: TestCase, result: TestResult) {
    this.lastRunProgressAt = Date.now()
    this.inTest.delete(result.parallelIndex)
    this.lastEnded = `after ${testName(test)} (the next test's worker was starting)`
  }

  onStepBegin(_test: TestCase, result: TestResult) {
    this.progress(result)
  }

  onStepEnd(_test: TestCase, result: TestResult) {
    this.progress(result)
  }

  onStdOut(_chunk: string | Buffer, _test?: TestCase, result?: TestResult) {
    this.progress(result)
  }

  onStdErr(_chunk: string | Buffer, _test?: TestCase, result?: TestResult) {
    this.progress(result)
  }

  onError() {
    this.progress()
  }

  private check() {
    const now = Date.now()
    for (const [slot, state] of this.inTest) {
      if (now - state.lastProgressAt < WORKER_STALL_MS) continue
      this.end(workerPids(slot), now - state.lastProgressAt, state.where)
      state.lastProgressAt = now
    }
    if (!this.inTest.size && now - this.lastRunProgressAt >= WORKER_STALL_MS) {
      this.end(workerPids(), now - this.lastRunProgressAt, this.lastEnded)
      this.lastRunProgressAt = now
    }
  }

  /** Ends stuck workers (with what they started), saying where they were. */
  private end(workers: number[], silentMs: number, where: string) {
    const stall = `no progress for ${Math.round(silentMs / 1000)} s ${where}; ended worker ${workers.join(', ') || '(none found)'}`
    process.stderr.write(`\nWatchdog: ${stall}\n`)
    this.stalls.push(stall)
    for (const pid of workers) {
      const stack = nativeStack(pid)
      if (stack) process.stderr.write(`Watchdog: worker ${pid} was at\n    ${stack}\n`)
    }
    for (const pid of workers) signalTree(pid, 'SIGKILL')
  }

  async onEnd(result: FullResult): Promise<{ status: FullResult['status'] } | undefined> {
    clearInterval(this.timer)
    forgetWorkerSlots()
    if (!this.stalls.length) return undefined
    process.stderr.write(`\nWatchdog: the run failed because a worker was stuck:\n  ${this.stalls.join('\n  ')}\n`)
    return { status: result.status === 'interrupted' ? 'interrupted' : 'failed' }
  }
}
