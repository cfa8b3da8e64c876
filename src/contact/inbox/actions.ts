import type { Payload } from 'payload'
import { database, sql } from '@/cms/sql'
import type { FormSubmission } from '@/payload-types'
import { queueDelivery } from '../delivery/queueOnCreate'
import { ACTION_FROM, type InboxAction } from './protocol'

/**
 * Moves one submission out of the status the action needs, in one statement, so of two clicks or
 * two editors at the same moment exactly one succeeds (the other finds the status changed).
 */
async function transition(payload: Payload, id: number, action: InboxAction, at: string): Promise<boolean> {
  const db = database(payload)
  const rows =
    action === 'handled'
      ? await db.all(sql`
          UPDATE form_submissions SET handled_at = ${at}, updated_at = ${at}
          WHERE id = ${id} AND handled_at IS NULL RETURNING id`)
      : await db.all(sql`
          UPDATE form_submissions
          SET delivery_status = 'queued', delivery_attempts = 0, last_delivery_error = NULL, updated_at = ${at}
          WHERE id = ${id} AND delivery_status = ${ACTION_FROM[action] ?? ''} RETURNING id`)
  return rows.length === 1
}

/** Appends who did what and when; the history is read-only to everyone but this code. */
async function record(payload: Payload, id: number, action: InboxAction, by: string, at: string) {
  const current = (await payload.findByID({
    collection: 'form-submissions',
    id,
    depth: 0,
    overrideAccess: true,
  })) as FormSubmission
  const history = [...(current.history ?? []).map(({ action, by, at }) => ({ action, by, at })), { action, by, at }]
  await payload.update({ collection: 'form-submissions', id, data: { history }, overrideAccess: true, depth: 0 })
}

export type ActionOutcome = 'done' | 'wrongState' | 'notFound'

/** Applies an inbox action for the person `by` (their email) and queues the delivery it calls for. */
export async function applyInboxAction(
  payload: Payload,
  id: number,
  action: InboxAction,
  by: string,
): Promise<ActionOutcome> {
  const at = new Date().toISOString()
  if (!(await transition(payload, id, action, at))) {
    const exists = await payload.findByID({
      collection: 'form-submissions',
      id,
      depth: 0,
      overrideAccess: true,
      disableErrors: true,
    })
    return exists ? 'wrongState' : 'notFound'
  }
  // Recorded before the job is queued: a failure here is logged, and the message still goes out.
  await record(payload, id, action, by, at).catch((error: unknown) =>
    payload.logger.error({ err: error, submission: id, action }, 'inbox: action not recorded in history'),
  )
  if (action !== 'handled') await queueDelivery(payload, id)
  return 'done'
}
