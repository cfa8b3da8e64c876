import { createMailTransport, OUTBOX_FOLDER_NAME, SMTP_URL_VARIABLE } from '@/platform/mailTransport'
import { type CheckResult, reasonOf } from './check'

const NAME = 'mail'

/** The mail server as it may be printed: host and port, and the user it signs in as (never the password). */
function describeServer(smtpUrl: string): { where: string; signsIn: boolean } {
  try {
    const url = new URL(smtpUrl)
    const user = decodeURIComponent(url.username)
    return { where: `${user ? `${user}@` : ''}${url.host}`, signsIn: Boolean(user) }
  } catch {
    return { where: `${SMTP_URL_VARIABLE} (not an address)`, signsIn: false }
  }
}

/** The fix for nodemailer's error codes: a refused sign-in, or a server out of reach. */
const fixFor = (code: string | undefined) =>
  code === 'EAUTH'
    ? `check the user and password in ${SMTP_URL_VARIABLE} (the mail provider's SMTP credentials)`
    : `check ${SMTP_URL_VARIABLE}'s host and port, and that this machine may reach them (many hosts block outgoing port 25)`

/**
 * Whether the mail server SMTP_URL names takes a connection and, when the address has a user, our
 * sign-in (nodemailer's verify, within the site's SMTP timeouts). Without SMTP_URL mail only goes
 * to the outbox: a warning in production, off elsewhere.
 */
export async function mailCheck({
  smtpUrl,
  production,
}: {
  smtpUrl: string | undefined
  production: boolean
}): Promise<CheckResult> {
  if (!smtpUrl) {
    const detail = `outbox: ${SMTP_URL_VARIABLE} is not set, so mail is written to ${OUTBOX_FOLDER_NAME} and never sent`
    if (!production) return { name: NAME, status: 'off', detail }
    return {
      name: NAME,
      status: 'warn',
      detail,
      fix: `set ${SMTP_URL_VARIABLE} to your mail server (smtp://user:password@host:587) and restart the site`,
    }
  }
  const { where, signsIn } = describeServer(smtpUrl)
  const transport = createMailTransport({ smtpUrl })
  try {
    await transport.verify()
    return {
      name: NAME,
      status: 'ok',
      detail: signsIn ? `the mail server at ${where} takes our sign-in` : `the mail server at ${where} answers`,
    }
  } catch (error) {
    return {
      name: NAME,
      status: 'fail',
      detail: `the mail server at ${where}: ${reasonOf(error)}`,
      fix: fixFor((error as { code?: string }).code),
    }
  } finally {
    transport.close()
  }
}
