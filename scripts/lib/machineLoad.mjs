// How busy the machine's processors were over a stretch of time, from the kernel's counters
// (/proc/stat): `npm test` reports it beside each phase's seconds, so a phase that leaves the cores
// idle (waiting on timers, on one process) shows as such.
import fs from 'node:fs'

/** @typedef {{ busy: number, idle: number }} ProcessorTimes */

/**
 * The kernel's processor time counters, summed over every core: busy and idle (idle and I/O wait).
 * @param {string} [stat]
 * @returns {ProcessorTimes | null}
 */
export function processorTimes(stat = fs.readFileSync('/proc/stat', 'utf8')) {
  const line = stat.split('\n').find((row) => row.startsWith('cpu '))
  if (!line) return null
  const [user, nice, system, idle, iowait = 0, irq = 0, softirq = 0, steal = 0] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number)
  return { busy: user + nice + system + irq + softirq + steal, idle: idle + iowait }
}

/**
 * The share of processor time (0 to 1) that was busy between two readings; null when unknown.
 * @param {ProcessorTimes | null} before
 * @param {ProcessorTimes | null} after
 * @returns {number | null}
 */
export function busyShare(before, after) {
  if (!before || !after) return null
  const busy = after.busy - before.busy
  const total = busy + after.idle - before.idle
  return total > 0 ? busy / total : null
}

/** Reads the counters now, on a machine that has them (Linux); null elsewhere. */
export function readProcessorTimes() {
  try {
    return processorTimes()
  } catch {
    return null
  }
}
