// What `npm run mail:test -- ADDRESS` does (scripts/mail-test.mjs): one short mail through the
// configured mail server, with the transport the site sends with, and the server's own answer.
import type SMTPTransport from 'nodemailer/lib/smtp-transport'
import { isEmail } from '@/forms/validation'
import { DEFAULT_FROM_ADDRESS, DEFAULT_FROM_NAME, defaultSenderAddress } from './email'
import { createMailTransport, OUTBOX_FOLDER_NAME, SMTP_URL_VARIABLE } from './mailTransport'

export const TEST_MAIL_SUBJECT = 'Test mail from the website'
/** Where an operator reads how to set the mail up. */
const MAIL_DOCS = 'docs/email.md'
/** The ports nodemailer uses when SMTP_URL names none: the submission port (STARTTLS), or implicit TLS for smtps://. */
const SUBMISSION_PORT = 587
const IMPLICIT_TLS_PORT = 465
const SMTP_PROTOCOLS = new Set(['smtp:', 'smtps:'])

/** Why no test mail was sent, in one line that says what to do; never the password SMTP_URL may hold. */
export class MailTestFailure extends Error {
  override name = 'MailTestFailure'
}

/** The mail server's answer to the test mail. */
export type TestMailAnswer = {
  /** The server's host and port, as SMTP_URL names them. */
  server: string
  from: string
  to: string
  accepted: string[]
  rejected: string[]
  /** The server's last reply line, as it wrote it (`250 2.0.0 Ok: queued as …`). */
  response: string
  /** Set when the sender is on no real domain, which most mail servers refuse or file as spam. */
  senderWarning: string | null
}

/** The server SMTP_URL names, as `host:port`, leaving out the user name and password it may carry. */
function serverOf(smtpUrl: string): string {
  const url = URL.canParse(smtpUrl) ? new URL(smtpUrl) : null
  if (!url || !SMTP_PROTOCOLS.has(url.protocol) || !url.hostname)
    throw new MailTestFailure(
      `${SMTP_URL_VARIABLE} is not an smtp:// or smtps:// address of a mail server (examples in ${MAIL_DOCS})`,
    )
  return `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? IMPLICIT_TLS_PORT : SUBMISSION_PORT)}`
}

type SmtpError = Error & { code?: string; response?: string; command?: string }

const CONNECTION_ERRORS = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'EPROXY'])
const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ').trim()

/** What went wrong, in the server's own words where it answered. */
function failureOf(error: SmtpError, server: string): MailTestFailure {
  const words = oneLine(error.response || error.message)
  if (error.code && CONNECTION_ERRORS.has(error.code))
    return new MailTestFailure(`could not reach the mail server at ${server}: ${words}`)
  if (error.code === 'EAUTH')
    return new MailTestFailure(`the mail server at ${server} refused the user name and password: ${words}`)
  if (error.code === 'EENVELOPE' || error.code === 'EMESSAGE')
    return new MailTestFailure(`the mail server at ${server} refused the mail: ${words}`)
  return new MailTestFailure(`the mail server at ${server} did not take the mail: ${words}`)
}

const addressText = (address: string | { address: string }) => (typeof address === 'string' ? address : address.address)

/**
 * Sends the test mail to `to` from MAIL_FROM (or the default sender) through SMTP_URL, within the
 * transport's timeouts. Refuses, before any connection, a malformed address or MAIL_FROM, an unset
 * SMTP_URL (mail would only be written to the outbox) and one that names no mail server.
 */
export async function sendTestMail(
  to: string,
  { smtpUrl = process.env[SMTP_URL_VARIABLE], mailFrom = process.env.MAIL_FROM, now = new Date() } = {},
): Promise<TestMailAnswer> {
  if (!isEmail(to)) throw new MailTestFailure(`"${oneLine(to)}" is not an email address`)
  if (!smtpUrl)
    throw new MailTestFailure(
      `${SMTP_URL_VARIABLE} is not set, so the site only writes mail as files to ${OUTBOX_FOLDER_NAME} and nobody ` +
        `receives it: set ${SMTP_URL_VARIABLE} in the site's settings (${MAIL_DOCS})`,
    )
  const server = serverOf(smtpUrl)
  if (mailFrom && !isEmail(mailFrom))
    throw new MailTestFailure(`MAIL_FROM "${oneLine(mailFrom)}" is not an email address`)
  const from = mailFrom || defaultSenderAddress()
  const transport = createMailTransport({ smtpUrl })
  try {
    const info = (await transport.sendMail({
      from: { name: DEFAULT_FROM_NAME, address: from },
      to,
      subject: TEST_MAIL_SUBJECT,
      text:
        `This mail was sent by npm run mail:test at ${now.toISOString()}, from ${from} through ${server}.\n` +
        "If it reached you, the website's mail leaves the server; if it landed in spam, see the sender domain's " +
        `SPF, DKIM and DMARC records (${MAIL_DOCS}).\n`,
    })) as SMTPTransport.SentMessageInfo
    return {
      server,
      from,
      to,
      accepted: info.accepted.map(addressText),
      rejected: info.rejected.map(addressText),
      response: oneLine(info.response),
      senderWarning:
        from === DEFAULT_FROM_ADDRESS
          ? `the sender is ${from}, as SERVER_URL names no domain of the site's: set MAIL_FROM to an address on ` +
            `the site's domain, or most mail servers will refuse the site's mail or file it as spam (${MAIL_DOCS})`
          : null,
    }
  } catch (error) {
    throw failureOf(error as SmtpError, server)
  } finally {
    transport.close()
  }
}
