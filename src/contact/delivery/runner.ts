import type { Payload } from 'payload'
import { sqlOn } from '../sql'
import { queueDelivery } from './queueOnCreate'
import {
  CONTACT_QUEUE,
  DELIVER_SUBMISSION_TASK,
  DELIVERY_BATCH_SIZE,
  DELIVERY_POLL_INTERVAL_MS,
  ORPHANED_SUBMISSION_AFTER_MS,
  STALE_JOB_AFTER_MS,
} from './constants'

type RunnerState = { running: Promise<void> | null; again: boolean; timer?: NodeJS.Timeout }

const states = new WeakMap<Payload, RunnerState>()

function stateOf(payload: Payload): RunnerState {
  let state = states.get(payload)
  if (!state) {
    state = { running: null, again: false }
    states.set(payload, state)
  }
  return state
}

/** Frees contact jobs left "processing" by a process that stopped mid-run, so they run again. */
export async function reclaimStaleJobs(payload: Payload, now = Date.now()): Promise<number> {
  const { docs } = await payload.update({
    collection: 'payload-jobs',
    where: {
      and: [
        { queue: { equals: CONTACT_QUEUE } },
        { processing: { equals: true } },
        { updatedAt: { less_than: new Date(now - STALE_JOB_AFTER_MS).toISOString() } },
      ],
    },
    data: { processing: false },
    overrideAccess: true,
    depth: 0,
  })
  if (docs.length > 0) payload.logger.warn({ jobs: docs.map((doc) => doc.id) }, 'contact queue: reclaimed stale jobs')
  return docs.length
}

/**
 * Queues the delivery again of every submission still `queued`, never attempted, with no delivery
 * job at all: left by a process that stopped after storing it and before queueing its job (on
 * PostgreSQL the two writes share a transaction; SQLite runs without). One statement claims each
 * such submission (it moves its `updated_at` past the cut-off), so when several instances look at
 * once, exactly one of them queues it.
 */
export async function requeueOrphanedSubmissions(payload: Payload, now = Date.now()): Promise<number[]> {
  const sql = sqlOn(payload)
  const at = new Date(now).toISOString()
  const before = new Date(now - ORPHANED_SUBMISSION_AFTER_MS).toISOString()
  // `->>` reads the job's submission id as text on both databases (jsonb here, JSON text in SQLite).
  const rows = await sql`
    UPDATE form_submissions SET updated_at = ${at}
    WHERE updated_at < ${before} AND id IN (
      SELECT s.id FROM form_submissions s
      WHERE s.delivery_status = 'queued' AND COALESCE(s.delivery_attempts, 0) = 0
        AND s.updated_at < ${before} AND NOT EXISTS (
          SELECT 1 FROM payload_jobs j
          WHERE j.task_slug = ${DELIVER_SUBMISSION_TASK} AND j.input ->> 'submissionId' = CAST(s.id AS TEXT))
      ORDER BY s.id LIMIT ${DELIVERY_BATCH_SIZE})
    RETURNING id`
  const ids = rows.map((row) => Number(row.id)).sort((a, b) => a - b)
  for (const submissionId of ids) await queueDelivery(payload, submissionId)
  if (ids.length > 0) payload.logger.warn({ submissions: ids }, 'contact queue: queued lost deliveries again')
  return ids
}

/**
 * Marks up to `limit` due contact jobs as processing and answers their ids, in one statement
 * that only flips jobs still not processing: when several instances claim at once, each job is
 * claimed by exactly one. (Payload's own runner reads the due jobs, then marks them one by one,
 * so two instances can both pick the same job and send its email twice.)
 */
export async function claimDueJobs(payload: Payload, limit = DELIVERY_BATCH_SIZE, now = Date.now()) {
  const sql = sqlOn(payload)
  const at = new Date(now).toISOString()
  const rows =
    payload.db.name === 'postgres'
      ? await sql`
          UPDATE payload_jobs SET processing = true, updated_at = ${at}
          WHERE processing = false AND id IN (
            SELECT id FROM payload_jobs
            WHERE queue = ${CONTACT_QUEUE} AND processing = false AND completed_at IS NULL
              AND (has_error IS NULL OR has_error = false) AND (wait_until IS NULL OR wait_until < ${at})
            ORDER BY created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
          RETURNING id`
      : await sql`
          UPDATE payload_jobs SET processing = true, updated_at = ${at}
          WHERE processing = false AND id IN (
            SELECT id FROM payload_jobs
            WHERE queue = ${CONTACT_QUEUE} AND processing = false AND completed_at IS NULL
              AND (has_error IS NULL OR has_error = false) AND (wait_until IS NULL OR wait_until < ${at})
            ORDER BY created_at LIMIT ${limit})
          RETURNING id`
  return rows.map((row) => row.id as number)
}

/** Claims due jobs and runs them, batch after batch, until none is left due. */
async function runDueJobs(payload: Payload): Promise<void> {
  for (;;) {
    const ids = await claimDueJobs(payload)
    if (ids.length === 0) return
    // runByID runs the given job whatever its processing flag: ours, since we just claimed it.
    await Promise.all(ids.map((id) => payload.jobs.runByID({ id, overrideAccess: true, silent: true })))
    if (ids.length < DELIVERY_BATCH_SIZE) return
  }
}

/**
 * Runs the due contact jobs. One run at a time per process (a call during a run asks for one
 * more pass); between processes, claimDueJobs keeps any job from running twice.
 */
export function runContactQueue(payload: Payload): Promise<void> {
  const state = stateOf(payload)
  if (state.running) {
    state.again = true
    return state.running
  }
  state.running = (async () => {
    do {
      state.again = false
      // Each step on its own: one that fails (a busy database) does not hold up the others.
      for (const step of [reclaimStaleJobs, requeueOrphanedSubmissions, runDueJobs]) {
        try {
          await step(payload)
        } catch (error) {
          payload.logger.error({ err: error, step: step.name }, 'contact queue run failed')
        }
      }
    } while (state.again)
  })().finally(() => {
    state.running = null
  })
  return state.running
}

/** Polls the queue for retries and for mail a stopped process left behind. */
export function startContactQueue(payload: Payload, intervalMs = DELIVERY_POLL_INTERVAL_MS): void {
  const state = stateOf(payload)
  if (state.timer) return
  state.timer = setInterval(() => void runContactQueue(payload), intervalMs)
  state.timer.unref()
  void runContactQueue(payload)
}

export function stopContactQueue(payload: Payload): void {
  const state = stateOf(payload)
  if (state.timer) clearInterval(state.timer)
  state.timer = undefined
}
