import type { CollectionAfterChangeHook, Payload, PayloadRequest } from 'payload'
import { CONTACT_QUEUE, DELIVER_SUBMISSION_TASK } from './constants'

/** Queues a submission's delivery job, inside the request's transaction when there is one. */
export async function queueDelivery(payload: Payload, submissionId: number, req?: PayloadRequest) {
  await payload.jobs.queue({
    task: DELIVER_SUBMISSION_TASK,
    input: { submissionId },
    queue: CONTACT_QUEUE,
    req,
  })
}

/**
 * Queues the delivery with the write that stores the submission.
 * - On PostgreSQL both are in one transaction. A job that cannot be queued fails the store: after a
 *   failed statement PostgreSQL turns the commit into a rollback (and Payload reports no error), so
 *   the submission would be gone while the visitor was told it was received. Failing here makes it
 *   a 503, and the visitor sends it again with nothing stored twice.
 * - On SQLite (no transactions) the submission is already stored. A stop between the two writes,
 *   or a job that cannot be queued, leaves it without a job, and the queue runner queues it again
 *   (requeueOrphanedSubmissions); the visitor is told it was received rather than asked to send it
 *   again, which would deliver it twice.
 */
export const queueDeliveryOnCreate: CollectionAfterChangeHook = async ({ doc, operation, req }) => {
  if (operation !== 'create' || doc.deliveryStatus !== 'queued') return doc
  try {
    await queueDelivery(req.payload, doc.id, req)
  } catch (error) {
    if (req.transactionID) throw error
    req.payload.logger.error({ err: error, submission: doc.id }, 'contact queue: job not queued; the runner will')
  }
  return doc
}
