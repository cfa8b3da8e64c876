// Run by lowPriority.mjs at a low priority: `node lowPriorityWorker.mjs <job> <arguments as JSON>`.
// Writes `{"value": …, "priority": its nice level}` or `{"error": "…"}` as its last line; the jobs' own messages go to stderr.
import os from 'node:os'
import { unpackRelease } from './releaseUnpack.mjs'
import { precompressStatic } from './staticFiles.mjs'

/** What a deploy does at a low priority; each returns a value JSON can carry. */
export const LOW_PRIORITY_JOBS = {
  unpackRelease: (/** @type {string} */ archive, /** @type {string} */ to) => unpackRelease(archive, to),
  precompressStatic: (/** @type {string} */ staticDir) => precompressStatic(staticDir) ?? null,
}

const [job, args] = process.argv.slice(2)
// The output carries the outcome alone: what a job says goes where its caller's messages go.
console.log = console.error
try {
  if (!Object.hasOwn(LOW_PRIORITY_JOBS, job)) throw new Error(`there is no low-priority job named ${job}`)
  const run = /** @type {(...args: unknown[]) => unknown} */ (
    LOW_PRIORITY_JOBS[/** @type {keyof typeof LOW_PRIORITY_JOBS} */ (job)]
  )
  const value = await run(...JSON.parse(args))
  process.stdout.write(`${JSON.stringify({ value, priority: os.getPriority() })}\n`)
} catch (error) {
  process.stdout.write(`${JSON.stringify({ error: error instanceof Error ? error.message : String(error) })}\n`)
  process.exitCode = 1
}
