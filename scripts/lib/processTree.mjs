// Reading and ending processes through /proc (Linux), for the test runner's clean-up and watchdogs,
// and for the benches' CPU figures.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'

/**
 * The command line of a process, or null when it is gone.
 * @param {number | string} pid
 * @returns {string[] | null}
 */
export function commandLine(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean)
  } catch {
    return null
  }
}

/**
 * The parent's pid of a process, or null when it is gone.
 * @param {number | string} pid
 * @returns {number | null}
 */
export function parentOf(pid) {
  try {
    // Field 4 of /proc/<pid>/stat, after the command name in parentheses (which may hold spaces).
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
  } catch {
    return null
  }
}

/** Clock ticks per second of /proc's CPU times. */
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100

/**
 * CPU seconds a process has used so far (user + system), from /proc; 0 once it is gone.
 * @param {number | string} pid
 * @returns {number}
 */
export function cpuSeconds(pid) {
  try {
    // After the command name in parentheses (which may hold spaces): state is field 0, utime 11, stime 12.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
  } catch {
    return 0
  }
}

/** Every live pid on the machine. */
export function allPids() {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
}

/**
 * The children of `pid`, then theirs, and so on (parents before children).
 * @param {number} pid
 * @returns {number[]}
 */
export function descendantsOf(pid) {
  /** @type {Map<number, number[]>} */
  const children = new Map()
  for (const each of allPids()) {
    const parent = parentOf(each)
    if (parent == null) continue
    if (!children.has(parent)) children.set(parent, [])
    children.get(parent)?.push(each)
  }
  const found = []
  const queue = [...(children.get(pid) ?? [])]
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    found.push(next)
    queue.push(...(children.get(next) ?? []))
  }
  return found
}

/**
 * Sends `signal` to a process and everything below it; a process already gone is skipped.
 * @param {number} pid
 * @param {NodeJS.Signals} signal
 */
export function signalTree(pid, signal) {
  for (const each of [pid, ...descendantsOf(pid)]) {
    try {
      process.kill(each, signal)
    } catch {
      // already gone
    }
  }
}
