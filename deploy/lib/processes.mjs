// Starting, watching and stopping the stack's long-running processes.
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { ROOT } from '../../scripts/lib/bootstrap.mjs'
import { LOG_DIR, STOP_TIMEOUT_MS } from './config.mjs'

/** A process the stack started: its pid, and when it started (to tell it from a later one given the pid). */
/** @typedef {{ pid: number, started: string | null }} ProcessRecord */

/**
 * @param {number} ms
 * @returns {Promise<void>}
 */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * State and start time of a process (/proc/<pid>/stat), or null when there is none.
 * @param {number} pid
 * @returns {{ state: string, started: string } | null}
 */
export function processInfo(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return { state: fields[0], started: fields[19] }
  } catch {
    return null
  }
}

/**
 * A pid with its start time, so that a later process given the same pid is not taken for it.
 * @param {number} pid
 * @returns {ProcessRecord}
 */
export function recordOf(pid) {
  return { pid, started: processInfo(pid)?.started ?? null }
}

/**
 * The pid a pid file holds, or 0 while it is missing or not yet written. nginx (like a shell's
 * `echo $$ > file`) creates the file before it writes the pid; read empty, the pid would be 0, and
 * signalling pid 0 reaches the caller's own process group.
 * @param {string} file
 * @returns {number}
 */
export function pidWrittenIn(file) {
  const pid = fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8').trim()) : 0
  return Number.isInteger(pid) && pid > 1 ? pid : 0
}

/**
 * @param {ProcessRecord | null | undefined} record
 * @returns {boolean}
 */
export function isRunning(record) {
  const info = record && processInfo(record.pid)
  return Boolean(info && info.state !== 'Z' && info.started === record.started)
}

/**
 * @param {() => unknown} check
 * @param {number} timeoutMs
 * @param {string} what
 */
export async function waitUntil(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check()) return
    await sleep(200)
  }
  throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`)
}

/**
 * Starts a long-running process in its own session, its output appended to logs/<name>.log.
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} [options]
 * @returns {ProcessRecord}
 */
export function spawnDetached(name, command, args, options = {}) {
  const log = fs.openSync(path.join(LOG_DIR, `${name}.log`), 'a')
  const child = spawn(command, args, { cwd: ROOT, detached: true, stdio: ['ignore', log, log], ...options })
  fs.closeSync(log)
  child.unref()
  // A process that could not start has no pid, and its 'error' event, unheard, ends this one.
  return recordOf(/** @type {number} */ (child.pid))
}

/**
 * Sends a signal, then waits for the process to end; true when it did.
 * @param {ProcessRecord | null | undefined} record
 * @param {NodeJS.Signals} signal
 * @param {number} timeoutMs
 * @param {boolean} [group]
 * @returns {Promise<boolean>}
 */
export async function signalAndWait(record, signal, timeoutMs, group = false) {
  if (!isRunning(record)) return true
  try {
    const pid = /** @type {ProcessRecord} */ (record).pid
    process.kill(group ? -pid : pid, signal)
  } catch {
    return !isRunning(record)
  }
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (!isRunning(record)) return true
    await sleep(100)
  }
  return false
}

/**
 * The gentle signal first, then harder ones, each given its time.
 * @param {string} name
 * @param {ProcessRecord | null | undefined} record
 * @param {NodeJS.Signals[]} signals
 * @param {{ group?: boolean }} [options]
 */
export async function stopProcess(name, record, signals, { group = false } = {}) {
  if (!record || !isRunning(record)) return
  for (const signal of signals) {
    if (await signalAndWait(record, signal, STOP_TIMEOUT_MS, group)) {
      console.log(`> Stopped ${name} (pid ${record.pid}).`)
      return
    }
    console.log(`> ${name} (pid ${record.pid}) still runs after ${signal}…`)
  }
  await signalAndWait(record, 'SIGKILL', STOP_TIMEOUT_MS, group)
}

/**
 * @param {number} port
 * @returns {Promise<boolean>}
 */
export function portAnswers(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/**
 * @param {string} url
 * @returns {Promise<boolean>}
 */
export async function answersOk(url) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(5_000) })).ok
  } catch {
    return false
  }
}

/**
 * Run as root, a service runs as its own system user (PostgreSQL refuses to run as root).
 * @param {string} name
 * @returns {{ uid: number, gid: number } | undefined}
 */
export function systemUser(name) {
  if (process.getuid?.() !== 0) return undefined
  const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, name], { encoding: 'utf8' })))
  return { uid, gid }
}
