import { mailServerConfigured, OUTBOX_FOLDER_NAME, SMTP_URL_VARIABLE } from '@/platform/mailTransport'

/** The notice's heading, which tests and the dashboard look for. */
export const MAIL_NOT_SENT_HEADING = 'Mail is not being sent'

/**
 * On the dashboard and above the submissions list while no mail server is set: contact emails are
 * then only files on the server, and nothing else in the admin would say so.
 */
export function MailNotSentNotice() {
  if (mailServerConfigured()) return null
  return (
    <section
      aria-labelledby="mail-not-sent-heading"
      className="mail-not-sent"
      style={{
        border: '1px solid var(--theme-warning-500)',
        background: 'var(--theme-warning-100)',
        color: 'var(--theme-text)',
        borderRadius: 'var(--style-radius-s)',
        padding: '0.75rem 1rem',
        marginBottom: '1.5rem',
      }}
    >
      <h2 id="mail-not-sent-heading" style={{ fontSize: '1rem', margin: '0 0 0.25rem' }}>
        {MAIL_NOT_SENT_HEADING}
      </h2>
      <p style={{ margin: 0 }}>
        No mail server is set, so contact requests, confirmations, chat transcripts and password resets are only written
        as files to <code>{OUTBOX_FOLDER_NAME}</code> on the server; nobody receives them. To send them, set{' '}
        <code>{SMTP_URL_VARIABLE}</code> in the site&rsquo;s <code>.env</code> (for example{' '}
        <code>smtp://user:password@mail.example.com:587</code>) and restart the site. Requests marked &ldquo;written to
        the outbox&rdquo; can be read in those files.
      </p>
    </section>
  )
}
