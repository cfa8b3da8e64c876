import type { FieldServerComponent } from 'payload'
import { labelledEntries } from '../delivery/email'
import type { FormSubmission } from '@/payload-types'
import { findForm } from '../server/formCache'
import { replyLink } from './reply'

/** What the visitor wrote, as they saw the form: its labels and its option labels, read-only. */
export const SubmissionMessage: FieldServerComponent = async ({ data, payload }) => {
  const submission = data as Partial<FormSubmission> | undefined
  if (!submission?.form) return null
  const form = typeof submission.form === 'object' ? submission.form : await findForm(payload, submission.form)
  const entries = labelledEntries(form, { data: submission.data ?? [] })
  const reply =
    form && submission.createdAt
      ? replyLink(form, { data: submission.data ?? [], createdAt: submission.createdAt })
      : null
  return (
    <section className="submission-message" aria-label="Message" style={{ marginBottom: '2rem' }}>
      <h3 style={{ marginBottom: '0.75rem' }}>{form ? `Sent with “${form.title}”` : 'Message'}</h3>
      <dl style={{ display: 'grid', gridTemplateColumns: 'minmax(10rem, 18rem) 1fr', gap: '0.5rem 1.5rem' }}>
        {entries.map((entry, index) => (
          <div key={index} style={{ display: 'contents' }}>
            <dt style={{ fontWeight: 600 }}>{entry.label}</dt>
            <dd style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{entry.value || '—'}</dd>
          </div>
        ))}
      </dl>
      {reply && (
        <p style={{ marginTop: '1rem' }}>
          <a className="btn btn--style-primary btn--size-small submission-reply" href={reply}>
            Reply by email
          </a>
        </p>
      )}
    </section>
  )
}
