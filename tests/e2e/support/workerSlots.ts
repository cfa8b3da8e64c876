import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * Which worker slot (Playwright's parallel index) each worker process of a run is in. A worker
 * learns its slot from the runner only after it has started, so nothing outside it can read the
 * slot from the process; each worker writes it here as it loads the config, and the watchdog
 * (watchdogReporter.ts) reads it to end the stuck worker alone, not the busy one beside it.
 */
const slotsDir = (runnerPid: number) => path.join(os.tmpdir(), `playwright-slots-${runnerPid}`)

/** Called from a config file: in a worker process, records this process's slot for the runner. */
export function announceWorkerSlot() {
  const slot = process.env.TEST_PARALLEL_INDEX
  if (slot === undefined) return
  const dir = slotsDir(process.ppid)
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(path.join(dir, String(process.pid)), slot)
}

/** The slot a worker process of this run announced, or null when it has not (yet). */
export function announcedSlotOf(workerPid: number): number | null {
  try {
    return Number(fs.readFileSync(path.join(slotsDir(process.pid), String(workerPid)), 'utf8'))
  } catch {
    return null
  }
}

/** Forgets this run's slots (called by the runner when the run ends). */
export function forgetWorkerSlots() {
  fs.rmSync(slotsDir(process.pid), { recursive: true, force: true })
}
