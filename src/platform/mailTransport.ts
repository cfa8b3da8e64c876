import fs from 'node:fs'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { SendMailOptions, Transporter } from 'nodemailer'
import { DATA_DIR } from '@/platform/paths'

export const OUTBOX_DIR = path.join(DATA_DIR, 'outbox')

/**
 * SMTP when SMTP_URL is set; otherwise every message is written to data/outbox/ as an .eml
 * file, so a fresh machine delivers somewhere a person can open.
 */
export function createMailTransport(smtpUrl = process.env.SMTP_URL): Transporter {
  if (smtpUrl) return nodemailer.createTransport(smtpUrl)
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
