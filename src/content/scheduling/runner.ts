import type { Payload } from 'payload'
import { poller } from '@/platform/poller'
import { claimDueJobs, type JobKind, reclaimStaleJobs } from '@/platform/jobs/leasedJobs'
import { SCHEDULE_POLL_INTERVAL_MS, SCHEDULE_PUBLISH_TASK, SCHEDULE_STALE_CLAIM_MS } from './constants'

/** The scheduled publishes and unpublishes, soonest first. */
const SCHEDULED_JOBS: JobKind = { by: 'task_slug', name: SCHEDULE_PUBLISH_TASK, order: 'wait_until' }

/** Claims one scheduled job due by `dueBy` (src/platform/jobs/leasedJobs.ts): when several instances look at once, one gets it. */
export async function claimDueScheduledJob(payload: Payload, dueBy = Date.now()): Promise<number | undefined> {
  const [id] = await claimDueJobs(payload, SCHEDULED_JOBS, 1, dueBy)
  return id
}

/** Frees scheduled jobs claimed by a process that died before finishing them, so they run again. */
export async function reclaimStaleScheduledJobs(payload: Payload, now = Date.now()): Promise<number> {
  const ids = await reclaimStaleJobs(payload, SCHEDULED_JOBS, SCHEDULE_STALE_CLAIM_MS, now)
  if (ids.length > 0) payload.logger.warn({ jobs: ids }, 'schedule: took over abandoned jobs')
  return ids.length
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
