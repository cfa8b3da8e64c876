import type { Payload } from 'payload'
import type { Form } from '@/payload-types'
import { businessTime } from '@/content/businessHours'
import { sentNoteText } from '../afterSending/settings'
import type { SentFollowUp } from '../protocol'

/** The published page's path, or null when it is unset, gone, unpublished or has no path. */
async function thankYouPath(payload: Payload, page: Form['thankYouPage']): Promise<string | null> {
  if (page === null || page === undefined) return null
  const found =
    typeof page === 'object'
      ? page
      : await payload.findByID({ collection: 'pages', id: page, depth: 0, overrideAccess: true, disableErrors: true })
  if (!found || found._status !== 'published' || typeof found.path !== 'string') return null
  // Only a path on this site: the visitor's browser is sent there.
  return found.path.startsWith('/') && !found.path.startsWith('//') ? found.path : null
}

/**
 * What the visitor is shown once their message is stored: the form's thank-you page when it has a
 * published one, otherwise its note with the send time in the business's zone. Never fails: the
 * message is stored already, and an answer that said otherwise would have it sent twice.
 */
export async function sentFollowUp(payload: Payload, form: Form, sentAt: Date): Promise<SentFollowUp> {
  const note = form.sentNote ? sentNoteText(form.sentNote, businessTime(sentAt, { clockOnly: true })) : ''
  const withNote: SentFollowUp = note ? { note } : {}
  try {
    const path = await thankYouPath(payload, form.thankYouPage)
    return path ? { thankYouPage: path } : withNote
  } catch (error) {
    payload.logger.warn(
      { err: error, form: form.id },
      'contact: the thank-you page could not be read; showing the note',
    )
    return withNote
  }
}
