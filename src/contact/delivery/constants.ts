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
/** A dead process's mail goes out within this long: its claims run out and the next poll takes them. */
export const DEAD_PROCESS_MAIL_WITHIN_MS = 60_000
/**
 * A claim on a job is a lease: the runner renews it while the job runs, so one older than this
 * belongs to a process that died mid-run and any runner may take the job. Lease + poll interval
 * (40 s) stays under DEAD_PROCESS_MAIL_WITHIN_MS.
 */
export const DELIVERY_LEASE_MS = 30_000
/** Renewed three times per lease, so one missed renewal (a busy database) still keeps it. */
export const DELIVERY_LEASE_RENEW_MS = DELIVERY_LEASE_MS / 3
/**
 * An attempt silent this long (no outcome recorded since its claim) is taken for dead and may be
 * taken over: less than the job lease, whose end is what lets another run start at all.
 */
export const DELIVERY_TAKEOVER_AFTER_MS = DELIVERY_LEASE_MS / 2
/** Jobs one process runs at once; each is claimed only when a slot is free to send it. */
export const DELIVERY_CONCURRENCY = 4
/**
 * A submission `queued` this long with no delivery job lost its job to a process that stopped
 * between the two writes (SQLite runs without transactions); the runner queues it again. Far
 * longer than the moment between storing a submission and queueing its job.
 */
export const ORPHANED_SUBMISSION_AFTER_MS = 60_000
/** Lost submissions one run queues again. */
export const ORPHANED_BATCH_SIZE = 20

/** A whole number of milliseconds read from the environment, else `fallback`. */
function configuredMs(value: string | undefined, fallback: number): number {
  const configured = Number(value)
  return value && Number.isInteger(configured) && configured >= 0 ? configured : fallback
}

/** Backoff base, shortened by tests through CONTACT_DELIVERY_BACKOFF_MS. */
export const deliveryBackoffBaseMs = (): number =>
  configuredMs(process.env.CONTACT_DELIVERY_BACKOFF_MS, DELIVERY_BACKOFF_BASE_MS)

/**
 * The lease and the times that follow from it, at the constants' ratios; tests shorten the lease
 * through CONTACT_DELIVERY_LEASE_MS and the poll through CONTACT_DELIVERY_POLL_MS, so that a
 * takeover shows in seconds rather than the production minute.
 */
export function deliveryLease() {
  const leaseMs = configuredMs(process.env.CONTACT_DELIVERY_LEASE_MS, DELIVERY_LEASE_MS)
  return {
    leaseMs,
    renewMs: leaseMs * (DELIVERY_LEASE_RENEW_MS / DELIVERY_LEASE_MS),
    takeoverAfterMs: leaseMs * (DELIVERY_TAKEOVER_AFTER_MS / DELIVERY_LEASE_MS),
    pollMs: configuredMs(process.env.CONTACT_DELIVERY_POLL_MS, DELIVERY_POLL_INTERVAL_MS),
  }
}
