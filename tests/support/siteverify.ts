import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type SiteverifyCall = {
  secret: string | null
  response: string | null
  remoteip: string | null
  sitekey: string | null
}

/**
 * A loopback stand-in for the siteverify endpoint that reCAPTCHA, Turnstile and hCaptcha share:
 * POST secret, response (and remoteip) as a form; JSON answer with success and error-codes.
 * Like the real services it accepts a token once and refuses it after (timeout-or-duplicate).
 * `failWith(status)` makes it answer every call with that HTTP error, as a service in an outage does.
 */
export async function startSiteverifyFake(expectedSecret: string) {
  const valid = new Set<string>()
  const used = new Set<string>()
  const calls: SiteverifyCall[] = []
  let outage: number | null = null
  const server = http.createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (body += chunk))
    req.on('end', () => {
      const answer = (status: number, value: object) => {
        res.writeHead(status, { 'Content-Type': 'application/json' })
        res.end(JSON.stringify(value))
      }
      if (outage !== null) return answer(outage, { error: 'service unavailable' })
      if (req.method !== 'POST' || !(req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded'))
        return answer(405, { success: false, 'error-codes': ['bad-request'] })
      const form = new URLSearchParams(body)
      const call = {
        secret: form.get('secret'),
        response: form.get('response'),
        remoteip: form.get('remoteip'),
        sitekey: form.get('sitekey'),
      }
      calls.push(call)
      if (!call.secret) return answer(200, { success: false, 'error-codes': ['missing-input-secret'] })
      if (call.secret !== expectedSecret)
        return answer(200, { success: false, 'error-codes': ['invalid-input-secret'] })
      if (!call.response) return answer(200, { success: false, 'error-codes': ['missing-input-response'] })
      if (used.has(call.response)) return answer(200, { success: false, 'error-codes': ['timeout-or-duplicate'] })
      if (!valid.has(call.response)) return answer(200, { success: false, 'error-codes': ['invalid-input-response'] })
      used.add(call.response)
      answer(200, { success: true, challenge_ts: new Date().toISOString(), hostname: 'localhost' })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}/siteverify`,
    calls,
    /** A token the fake will accept once, as if a person had solved the widget. */
    issueToken: () => {
      const token = `solved-${crypto.randomUUID()}`
      valid.add(token)
      return token
    },
    /** Every call answers this HTTP status from now on; null: answer normally again. */
    failWith: (status: number | null) => {
      outage = status
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A siteverify address on loopback where nothing listens: a connection to it is refused at once. */
export async function closedSiteverifyUrl(): Promise<string> {
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}/siteverify`
}
