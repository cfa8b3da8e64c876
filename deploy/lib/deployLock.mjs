// One deploy or rollback at a time, on the stack and on a server alike. Two at once would interleave
// their steps: one copies and builds while the other flips `current` and restarts the instances,
// and each prunes releases the other is using. The lock is a file naming the process that holds it;
// a lock left behind by a process that has ended (killed, the machine restarted) is taken over.
import fs from 'node:fs'
import path from 'node:path'
import { isRunning, recordOf } from './processes.mjs'

/**
 * A lock file that cannot be read (one being written this moment) counts as held for this long
 * after it was last written; an older one was left half-written and is taken over.
 */
export const UNREADABLE_LOCK_GRACE_MS = 10_000
/** Tries at taking the lock, each after finding one left behind and moving it aside. */
const TAKE_ATTEMPTS = 3

/** @typedef {import('./processes.mjs').ProcessRecord & { what: string, since: string }} LockHolder */

/**
 * The holder a lock file names, null when it cannot be read.
 * @param {string} file
 * @returns {LockHolder | null}
 */
function holderOf(file) {
  try {
    const holder = JSON.parse(fs.readFileSync(file, 'utf8'))
    return Number.isInteger(holder?.pid) ? holder : null
  } catch {
    return null
  }
}

/**
 * Why `file` is held, or null when it is free to take over (its holder has ended).
 * @param {string} file
 * @returns {string | null}
 */
function heldBecause(file) {
  const holder = holderOf(file)
  if (holder)
    return isRunning(holder) ? `${holder.what} (pid ${holder.pid}) has been running since ${holder.since}` : null
  let modified
  try {
    modified = fs.statSync(file).mtimeMs
  } catch {
    return null
  }
  return Date.now() - modified < UNREADABLE_LOCK_GRACE_MS ? 'another deploy is starting' : null
}

/**
 * Takes the lock `file` for this process, doing `what` (a deploy, a rollback), or throws saying
 * which process holds it. Returns the function that gives it back (only while this process holds it).
 * @param {string} file
 * @param {string} what
 * @returns {() => void}
 */
export function takeDeployLock(file, what) {
  const mine = { ...recordOf(process.pid), what, since: new Date().toISOString() }
  fs.mkdirSync(path.dirname(file), { recursive: true })
  for (let attempt = 0; attempt < TAKE_ATTEMPTS; attempt += 1) {
    try {
      fs.writeFileSync(file, `${JSON.stringify(mine)}\n`, { flag: 'wx' })
      return () => {
        if (holderOf(file)?.pid === process.pid) fs.rmSync(file, { force: true })
      }
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error
    }
    const busy = heldBecause(file)
    if (busy) throw refusal(busy, file)
    // Moved aside under a name of this process's own before it is judged again and deleted: of two
    // deploys that found the same lock left behind, only one moves it, and neither deletes a lock
    // the other has just taken.
    const aside = `${file}.ended-${process.pid}`
    try {
      fs.renameSync(file, aside)
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') continue
      throw error
    }
    const movedBusy = heldBecause(aside)
    if (movedBusy) {
      // Taken meanwhile by a deploy that is running: it goes back where it was.
      try {
        fs.linkSync(aside, file)
      } finally {
        fs.rmSync(aside, { force: true })
      }
      throw refusal(movedBusy, file)
    }
    fs.rmSync(aside, { force: true })
    console.log(`> Took over the lock ${file}: the deploy that held it has ended.`)
  }
  throw new Error(`could not take the lock ${file}: other deploys kept taking it`)
}

/**
 * @param {string} busy
 * @param {string} file
 */
const refusal = (busy, file) =>
  new Error(`${busy}; one deploy or rollback at a time: wait for it to end (lock: ${file})`)

/**
 * Runs `work` holding the lock `file`, and gives it back however `work` ends.
 * @template T
 * @param {string} file
 * @param {string} what
 * @param {() => T | Promise<T>} work
 * @returns {Promise<T>}
 */
export async function withDeployLock(file, what, work) {
  const release = takeDeployLock(file, what)
  try {
    return await work()
  } finally {
    release()
  }
}
