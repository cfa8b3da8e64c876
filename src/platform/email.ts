import type { EmailAdapter } from 'payload'
import { isEmail } from '@/forms/validation'
import { createMailTransport, sendMail } from './mailTransport'

/** The sender where the site has no domain of its own (SERVER_URL names localhost or an IP address). */
export const DEFAULT_FROM_ADDRESS = 'website@localhost'
export const DEFAULT_FROM_NAME = 'Website'
/** The mailbox of the default sender on the site's own domain. */
export const DEFAULT_FROM_MAILBOX = 'website'

/** The web's host prefix, left out of the sender's domain: SPF and DMARC are set at the bare domain, and `www` is often a CNAME, which can hold no TXT record. */
const WEB_HOST_PREFIX = 'www.'
/** Names that only ever mean this machine (RFC 6761), whatever their dots. */
const LOOPBACK_NAME = /(^|\.)localhost$/

/** The domain SERVER_URL names, when it is one mail can be sent from: not localhost, not an IP address, not garbled. */
function mailDomainOf(serverUrl: string | undefined): string | null {
  if (!serverUrl || !URL.canParse(serverUrl)) return null
  const host = new URL(serverUrl).hostname.replace(/\.$/, '')
  if (LOOPBACK_NAME.test(host)) return null
  const bare = host.startsWith(WEB_HOST_PREFIX) ? host.slice(WEB_HOST_PREFIX.length) : host
  // The engine's email rule only takes a name with a top-level domain of letters: IP addresses fail it.
  for (const domain of [bare, host]) if (isEmail(`${DEFAULT_FROM_MAILBOX}@${domain}`)) return domain
  return null
}

/**
 * The sender while MAIL_FROM is unset: `website@` the domain of SERVER_URL (without `www.`), so mail
 * comes from the site's own domain; `website@localhost` where the site has none (a fresh clone).
 */
export function defaultSenderAddress(serverUrl = process.env.SERVER_URL): string {
  const domain = mailDomainOf(serverUrl)
  return domain ? `${DEFAULT_FROM_MAILBOX}@${domain}` : DEFAULT_FROM_ADDRESS
}

/** Who the site's own mail (password resets, the test mail) comes from: MAIL_FROM, else the default above. */
export const senderAddress = (): string => process.env.MAIL_FROM || defaultSenderAddress()

/** Payload's own mail (password resets) goes the same way as the site's. */
export const emailAdapter: EmailAdapter = () => {
  const transport = createMailTransport()
  return {
    name: 'site-mail',
    defaultFromAddress: senderAddress(),
    defaultFromName: DEFAULT_FROM_NAME,
    sendEmail: (message) => sendMail(transport, message as never),
  }
}
