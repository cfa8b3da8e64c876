import type { EmailAdapter } from 'payload'
import { createMailTransport, sendMail } from './mailTransport'

export const DEFAULT_FROM_ADDRESS = 'website@localhost'
export const DEFAULT_FROM_NAME = 'Website'

/** Payload's own mail (password resets) goes the same way as the site's. */
export const emailAdapter: EmailAdapter = () => {
  const transport = createMailTransport()
  return {
    name: 'site-mail',
    defaultFromAddress: process.env.MAIL_FROM || DEFAULT_FROM_ADDRESS,
    defaultFromName: DEFAULT_FROM_NAME,
    sendEmail: (message) => sendMail(transport, message as never),
  }
}
