import type { CollectionAfterChangeHook, Endpoint, Payload, PayloadRequest } from 'payload'
import { hasRole, type Role } from '@/cms/access'
import { RELEASE_MESSAGES, RELEASE_PATH } from '../admin/releasePath'
import { queueDelivery } from './queueOnCreate'
import { runContactQueue } from './runner'

/**
 * A held submission that becomes `queued` (by the release button, or an admin changing the
 * status) gets its delivery job with the change, like a new submission (see queueOnCreate.ts).
 */
export const queueDeliveryOnRelease: CollectionAfterChangeHook = async ({ doc, previousDoc, operation, req }) => {
  if (operation !== 'update' || previousDoc?.deliveryStatus !== 'held' || doc.deliveryStatus !== 'queued') return doc
  await queueDelivery(req.payload, doc.id, req)
  return doc
}

/** Moves one held submission to `queued`; false when it was not held (unknown, or released already). */
export async function releaseHeldSubmission(
  payload: Payload,
  id: number | string,
  req?: Partial<PayloadRequest>,
): Promise<boolean> {
  const { docs } = await payload.update({
    collection: 'form-submissions',
    where: { and: [{ id: { equals: id } }, { deliveryStatus: { equals: 'held' } }] },
    data: { deliveryStatus: 'queued' },
    overrideAccess: true,
    depth: 0,
    req,
  })
  return docs.length === 1
}

const answer = (status: number, message: string) =>
  Response.json({ ok: status === 200, message }, { status, headers: { 'Cache-Control': 'no-store' } })

/** POST /api/form-submissions/:id/release, for editors and admins. */
export const releaseSubmissionEndpoint: Endpoint = {
  path: RELEASE_PATH,
  method: 'post',
  handler: async (req) => {
    if (!hasRole(req.user as { roles?: Role[] } | null, 'admin', 'editor'))
      return answer(403, RELEASE_MESSAGES.forbidden)
    const id = String(req.routeParams?.id ?? '')
    if (!/^\d{1,12}$/.test(id)) return answer(404, RELEASE_MESSAGES.notHeld)
    if (!(await releaseHeldSubmission(req.payload, Number(id)))) return answer(409, RELEASE_MESSAGES.notHeld)
    void runContactQueue(req.payload)
    return answer(200, RELEASE_MESSAGES.released)
  },
}
