import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export type ReceivedMail = { from: string; to: string[]; raw: string }

/** How the loopback SMTP server answers a message: accept it, or refuse it for now / for good. */
export type SmtpMode = 'accept' | 'tempfail' | 'permfail'

/** A real SMTP server on loopback that keeps what it accepts. */
export async function startSmtpServer(port = 0) {
  const received: ReceivedMail[] = []
  let mode: SmtpMode = 'accept'
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
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
        })
        callback()
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
