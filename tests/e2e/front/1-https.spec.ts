// The production front over https: HTTP/2 with TLS, plain HTTP redirected, HSTS on every answer,
// and the app told of the visitor's https. (The production-stack suites run in the order of their
// names, on one stack: tests/e2e/support/productionStack.ts.)
import http2 from 'node:http2'
import { expect } from '@playwright/test'
import { CSRF_ENDPOINT } from '../../../src/security/csrfProtocol'
import { MEDIA_FILE_PREFIX } from '../../../src/server/mediaFiles'
import { HSTS_VALUE } from '../../../src/security/headers'
import { APP_A, FRONT, PORTS, test } from '../support/productionStack'

const FRONT_PLAIN_HTTP = `http://127.0.0.1:${PORTS.front}`

/** One GET over HTTP/2 on a new TLS connection: the protocol ALPN chose, the status and the headers. */
function http2Get(origin: string, path: string, timeoutMs: number) {
  return new Promise<{ alpn: string | false; status: number; headers: http2.IncomingHttpHeaders }>(
    (resolve, reject) => {
      const session = http2.connect(origin)
      const timer = setTimeout(() => {
        session.destroy()
        reject(new Error(`no HTTP/2 answer from ${origin}${path} within ${timeoutMs} ms`))
      }, timeoutMs)
      const fail = (error: Error) => {
        clearTimeout(timer)
        session.destroy()
        reject(error)
      }
      session.on('error', fail)
      const request = session.request({ ':path': path, 'accept-encoding': 'gzip' })
      request.on('error', fail)
      request.on('response', (headers) => {
        const alpn = session.alpnProtocol ?? false
        request.resume()
        request.on('end', () => {
          clearTimeout(timer)
          session.close()
          resolve({ alpn, status: Number(headers[':status']), headers })
        })
      })
      request.end()
    },
  )
}

test.describe('production front', () => {
  test('answers over HTTP/2 with TLS, ALPN choosing h2', async () => {
    const answer = await http2Get(FRONT, '/', 10_000)
    expect(answer.alpn).toBe('h2')
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toContain('text/html')
  })

  test('plain HTTP answers 301 to the same address over https', async () => {
    for (const address of ['/', '/pricing?utm_source=mail', '/api/health']) {
      for (const method of ['GET', 'POST']) {
        const response = await fetch(`${FRONT_PLAIN_HTTP}${address}`, { method, redirect: 'manual' })
        expect(response.status, `${method} ${address}`).toBe(301)
        expect(response.headers.get('location'), `${method} ${address}`).toBe(`${FRONT}${address}`)
      }
    }
  })

  test('every kind of answer carries HSTS once, with the app’s value', async () => {
    const html = await (await fetch(`${FRONT}/`)).text()
    const chunk = /\/_next\/static\/[^"]+\.js/.exec(html)?.[0]
    const image = new RegExp(`${MEDIA_FILE_PREFIX}[^"?]+\\?v=[0-9a-z]+`).exec(html)?.[0]
    expect(chunk && image).toBeTruthy()
    // A page (whose own copy from the app is dropped), a cached page, an asset and an uploaded
    // file nginx serves itself, an endpoint, the chat's shared answer, and a 404.
    for (const address of ['/', '/pricing', chunk!, image!, '/api/health', '/api/chat/config', '/no-such-page']) {
      const response = await fetch(`${FRONT}${address}`)
      await response.arrayBuffer()
      // fetch joins repeated headers with ", ": equal means exactly one.
      expect(response.headers.get('strict-transport-security'), address).toBe(HSTS_VALUE)
    }
  })

  test('the app sees the visitor’s https: its cookies are Secure and its pages ask for https only', async () => {
    const throughFront = await fetch(`${FRONT}${CSRF_ENDPOINT}`)
    expect(throughFront.headers.getSetCookie().length).toBeGreaterThan(0)
    for (const cookie of throughFront.headers.getSetCookie()) expect(cookie).toMatch(/;\s*Secure(;|$)/i)
    const page = await fetch(`${FRONT}/pricing`)
    expect(page.headers.get('content-security-policy')).toContain('upgrade-insecure-requests')
    // The same instance asked over plain HTTP, not through the front: neither.
    const direct = await fetch(`${APP_A}${CSRF_ENDPOINT}`)
    for (const cookie of direct.headers.getSetCookie()) expect(cookie).not.toMatch(/;\s*Secure(;|$)/i)
    expect((await fetch(`${APP_A}/pricing`)).headers.get('content-security-policy')).not.toContain(
      'upgrade-insecure-requests',
    )
  })
})
