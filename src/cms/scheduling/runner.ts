import type { Payload } from 'payload'
import { poller } from '@/cms/poller'
import { database, sql } from '@/cms/sql'
import { SCHEDULE_POLL_INTERVAL_MS, SCHEDULE_PUBLISH_TASK, SCHEDULE_STALE_CLAIM_MS } from './constants'

/**
 * Marks one scheduled job due by `dueBy` as processing and answers its id, in one statement that
 * only flips a job still not processing: when several instances look at once, one of them gets it.
 * (Payload's own runner reads the due jobs first and marks them after, so two could both publish.)
 */
export async function claimDueScheduledJob(payload: Payload, dueBy = Date.now()): Promise<number | undefined> {
  const db = database(payload)
  const at = new Date().toISOString()
  const due = new Date(dueBy).toISOString()
  const skipLocked = db.dialect === 'postgres' ? sql`FOR UPDATE SKIP LOCKED` : sql``
  const rows = await db.all(sql`
    UPDATE payload_jobs SET processing = true, updated_at = ${at}
    WHERE processing = false AND id IN (
      SELECT id FROM payload_jobs
      WHERE task_slug = ${SCHEDULE_PUBLISH_TASK} AND processing = false AND completed_at IS NULL
        AND (has_error IS NULL OR has_error = false) AND (wait_until IS NULL OR wait_until <= ${due})
      ORDER BY wait_until LIMIT 1 ${skipLocked})
    RETURNING id`)
  return rows.length === 0 ? undefined : Number(rows[0].id)
}

/** Frees scheduled jobs claimed by a process that died before finishing them, so they run again. */
export async function reclaimStaleScheduledJobs(payload: Payload, now = Date.now()): Promise<number> {
  const rows = await database(payload).all(sql`
    UPDATE payload_jobs SET processing = false, updated_at = ${new Date(now).toISOString()}
    WHERE task_slug = ${SCHEDULE_PUBLISH_TASK} AND processing = true AND completed_at IS NULL
      AND updated_at < ${new Date(now - SCHEDULE_STALE_CLAIM_MS).toISOString()}
    RETURNING id`)
  if (rows.length > 0) payload.logger.warn({ jobs: rows.map((row) => row.id) }, 'schedule: took over abandoned jobs')
  return rows.length
}

async function runDueScheduledJobs(payload: Payload): Promise<void> {
  const dueBy = Date.now()
  for (;;) {
    const jobId = await claimDueScheduledJob(payload, dueBy)
    if (jobId === undefined) return
    // runByID runs the job whatever its processing flag: ours, since we just claimed it.
    await payload.jobs.runByID({ id: jobId, overrideAccess: true, silent: true })
  }
}

/**
 * Publishes and unpublishes what is due. One run at a time per process (a call during a run asks
 * for one more pass); between processes, the claim keeps a job from running twice.
 */
const scheduler = poller('schedule', [reclaimStaleScheduledJobs, runDueScheduledJobs])

export const runScheduledPublishing = (payload: Payload): Promise<void> => scheduler.run(payload)

/** Polls for due scheduled jobs, so they happen without anyone visiting or saving. */
export const startScheduledPublishing = (payload: Payload, intervalMs = SCHEDULE_POLL_INTERVAL_MS): void =>
  scheduler.start(payload, intervalMs)

export const stopScheduledPublishing = (payload: Payload): Promise<void> => scheduler.stop(payload)
