import type { Payload } from 'payload'
import { finishBeforeExit, isDraining } from '@/platform/draining'
import { poller } from '@/platform/poller'
import {
  claimDueJobs as claimLeasedJobs,
  type JobKind,
  reclaimStaleJobs as reclaimLeasedJobs,
  renewLease,
} from '@/platform/jobs/leasedJobs'
import { database, type Sql, sql } from '@/platform/sql'
import { queueDelivery } from './queueOnCreate'
import {
  CONTACT_QUEUE,
  DELIVER_SUBMISSION_TASK,
  DELIVERY_CONCURRENCY,
  deliveryLease,
  ORPHANED_BATCH_SIZE,
  ORPHANED_SUBMISSION_AFTER_MS,
} from './constants'

/** The contact queue's jobs, oldest first. */
const CONTACT_JOBS: JobKind = { by: 'queue', name: CONTACT_QUEUE, order: 'created_at' }

/**
 * Frees contact jobs whose lease ran out: their runner died mid-run (a live one renews it), so
 * they run again. One statement: a job claimed or renewed meanwhile is past the cut-off and kept.
 */
export async function reclaimStaleJobs(payload: Payload, now = Date.now()): Promise<number> {
  const ids = await reclaimLeasedJobs(payload, CONTACT_JOBS, deliveryLease().leaseMs, now)
  if (ids.length > 0) payload.logger.warn({ jobs: ids }, 'contact queue: took over jobs whose lease ran out')
  return ids.length
}

/** The delivery jobs of a submission (`j`), to be narrowed with AND. */
const jobsOf = (submissionId: Sql) => sql`
  SELECT 1 FROM payload_jobs j
  WHERE j.task_slug = ${DELIVER_SUBMISSION_TASK} AND j.input ->> 'submissionId' = CAST(${submissionId} AS TEXT)`

/**
 * Queues the delivery again of every submission still `queued` with no delivery job that will run:
 * - none at all, left by a process that stopped after storing it and before queueing its job (on
 *   PostgreSQL the two writes share a transaction; SQLite runs without);
 * - one the queue gave up on while the submission had attempts left: the job's runs also count
 *   failures before the send (the database failing while the submission was read or claimed),
 *   which the submission's own count does not. Its count goes on from where it was, so it is sent
 *   or marked failed after DELIVERY_MAX_ATTEMPTS sends at most.
 * One statement claims each such submission (it moves its `updated_at` past the cut-off), so when
 * several instances look at once, exactly one of them queues it.
 */
export async function requeueOrphanedSubmissions(payload: Payload, now = Date.now()): Promise<number[]> {
  const at = new Date(now).toISOString()
  const before = new Date(now - ORPHANED_SUBMISSION_AFTER_MS).toISOString()
  // `->>` reads the job's submission id as text on both databases (jsonb here, JSON text in SQLite).
  const rows = await database(payload).all(sql`
    UPDATE form_submissions SET updated_at = ${at}
    WHERE updated_at < ${before} AND id IN (
      SELECT s.id FROM form_submissions s
      WHERE s.delivery_status = 'queued' AND s.updated_at < ${before}
        AND NOT EXISTS (${jobsOf(sql`s.id`)} AND (j.has_error IS NULL OR j.has_error = false))
        AND (COALESCE(s.delivery_attempts, 0) = 0 OR EXISTS (${jobsOf(sql`s.id`)} AND j.has_error = true))
      ORDER BY s.id LIMIT ${ORPHANED_BATCH_SIZE})
    RETURNING id`)
  const ids = rows.map((row) => Number(row.id)).sort((a, b) => a - b)
  for (const submissionId of ids) await queueDelivery(payload, submissionId)
  if (ids.length > 0) payload.logger.warn({ submissions: ids }, 'contact queue: queued lost deliveries again')
  return ids
}

/**
 * Claims up to `limit` contact jobs due by `dueBy` (src/platform/jobs/leasedJobs.ts): when several
 * instances claim at once, each job is claimed by exactly one, so no email goes twice. The claim is
 * a lease from now on (see renewLease).
 */
export const claimDueJobs = (payload: Payload, limit = 1, dueBy = Date.now()) =>
  claimLeasedJobs(payload, CONTACT_JOBS, limit, dueBy)

/** Contact emails waiting to be sent: queued, running, or waiting for their next try (not those given up). */
export async function countWaitingEmails(payload: Payload): Promise<number> {
  const [row] = await database(payload).all(sql`
    SELECT COUNT(*) AS waiting FROM payload_jobs
    WHERE queue = ${CONTACT_QUEUE} AND completed_at IS NULL AND (has_error IS NULL OR has_error = false)`)
  return Number(row?.waiting ?? 0)
}

/** Runs one claimed job, renewing its lease until the run ends. */
async function runLeased(payload: Payload, jobId: number): Promise<void> {
  const renewal = setInterval(() => {
    renewLease(payload, jobId).then(
      (held) => {
        if (!held) payload.logger.warn({ job: jobId }, 'contact queue: lost the lease of a running job')
      },
      (error: unknown) => payload.logger.error({ err: error, job: jobId }, 'contact queue: lease not renewed'),
    )
  }, deliveryLease().renewMs)
  try {
    // runByID runs the given job whatever its processing flag: ours, since we just claimed it.
    await payload.jobs.runByID({ id: jobId, overrideAccess: true, silent: true })
  } finally {
    clearInterval(renewal)
  }
}

/**
 * Runs the jobs due when the run began, DELIVERY_CONCURRENCY at a time; each slot claims one job
 * only when it is free to send it, so a process that dies holds no more than it was sending. A job
 * that fails here is due again later (its backoff), so a run tries each job at most once.
 */
async function runDueJobs(payload: Payload): Promise<void> {
  const dueBy = Date.now()
  const slot = async () => {
    // A stopping process claims nothing more; what it claimed it finishes before it exits.
    while (!isDraining()) {
      const [jobId] = await claimDueJobs(payload, 1, dueBy)
      if (jobId === undefined) return
      await finishBeforeExit(runLeased(payload, jobId))
    }
  }
  await Promise.all(Array.from({ length: DELIVERY_CONCURRENCY }, slot))
}

/**
 * Runs the due contact jobs. One run at a time per process (a call during a run asks for one
 * more pass); between processes, claimDueJobs keeps any job from running twice while its lease holds.
 */
const contactQueue = poller('contact queue', [reclaimStaleJobs, requeueOrphanedSubmissions, runDueJobs])

export const runContactQueue = (payload: Payload): Promise<void> => contactQueue.run(payload)

/** Polls the queue for retries and for mail a stopped process left behind. */
export const startContactQueue = (payload: Payload, intervalMs = deliveryLease().pollMs): void =>
  contactQueue.start(payload, intervalMs)

export const stopContactQueue = (payload: Payload): Promise<void> => contactQueue.stop(payload)
