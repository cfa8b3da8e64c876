import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll } from 'vitest'

export type ReceivedMail = { from: string; to: string[]; raw: string; receivedAt: number }

/** The decoded body of a received message (nodemailer writes quoted-printable for long lines). */
export const bodyOf = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8')

/** The header lines of a received message, folded lines joined. */
export const headersOf = (raw: string): string[] =>
  raw
    .slice(0, raw.indexOf('\r\n\r\n'))
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')

/**
 * How the loopback SMTP server answers a message: accept it, refuse it for now / for good once it
 * is sent, or refuse its recipient before it is (`550 No such user here`).
 */
export type SmtpMode = 'accept' | 'tempfail' | 'permfail' | 'refuseRecipient'

/** What the server says to a recipient it refuses. */
export const REFUSED_RECIPIENT_REPLY = 'No such user here'

/** A real SMTP server on loopback that keeps what it accepts. */
export async function startSmtpServer(port = 0) {
  const received: ReceivedMail[] = []
  let mode: SmtpMode = 'accept'
  let holdMs = 0
  let holding = 0
  const closed = new Set<string>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onClose(session) {
      closed.add(session.id)
    },
    onRcptTo(address, _session, callback) {
      if (mode !== 'refuseRecipient') return callback()
      const error = new Error(`${REFUSED_RECIPIENT_REPLY}: ${address.address}`) as Error & { responseCode: number }
      error.responseCode = 550
      callback(error)
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const answer = () => {
          holding--
          // A client gone before our final reply never saw its message accepted: keep nothing.
          if (closed.has(session.id)) return callback(new Error('Connection closed'))
          if (mode !== 'accept') {
            const error = new Error(mode === 'tempfail' ? 'Try again later' : 'Mailbox unavailable') as Error & {
              responseCode: number
            }
            error.responseCode = mode === 'tempfail' ? 451 : 550
            return callback(error)
          }
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
            receivedAt: Date.now(),
          })
          callback()
        }
        holding++
        if (holdMs > 0) setTimeout(answer, holdMs)
        else answer()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const actualPort = (server.server.address() as AddressInfo).port
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}?ignoreTLS=true`,
    received,
    setMode: (next: SmtpMode) => {
      mode = next
    },
    /** Holds each message this long before answering it, as a slow mail server does. */
    setHoldMs: (ms: number) => {
      holdMs = ms
    },
    /** Messages read whole and not yet answered. */
    holding: () => holding,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A real SMTP server on loopback that takes each connection and never greets it, as a hung mail server does. */
export async function startSilentSmtpServer() {
  let connections = 0
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // The greeting waits for this callback, which is never called.
    onConnect() {
      connections++
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    /** Connections taken so far. */
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * Registers a loopback SMTP server for a suite: started before the suite's other set-up (register
 * this first), named by SMTP_URL while the suite runs, closed and SMTP_URL put back after it.
 */
export function setUpSmtpServer() {
  const suite = {} as { server: Awaited<ReturnType<typeof startSmtpServer>> }
  const urlBefore = process.env.SMTP_URL
  beforeAll(async () => {
    suite.server = await startSmtpServer()
    process.env.SMTP_URL = suite.server.url
  })
  afterAll(async () => {
    await suite.server?.close()
    if (urlBefore === undefined) delete process.env.SMTP_URL
    else process.env.SMTP_URL = urlBefore
  })
  return suite
}
