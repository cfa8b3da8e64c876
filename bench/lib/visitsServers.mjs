// The server processes of a `node bench/visits.mjs` run, as their records name them, for the CPU
// each uses: the stack's (deploy/stack.mjs) and the static nginx's.
import fs from 'node:fs'
import path from 'node:path'
import { commandLine, descendantsOf } from '../../scripts/lib/processTree.mjs'
import { STACK_DIR, STATIC_DIR } from './visitsSettings.mjs'

/** The processes the stack runs, as deploy/stack.mjs records them. */
/**
 * @returns {{ nginx: { pid: number }, apps: { pid: number }[], postgres: { pid: number }, redis: { pid: number } }}
 */
const stackProcesses = () => JSON.parse(fs.readFileSync(path.join(STACK_DIR, 'stack.json'), 'utf8')).processes

/**
 * The serve process of each app instance the stack runs.
 * @returns {(number | undefined)[]} undefined for an instance whose serve process is not there
 */
export function appInstances() {
  return stackProcesses().apps.map(({ pid }) =>
    descendantsOf(pid).find((child) => commandLine(child)?.includes('scripts/serve.mjs')),
  )
}

/**
 * The static nginx's master process (its workers are its children).
 * @returns {number}
 */
export const staticNginxPid = () => Number(fs.readFileSync(path.join(STATIC_DIR, 'nginx.pid'), 'utf8'))

/**
 * The stack's server processes by name: the front, the app instances, PostgreSQL and Redis (their children count too).
 * @returns {Record<string, number>}
 */
export function stackPids() {
  const processes = stackProcesses()
  return {
    nginx: processes.nginx.pid,
    ...Object.fromEntries(processes.apps.map((record, i) => [`app ${i + 1}`, record.pid])),
    postgres: processes.postgres.pid,
    redis: processes.redis.pid,
  }
}
