import { afterEach, describe, expect, it } from 'vitest'
import { originOfHeaders } from './origin'

const headers = (entries: Record<string, string>) => new Headers(entries)

describe('where a request comes from', () => {
  const configured = process.env.SERVER_URL
  afterEach(() => {
    if (configured === undefined) delete process.env.SERVER_URL
    else process.env.SERVER_URL = configured
  })

  it('is same-origin when Origin names the host the request was sent to, whatever SERVER_URL says', () => {
    process.env.SERVER_URL = 'https://www.example-title.test'
    expect(originOfHeaders(headers({ host: '10.0.0.5:3000', origin: 'http://10.0.0.5:3000' }))).toBe('same-origin')
  })

  it('takes the host and scheme the front forwarded', () => {
    const forwarded = {
      host: '127.0.0.1:3001',
      'x-forwarded-host': 'staging.example.test',
      'x-forwarded-proto': 'https',
    }
    expect(originOfHeaders(headers({ ...forwarded, origin: 'https://staging.example.test' }))).toBe('same-origin')
    expect(originOfHeaders(headers({ ...forwarded, origin: 'http://staging.example.test' }))).toBe('cross-origin')
  })

  it('counts SERVER_URL as the site itself', () => {
    process.env.SERVER_URL = 'https://www.example-title.test/'
    expect(originOfHeaders(headers({ host: '127.0.0.1:3000', origin: 'https://www.example-title.test' }))).toBe(
      'same-origin',
    )
  })

  it('is cross-origin when Origin names another site or the browser says cross-site', () => {
    expect(originOfHeaders(headers({ host: 'site.test', origin: 'https://attacker.test' }))).toBe('cross-origin')
    const claimed = { host: 'site.test', origin: 'http://site.test', 'sec-fetch-site': 'cross-site' }
    expect(originOfHeaders(headers(claimed))).toBe('cross-origin')
    expect(originOfHeaders(headers({ host: 'site.test', 'sec-fetch-site': 'same-site' }))).toBe('cross-origin')
  })

  it('is unknown without Origin or Sec-Fetch-Site (a script outside a browser)', () => {
    expect(originOfHeaders(headers({ host: 'site.test' }))).toBe('unknown')
    expect(originOfHeaders(headers({ host: 'site.test', 'sec-fetch-site': 'same-origin' }))).toBe('same-origin')
  })
})
