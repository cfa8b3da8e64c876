import type { FormSubmission } from '@/payload-types'

/** What an editor can do to a submission from the inbox, each recorded in its history. */
export const INBOX_ACTIONS = ['release', 'resend', 'notSpam', 'handled'] as const
export type InboxAction = (typeof INBOX_ACTIONS)[number]

/** Where each action posts, under /api/form-submissions/<id>/. */
export const ACTION_PATHS: Record<InboxAction, string> = {
  release: 'release',
  resend: 'resend',
  notSpam: 'not-spam',
  handled: 'handled',
}

export const actionUrl = (id: number | string, action: InboxAction) =>
  `/api/form-submissions/${encodeURIComponent(String(id))}/${ACTION_PATHS[action]}`

export const ACTION_LABELS: Record<InboxAction, string> = {
  release: 'Release for delivery',
  resend: 'Resend',
  notSpam: 'Not spam, deliver',
  handled: 'Mark handled',
}

/** The status an action needs; `handled` applies to any message not yet handled. */
export const ACTION_FROM: Record<InboxAction, NonNullable<FormSubmission['deliveryStatus']> | null> = {
  release: 'held',
  resend: 'failed',
  notSpam: 'spam',
  handled: null,
}

export const ACTION_MESSAGES = {
  done: {
    release: 'Released: the message is queued for delivery.',
    resend: 'Queued again: the message will be emailed once.',
    notSpam: 'Marked not spam: the message is queued for delivery.',
    handled: 'Marked handled.',
  } satisfies Record<InboxAction, string>,
  wrongState: {
    release: 'This message is not held for review (it may have been released already).',
    resend: 'Only a message whose delivery failed can be resent (it may have been resent already).',
    notSpam: 'This message is not marked spam (it may have been delivered already).',
    handled: 'This message is already marked handled.',
  } satisfies Record<InboxAction, string>,
  signedOut: 'Sign in to work the inbox.',
  forbidden: 'Only editors and admins can work the inbox.',
  notFound: 'There is no such message.',
} as const
