import type { CollectionAfterChangeHook, Endpoint, Payload } from 'payload'
import { hasRole, type Role } from '@/cms/access'
import { database, sql } from '@/cms/sql'
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

/**
 * Moves one held submission to `queued` and queues its delivery; false when it was not held
 * (unknown, or released already). One statement decides, so of two releases at the same moment
 * (two editors, two instances) exactly one queues a delivery; Payload's update by query reads
 * first and writes after, which let both through. Should queueing fail after the status changed,
 * the runner finds the submission without its job and queues it (requeueOrphanedSubmissions).
 */
export async function releaseHeldSubmission(payload: Payload, id: number | string): Promise<boolean> {
  const released = await database(payload).all(sql`
    UPDATE form_submissions SET delivery_status = 'queued', updated_at = ${new Date().toISOString()}
    WHERE id = ${Number(id)} AND delivery_status = 'held'
    RETURNING id`)
  if (released.length !== 1) return false
  await queueDelivery(payload, Number(id))
  return true
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
