import fs from 'node:fs'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { SendMailOptions, Transporter } from 'nodemailer'
import { DATA_DIR } from '@/platform/paths'

export const OUTBOX_DIR = path.join(DATA_DIR, 'outbox')

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

/** Sends a message; with the outbox transport, saves it and returns the file's path. */
export async function sendMail(transport: Transporter, message: SendMailOptions): Promise<string> {
  const info = await transport.sendMail(message)
  const raw = (info as { message?: Buffer }).message
  if (!Buffer.isBuffer(raw)) return String(info.messageId)
  fs.mkdirSync(OUTBOX_DIR, { recursive: true })
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(info.messageId).replace(/[^\w.-]/g, '')}.eml`
  const file = path.join(OUTBOX_DIR, name)
  fs.writeFileSync(file, raw)
  return file
}
