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
 * Queues the delivery with the write that stores the submission. On PostgreSQL both are in one
 * transaction; on SQLite (no transactions) a stop between the two leaves the submission without
 * a job, and the queue runner queues it again (requeueOrphanedSubmissions). A job that cannot be
 * queued is left to that runner too: the submission is kept and the visitor told it was received,
 * rather than asked to send it again (which would deliver it twice).
 */
export const queueDeliveryOnCreate: CollectionAfterChangeHook = async ({ doc, operation, req }) => {
  if (operation !== 'create' || doc.deliveryStatus !== 'queued') return doc
  try {
    await queueDelivery(req.payload, doc.id, req)
  } catch (error) {
    req.payload.logger.error({ err: error, submission: doc.id }, 'contact queue: job not queued; the runner will')
  }
  return doc
}
