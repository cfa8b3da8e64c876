import type { CollectionAfterChangeHook, PayloadRequest } from 'payload'
import { CONTACT_QUEUE, DELIVER_SUBMISSION_TASK } from './constants'

/** Queues a submission's delivery job inside the request's transaction. */
export async function queueDelivery(req: PayloadRequest, submissionId: number) {
  await req.payload.jobs.queue({
    task: DELIVER_SUBMISSION_TASK,
    input: { submissionId },
    queue: CONTACT_QUEUE,
    req,
  })
}

/**
 * Queues the delivery in the same transaction that stores the submission: either both are
 * written or neither, so a stop between the two can lose nothing.
 */
export const queueDeliveryOnCreate: CollectionAfterChangeHook = async ({ doc, operation, req }) => {
  if (operation !== 'create' || doc.deliveryStatus !== 'queued') return doc
  await queueDelivery(req, doc.id)
  return doc
}
