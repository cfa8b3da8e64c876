import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { proxyTrustFrom, settleForwardedHeaders } from './clientAddress'

function request(socketAddress: string, headers: Record<string, string>) {
  return {
    socket: { remoteAddress: socketAddress },
    connection: { remoteAddress: socketAddress },
    headers,
  } as unknown as IncomingMessage
}

describe('the client address', () => {
  it('is the socket’s when no proxy is trusted, whatever X-Forwarded-For says', () => {
    const req = request('198.51.100.7', { 'x-forwarded-for': '203.0.113.1, 203.0.113.2', 'x-forwarded-proto': 'https' })
    expect(settleForwardedHeaders(req, proxyTrustFrom(undefined))).toBe('198.51.100.7')
    expect(req.headers['x-forwarded-for']).toBe('198.51.100.7')
    expect(req.headers['x-forwarded-proto']).toBeUndefined()
  })

  it('is what a trusted front added, and a client’s own entries before it are ignored', () => {
    const req = request('127.0.0.1', {
      'x-forwarded-for': '10.9.9.9, 203.0.113.5',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'title.example',
    })
    expect(settleForwardedHeaders(req, proxyTrustFrom('127.0.0.1'))).toBe('203.0.113.5')
    expect(req.headers['x-forwarded-proto']).toBe('https')
    expect(req.headers['x-forwarded-host']).toBe('title.example')
  })

  it('trusts a list of addresses and ranges, and named ranges such as loopback', () => {
    const trust = proxyTrustFrom('loopback, 10.0.0.0/8')
    const req = request('10.1.2.3', { 'x-forwarded-for': '203.0.113.9, 127.0.0.1' })
    expect(settleForwardedHeaders(req, trust)).toBe('203.0.113.9')
  })

  it('trusts a number of hops in front of the app', () => {
    const req = request('10.0.0.2', { 'x-forwarded-for': '203.0.113.1, 203.0.113.2, 10.0.0.1' })
    expect(settleForwardedHeaders(req, proxyTrustFrom('2'))).toBe('203.0.113.2')
  })

  it('ignores the forwarded protocol and host from an untrusted socket', () => {
    const req = request('203.0.113.50', { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' })
    settleForwardedHeaders(req, proxyTrustFrom('127.0.0.1'))
    expect(req.headers['x-forwarded-proto']).toBeUndefined()
    expect(req.headers['x-forwarded-host']).toBeUndefined()
  })
})
