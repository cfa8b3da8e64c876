import type { Form, FormSubmission } from '@/payload-types'
import { businessTime } from '@/content/businessHours'
import { headerText, labelledEntries, visitorEmail } from '../delivery/email'

/** Mail programs and browsers cut long `mailto:` addresses; the quoted message stops before that. */
export const REPLY_QUOTE_LIMIT = 1500

/**
 * A `mailto:` address that answers the visitor from the inbox: to the address they gave, subject
 * "Re: <form title>", and what they wrote quoted below the cursor. Null when they gave none.
 */
export function replyLink(
  form: Pick<Form, 'fields' | 'title'>,
  submission: Pick<FormSubmission, 'data' | 'createdAt'>,
) {
  const to = visitorEmail(form, submission)
  if (!to) return null
  const message = labelledEntries(form, submission)
    .map((entry) => `${entry.label}: ${entry.value || '—'}`)
    .join('\n')
  const quoted = (message.length > REPLY_QUOTE_LIMIT ? `${message.slice(0, REPLY_QUOTE_LIMIT)}…` : message)
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n')
  const body = `\n\nOn ${businessTime(submission.createdAt)} you wrote:\n${quoted}\n`
  // The address as one mailbox: anything that could start a query (?, &, %) stays encoded.
  const mailbox = encodeURIComponent(to).replace('%40', '@')
  return `mailto:${mailbox}?subject=${encodeURIComponent(`Re: ${headerText(form.title)}`)}&body=${encodeURIComponent(body)}`
}
