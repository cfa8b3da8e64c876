// What a form does once a visitor's message is stored: the note that stays under the form, a
// thank-you page instead, and the confirmation email to the visitor. Defaults and the texts'
// placeholders live here, beside the functions that fill them in; the Forms collection, the seed,
// the endpoint and the delivery read them from here.

/** Stands for the time the message was sent, in the business's zone ("3:45 PM EST"). */
export const SENT_TIME_PLACEHOLDER = '{time}'

/** The note that stays under a form after the success message and the reset. */
export const DEFAULT_SENT_NOTE = `Sent at ${SENT_TIME_PLACEHOLDER}. We answer within one business day.`

/**
 * Stood for the visitor's name in the confirmation email; it now reads NAMELESS_GREETING for
 * everyone (src/contact/delivery/email.ts, confirmationEmail, says why), so texts written with it still read well.
 */
export const VISITOR_NAME_PLACEHOLDER = '{name}'
/** Stands for the business's name from site settings in the confirmation email. */
export const BUSINESS_NAME_PLACEHOLDER = '{business}'

export const DEFAULT_CONFIRMATION_SUBJECT = `We received your request — ${BUSINESS_NAME_PLACEHOLDER}`

// One line: a default with line breaks would reach the database's column default indented.
export const DEFAULT_CONFIRMATION_TEXT = `Hello ${VISITOR_NAME_PLACEHOLDER}, thank you for writing to ${BUSINESS_NAME_PLACEHOLDER}. Your request reached us, and a member of our team will answer within one business day.`

/** Said in place of the visitor's name in every confirmation ("Hello there"). */
export const NAMELESS_GREETING = 'there'

/** The note with the send time filled in. */
export const sentNoteText = (template: string, sentTime: string): string =>
  template.split(SENT_TIME_PLACEHOLDER).join(sentTime).trim()

/**
 * The note for the page a browser without JavaScript returns to: that page is the same for
 * everyone (cached), so it cannot know the time; the sentences naming it are left out.
 */
export function sentNoteWithoutTime(template: string): string {
  return template
    .split(/(?<=[.!?])\s+/)
    .filter((sentence) => !sentence.includes(SENT_TIME_PLACEHOLDER))
    .join(' ')
    .trim()
}
