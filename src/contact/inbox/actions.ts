import { randomBytes } from 'node:crypto'
import type { Payload } from 'payload'
import { database, sql } from '@/platform/sql'
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

/**
 * Appends who did what and when, as one row after the message's last, in one statement: two
 * actions recorded at the same moment both stay (a read-then-rewrite of the list lost one).
 * The history is read-only to everyone but this code.
 */
async function record(payload: Payload, id: number, action: InboxAction, by: string, at: string) {
  await database(payload).run(sql`
    INSERT INTO form_submissions_history (_order, _parent_id, id, action, "by", "at")
    VALUES (
      (SELECT COALESCE(MAX(_order), 0) + 1 FROM form_submissions_history WHERE _parent_id = ${id}),
      ${id}, ${randomBytes(12).toString('hex')}, ${action}, ${by}, ${at}
    )`)
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
