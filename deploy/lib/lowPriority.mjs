// The work of a deploy that needs the processors but no one waits on by the second (unpacking and
// checking a release archive, compressing its static files), done in a child process at
// BUILD_NICENESS, as a build is: the instances that serve meanwhile keep the processors their
// answers need, and the work takes what they leave.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { BUILD_NICENESS } from './config.mjs'

/** @typedef {typeof import('./lowPriorityWorker.mjs').LOW_PRIORITY_JOBS} LowPriorityJobs */

/** The child's script: runs one job of LOW_PRIORITY_JOBS and writes its outcome as JSON on its output. */
const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lowPriorityWorker.mjs')

/**
 * Runs `job` (a name of lowPriorityWorker.mjs's jobs) with `args` in a child process at
 * BUILD_NICENESS and returns what it returned; an error it threw is thrown here with its message.
 * @template {keyof LowPriorityJobs} Job
 * @param {Job} job
 * @param {Parameters<LowPriorityJobs[Job]>} args
 * @returns {Promise<Awaited<ReturnType<LowPriorityJobs[Job]>>>}
 */
export const atLowPriority = async (job, ...args) => (await lowPriorityOutcome(job, ...args)).value

/**
 * atLowPriority's run, with the `priority` (nice level) the job ran at.
 * @template {keyof LowPriorityJobs} Job
 * @param {Job} job
 * @param {Parameters<LowPriorityJobs[Job]>} args
 * @returns {Promise<{ value: Awaited<ReturnType<LowPriorityJobs[Job]>>, priority: number }>}
 */
export async function lowPriorityOutcome(job, ...args) {
  const child = spawn('nice', ['-n', String(BUILD_NICENESS), process.execPath, WORKER, job, JSON.stringify(args)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  const [status, signal] = await once(child, 'close')
  const outcome = lastJsonLine(output)
  if (outcome && 'error' in outcome) throw new Error(outcome.error)
  if (status !== 0 || !outcome) throw new Error(`${job} at low priority ended with ${signal ?? `status ${status}`}`)
  // The value `job` returned, carried as JSON.
  return /** @type {{ value: Awaited<ReturnType<LowPriorityJobs[Job]>>, priority: number }} */ (outcome)
}

/**
 * The outcome the worker wrote on its output (its last line), or null when it wrote none it could.
 * @param {string} output
 * @returns {{ value: unknown, priority: number } | { error: string } | null}
 */
function lastJsonLine(output) {
  const line = output.trim().split('\n').at(-1)
  try {
    return line ? JSON.parse(line) : null
  } catch {
    return null
  }
}
