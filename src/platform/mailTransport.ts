import fs from 'node:fs'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { SendMailOptions, Transporter } from 'nodemailer'
import { OUTBOX_FOLDER } from '@/platform/dataFolder.mjs'
import { DATA_DIR } from '@/platform/paths'

/** The outbox as docs/configuration.md names it, for people: the folder's place under the data folder. */
export const OUTBOX_FOLDER_NAME = 'data/outbox/'
export const OUTBOX_DIR = path.join(DATA_DIR, OUTBOX_FOLDER)

/** Longest reaching the SMTP server may take, from looking its name up to its greeting. */
export const SMTP_CONNECTION_TIMEOUT_MS = 2_000
/** Longest a server that took the connection may take to greet: one that says nothing is down. */
export const SMTP_GREETING_TIMEOUT_MS = 1_500
/** Longest the server may stay silent later in a send that someone's request is waiting for. */
export const SMTP_SOCKET_TIMEOUT_MS = 5_000
/**
 * The same silence for a send from a retrying queue, which no request waits for: a server may take
 * a while to accept a message it was handed, and giving up too soon would send it twice.
 */
export const SMTP_QUEUED_SOCKET_TIMEOUT_MS = 60_000

/** The variable that names the mail server; without it, mail is only written to data/outbox/. */
export const SMTP_URL_VARIABLE = 'SMTP_URL'

/** Whether mail leaves this machine: false on a fresh clone, where it is only written to the outbox. */
export const mailServerConfigured = (smtpUrl = process.env[SMTP_URL_VARIABLE]): boolean => Boolean(smtpUrl)

/** How mail leaves this instance: handed to the SMTP server, or only written to the outbox. */
export const mailRoute = (smtpUrl = process.env[SMTP_URL_VARIABLE]): SentMail['via'] =>
  mailServerConfigured(smtpUrl) ? 'smtp' : 'outbox'

/**
 * SMTP when SMTP_URL is set, within the timeouts above (settings in SMTP_URL's query win);
 * otherwise every message is written to data/outbox/ as an .eml file, so a fresh machine
 * delivers somewhere a person can open.
 */
export function createMailTransport({
  smtpUrl = process.env.SMTP_URL,
  socketTimeoutMs = SMTP_SOCKET_TIMEOUT_MS,
}: { smtpUrl?: string; socketTimeoutMs?: number } = {}): Transporter {
  if (smtpUrl)
    return nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: SMTP_CONNECTION_TIMEOUT_MS,
      greetingTimeout: SMTP_GREETING_TIMEOUT_MS,
      socketTimeout: socketTimeoutMs,
    })
  return nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
}

/** Where a sent message went: handed to the mail server, or only written to a file in the outbox. */
export type SentMail = { via: 'smtp'; messageId: string } | { via: 'outbox'; file: string }

/** Sends a message; with the outbox transport, saves it as a file and says so. */
export async function sendMail(transport: Transporter, message: SendMailOptions): Promise<SentMail> {
  const info = await transport.sendMail(message)
  const raw = (info as { message?: Buffer }).message
  if (!Buffer.isBuffer(raw)) return { via: 'smtp', messageId: String(info.messageId) }
  fs.mkdirSync(OUTBOX_DIR, { recursive: true })
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(info.messageId).replace(/[^\w.-]/g, '')}.eml`
  const file = path.join(OUTBOX_DIR, name)
  fs.writeFileSync(file, raw)
  return { via: 'outbox', file }
}
