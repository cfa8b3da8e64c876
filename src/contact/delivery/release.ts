import type { CollectionAfterChangeHook, Payload } from 'payload'
import { applyInboxAction } from '../inbox/actions'
import { queueDelivery } from './queueOnCreate'

/**
 * A held submission that becomes `queued` through the local API (a script; the REST API keeps the
 * status read-only) gets its delivery job with the change, like a new submission (queueOnCreate.ts).
 */
export const queueDeliveryOnRelease: CollectionAfterChangeHook = async ({ doc, previousDoc, operation, req }) => {
  if (operation !== 'update' || previousDoc?.deliveryStatus !== 'held' || doc.deliveryStatus !== 'queued') return doc
  await queueDelivery(req.payload, doc.id, req)
  return doc
}

/**
 * Moves one held submission to `queued` and queues its delivery; false when it was not held
 * (unknown, or released already). The inbox's release action (src/contact/inbox/actions.ts)
 * decides in one statement, so of two releases at the same moment exactly one queues a delivery.
 */
export async function releaseHeldSubmission(payload: Payload, id: number | string, by = 'system'): Promise<boolean> {
  return (await applyInboxAction(payload, Number(id), 'release', by)) === 'done'
}
