// The local stack's record of itself (its state file): the ports it took, the processes it started,
// the releases it ran, so that `stop`, a deploy and a rollback find what `start` began.
import fs from 'node:fs'
import { STATE_FILE } from './config.mjs'
import { isRunning } from './processes.mjs'
import { currentRelease } from './releases.mjs'

/** @typedef {import('./processes.mjs').ProcessRecord} ProcessRecord */
/**
 * The state file: the ports, the processes started (each recorded as it starts), the releases run
 * (the current one last), and the migrations the checkout's build knew.
 * @typedef {object} StackState
 * @property {{ front: number, frontHttps: number, apps: number[], postgres: number, redis: number }} ports
 * @property {{ nginx?: ProcessRecord, apps: ProcessRecord[], backups?: ProcessRecord | null, postgres?: ProcessRecord, redis?: ProcessRecord }} processes `backups`: null when the schedule is off
 * @property {string[]} [releases]
 * @property {string[]} [checkoutMigrations]
 */

/**
 * What the state file holds, or null when there is none (the stack stopped or never started).
 * @returns {StackState | null}
 */
export function readState() {
  try {
    return JSON.parse(fs.readFileSync(STATE_FILE, 'utf8'))
  } catch {
    return null
  }
}

/** @param {StackState} state */
export function writeState(state) {
  fs.writeFileSync(STATE_FILE, `${JSON.stringify(state, null, 2)}\n`)
}

/**
 * The process records a state holds: the front, the instances, the backup schedule, PostgreSQL, Redis.
 * @param {StackState} state
 * @returns {ProcessRecord[]}
 */
export const recordsOf = (state) =>
  [
    state.processes.nginx,
    ...(state.processes.apps ?? []),
    state.processes.backups,
    state.processes.postgres,
    state.processes.redis,
  ].filter((record) => record != null)

/**
 * The state of a stack whose every process runs; a deploy and a rollback need one.
 * @returns {StackState & { releases: string[] }}
 */
export function runningState() {
  const state = readState()
  if (!state || !recordsOf(state).every(isRunning)) throw new Error('the stack is not running: start it first')
  return { ...state, releases: state.releases ?? [currentRelease()] }
}
