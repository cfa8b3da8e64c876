// What the host sees of a server in a container that shares its network: a stream of visitors to
// the front while an operator's command runs, and the certificate the front presents.
import https from 'node:https'
import tls from 'node:tls'

/** A request of the loop that takes longer counts as failed. */
const LOOP_REQUEST_MS = 10_000
/** Longest wait for the front's TLS handshake. */
const HANDSHAKE_MS = 10_000

/** What a loop sends each time: a visitor's page by default; `body(n)` makes the n-th request's body. */
export type LoopRequest = {
  method?: 'GET' | 'POST'
  path?: string
  headers?: Record<string, string>
  body?: (n: number) => string
  /** A pause after each answer (a writer keeps under the site's limits); none by default. */
  pauseMs?: number
}

/**
 * Requests to the front at 127.0.0.1:443 for `domain`, one after another, until `stop`: how many
 * answered 200, and the rest.
 */
export function requestLoop(domain: string, { method = 'GET', path = '/', headers, body, pauseMs }: LoopRequest = {}) {
  let stopped = false
  const counts = { ok: 0, failed: [] as string[] }
  let sent = 0
  const once = () =>
    new Promise<void>((resolve) => {
      const payload = body?.(sent++)
      const request = https.request(
        {
          method,
          host: '127.0.0.1',
          port: 443,
          path,
          servername: domain,
          headers: { host: domain, ...headers },
          rejectUnauthorized: false,
          // A connection of its own each: a kept-alive one closed by a reload of the front as it is reused
          // fails on the client's side (a browser sends such a request again); the suite counts the server's.
          agent: false,
          timeout: LOOP_REQUEST_MS,
        },
        (response) => {
          response.resume()
          response.on('end', () => {
            if (response.statusCode === 200) counts.ok++
            else counts.failed.push(`status ${response.statusCode}`)
            resolve()
          })
        },
      )
      request.on('timeout', () => request.destroy(new Error(`no answer within ${LOOP_REQUEST_MS} ms`)))
      request.on('error', (error) => {
        counts.failed.push(error.message)
        resolve()
      })
      request.end(payload)
    })
  const running = (async () => {
    while (!stopped) {
      await once()
      if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs))
    }
  })()
  return {
    async stop() {
      stopped = true
      await running
      return counts
    },
  }
}

/**
 * The certificate the front at 127.0.0.1:443 presents for `domain`, and whether it chains up to
 * `ca` (a CA's root, PEM) and names the domain, as a browser trusting that root would check it.
 */
export function servedCertificate(domain: string, ca: string) {
  return new Promise<{ serialNumber: string; trusted: boolean; why: string | null }>((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port: 443, servername: domain, ca, rejectUnauthorized: false })
    socket.setTimeout(HANDSHAKE_MS, () => socket.destroy(new Error(`no TLS handshake within ${HANDSHAKE_MS} ms`)))
    socket.once('secureConnect', () => {
      const { serialNumber } = socket.getPeerCertificate()
      const why = socket.authorizationError ? String(socket.authorizationError) : null
      socket.end()
      resolve({ serialNumber, trusted: socket.authorized, why })
    })
    socket.once('error', reject)
  })
}
