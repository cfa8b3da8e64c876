/** The jobs queue that carries contact emails. */
export const CONTACT_QUEUE = 'contact'
export const DELIVER_SUBMISSION_TASK = 'deliverContactSubmission'
export const SEND_CONFIRMATION_TASK = 'sendContactConfirmation'

/** Tries per email before the submission is flagged failed: with the backoff below, about 17 hours. */
export const DELIVERY_MAX_ATTEMPTS = 12
/** First retry after this long, doubling each time (30 s, 1 min, 2 min, ... 8.5 h). */
export const DELIVERY_BACKOFF_BASE_MS = 30_000
/** How often the server looks for due deliveries (retries, or mail left by a stopped process). */
export const DELIVERY_POLL_INTERVAL_MS = 10_000
/**
 * A job still marked processing this long after its last update belongs to a process that died
 * mid-run (the queue never picks such a job again by itself). Longer than any send can take.
 */
export const STALE_JOB_AFTER_MS = 15 * 60_000
/**
 * A submission `queued` this long with no delivery job lost its job to a process that stopped
 * between the two writes (SQLite runs without transactions); the runner queues it again. Far
 * longer than the moment between storing a submission and queueing its job.
 */
export const ORPHANED_SUBMISSION_AFTER_MS = 60_000
/** Jobs one run picks up. */
export const DELIVERY_BATCH_SIZE = 20

/** Backoff base, shortened by tests through CONTACT_DELIVERY_BACKOFF_MS. */
export function deliveryBackoffBaseMs(): number {
  const configured = Number(process.env.CONTACT_DELIVERY_BACKOFF_MS)
  return Number.isInteger(configured) && configured >= 0 ? configured : DELIVERY_BACKOFF_BASE_MS
}
