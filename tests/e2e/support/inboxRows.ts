import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { createClient } from '@libsql/client'
import { completeContactFields } from '../../../bench/lib/contactFields.mjs'
import { CONTACT_FORM_ID, SEED_FORMS } from '../../../src/setup/seed/content/forms'
import { DELIVERY_MAX_ATTEMPTS } from '../../../src/contact/delivery/constants'
import { summarise } from '../../../src/contact/inbox/summary'
import { E2E_DATA_DIR } from '../helpers'

/** What the delivery pipeline leaves after a day of refused retries: every attempt made, and this last error. */
const REFUSED_ERROR = 'Error: Message failed: 550 Mailbox unavailable'
/** How long a write waits for the running server to release the database. */
const BUSY_TIMEOUT_MS = 10_000

export type StoredState = 'failed' | 'spam' | 'held'

const CONTACT_FIELDS = SEED_FORMS.find((form) => form.data.id === CONTACT_FORM_ID)!.data.fields

/** A contact-form message as a visitor of the given name fills it in. */
const messageFrom = (name: string) =>
  completeContactFields(name, {
    email: 'inbox.visitor@example.com',
    service: 'lien-search',
    message: `A request from ${name} about parcel 010-123456 on Main Street, Columbus.`,
  })

/**
 * Stores contact messages in the states that take the site a day (failed), a spam filter or a
 * post without JavaScript (held) to reach, as rows in the running suite's SQLite database; the server reads them like any other.
 * Returns their ids, in the order asked.
 */
export async function storeInboxMessages(wanted: { name: string; state: StoredState }[]): Promise<number[]> {
  const client = createClient({ url: `file:${path.join(E2E_DATA_DIR, 'site.db')}` })
  try {
    await client.execute(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`)
    const ids: number[] = []
    for (const { name, state } of wanted) {
      const data = messageFrom(name)
      const failed = state === 'failed'
      const transaction = await client.transaction('write')
      try {
        const inserted = await transaction.execute({
          sql: `INSERT INTO form_submissions (form_id, delivery_status, delivery_attempts, last_delivery_error, page_url, summary)
                VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
          args: [
            CONTACT_FORM_ID,
            state,
            failed ? DELIVERY_MAX_ATTEMPTS : 0,
            failed ? REFUSED_ERROR : null,
            'http://127.0.0.1/contact',
            summarise(CONTACT_FIELDS, data),
          ],
        })
        const id = Number(inserted.rows[0].id)
        for (const [order, item] of data.entries())
          await transaction.execute({
            sql: 'INSERT INTO form_submissions_data (_order, _parent_id, id, name, value) VALUES (?, ?, ?, ?, ?)',
            args: [order + 1, id, randomBytes(12).toString('hex'), item.name, item.value],
          })
        await transaction.commit()
        ids.push(id)
      } finally {
        transaction.close()
      }
    }
    return ids
  } finally {
    client.close()
  }
}
