// The local stack's record of itself (its state file): the ports it took, the processes it started,
// the releases it ran, so that `stop`, a deploy and a rollback find what `start` began.
import fs from 'node:fs'
import { STATE_FILE } from './config.mjs'
import { isRunning } from './processes.mjs'
import { currentRelease } from './releases.mjs'

/** What the state file holds, or null when there is none (the stack stopped or never started). */
export function readState() {
  try {
    return JSON.parse(fs.readFileSync(STATE_FILE, 'utf8'))
  } catch {
    return null
  }
}

export function writeState(state) {
  fs.writeFileSync(STATE_FILE, `${JSON.stringify(state, null, 2)}\n`)
}

/** The process records a state holds: the front, the instances, the backup schedule, PostgreSQL, Redis. */
export const recordsOf = (state) =>
  [
    state.processes.nginx,
    ...(state.processes.apps ?? []),
    state.processes.backups,
    state.processes.postgres,
    state.processes.redis,
  ].filter(Boolean)

/** The state of a stack whose every process runs; a deploy and a rollback need one. */
export function runningState() {
  const state = readState()
  if (!state || !recordsOf(state).every(isRunning)) throw new Error('the stack is not running: start it first')
  state.releases ??= [currentRelease()]
  return state
}
