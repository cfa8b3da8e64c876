import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_FROM_ADDRESS, DEFAULT_FROM_MAILBOX, defaultSenderAddress, senderAddress } from './email'

const mailFromBefore = process.env.MAIL_FROM
const serverUrlBefore = process.env.SERVER_URL
afterEach(() => {
  for (const [name, value] of [
    ['MAIL_FROM', mailFromBefore],
    ['SERVER_URL', serverUrlBefore],
  ] as const) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
})

describe('the default sender, while MAIL_FROM is unset', () => {
  it("is website@ the domain SERVER_URL names, without the web's www.", () => {
    expect(defaultSenderAddress('https://buckeyetitle.com')).toBe(`${DEFAULT_FROM_MAILBOX}@buckeyetitle.com`)
    expect(defaultSenderAddress('https://www.example.com/')).toBe('website@example.com')
    expect(defaultSenderAddress('https://Shop.Example.co.uk:8443/base')).toBe('website@shop.example.co.uk')
    expect(defaultSenderAddress('https://www.com')).toBe('website@www.com')
  })

  it('stays website@localhost where the site has no domain: localhost, an IP address, nothing or garbage', () => {
    for (const serverUrl of [
      'http://localhost:3000',
      'http://app.localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'http://10.0.0.5',
      'http://intranet',
      'not a url',
      '',
      undefined,
    ])
      expect(defaultSenderAddress(serverUrl), String(serverUrl)).toBe(DEFAULT_FROM_ADDRESS)
  })

  it("is what the site's own mail comes from, and MAIL_FROM wins over it", () => {
    delete process.env.MAIL_FROM
    process.env.SERVER_URL = 'https://www.example.com'
    expect(senderAddress()).toBe('website@example.com')
    process.env.MAIL_FROM = 'office@example.org'
    expect(senderAddress()).toBe('office@example.org')
  })
})
