import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { proxyTrustFrom, type ProxyTrust } from './clientAddress'
import { siteRequestListener } from './requestListener'
import { withSecureAttribute } from './secureCookies'

describe('the Secure attribute on one cookie', () => {
  it('is added to a cookie that lacks it', () => {
    expect(withSecureAttribute('payload-token=abc; Path=/; HttpOnly; SameSite=Lax')).toBe(
      'payload-token=abc; Path=/; HttpOnly; SameSite=Lax; Secure',
    )
  })
  it('is not added twice, whatever its case', () => {
    expect(withSecureAttribute('a=1; secure; Path=/')).toBe('a=1; secure; Path=/')
    expect(withSecureAttribute('a=1; Path=/; SECURE')).toBe('a=1; Path=/; SECURE')
  })
  it('is not mistaken for a cookie whose value or name says "secure"', () => {
    expect(withSecureAttribute('secure=secure; Path=/')).toBe('secure=secure; Path=/; Secure')
  })
})

/** Routes that set cookies each way Node and Next do: setHeader, appendHeader, writeHead's headers. */
const routes: Record<string, (res: http.ServerResponse) => void> = {
  '/set-header': (res) => {
    res.setHeader('Set-Cookie', ['payload-token=abc; Path=/; HttpOnly; SameSite=Lax', 'other=1; Path=/'])
    res.end('ok')
  },
  '/append-header': (res) => {
    res.appendHeader('set-cookie', 'payload-token=abc; Path=/; HttpOnly')
    res.appendHeader('set-cookie', 'already=1; Path=/; Secure')
    res.end('ok')
  },
  '/write-head': (res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain', 'Set-Cookie': 'csrf_token=xyz; Path=/; SameSite=Strict' })
    res.end('ok')
  },
}

async function listen(trust: ProxyTrust) {
  const server = http.createServer(
    siteRequestListener({
      handle: (req, res) => {
        // Next's router adds this when missing, after the listener has read it.
        req.headers['x-forwarded-proto'] ??= 'http'
        routes[req.url ?? '']?.(res)
      },
      trust,
      dev: false,
      scriptMark: 'testMarkForTheStandInServer0000',
    }),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

let trustedFront: Awaited<ReturnType<typeof listen>>
let noFront: Awaited<ReturnType<typeof listen>>

beforeAll(async () => {
  trustedFront = await listen(proxyTrustFrom('loopback'))
  noFront = await listen(proxyTrustFrom(''))
})
afterAll(async () => {
  for (const { server } of [trustedFront, noFront]) await new Promise<void>((resolve) => server.close(() => resolve()))
})

async function cookiesFrom(origin: string, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${origin}${path}`, { headers })
  expect(response.status).toBe(200)
  return response.headers.getSetCookie()
}

describe('cookies the site sets', () => {
  it('all carry Secure when the trusted front says the visitor came over https', async () => {
    for (const path of Object.keys(routes)) {
      const cookies = await cookiesFrom(trustedFront.origin, path, { 'X-Forwarded-Proto': 'https' })
      expect(cookies.length).toBeGreaterThan(0)
      for (const cookie of cookies) expect(cookie, path).toMatch(/;\s*Secure(;|$)/i)
    }
  })

  it('keep a Secure they already had, once', async () => {
    const cookies = await cookiesFrom(trustedFront.origin, '/append-header', { 'X-Forwarded-Proto': 'https' })
    expect(cookies).toContain('already=1; Path=/; Secure')
  })

  it('are left as they are over plain http', async () => {
    const cookies = await cookiesFrom(trustedFront.origin, '/set-header')
    expect(cookies).toEqual(['payload-token=abc; Path=/; HttpOnly; SameSite=Lax', 'other=1; Path=/'])
  })

  it('are not marked Secure on the word of a client that is not a trusted front', async () => {
    const cookies = await cookiesFrom(noFront.origin, '/write-head', { 'X-Forwarded-Proto': 'https' })
    expect(cookies).toEqual(['csrf_token=xyz; Path=/; SameSite=Strict'])
  })
})
