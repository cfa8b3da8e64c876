// The email, url, ipv4 and ipv6 rules.
import { describe, expect, it } from 'vitest'
import { check, expectAccepted, expectRejected } from '../testing/samples'

describe('email', () => {
  it('accepts ordinary addresses, sub-addresses and subdomains', () => {
    expectAccepted('email', [
      'jane@example.com',
      'jane.doe+title@mail.example.co.uk',
      "o'brien@example.org",
      'J.Smith@Example.COM',
      'user_name-1@sub-domain.example.io',
    ])
  })

  it('accepts a punycode domain', () => {
    expectAccepted('email', ['owner@xn--bcher-kva.de'])
  })

  it('rejects addresses without a local part, an @ or a domain', () => {
    expectRejected('email', ['jane', 'jane@', '@example.com', 'jane@@example.com', 'jane@a@example.com'])
  })

  it('rejects a domain without a dot or with a one-letter top-level domain', () => {
    expectRejected('email', ['jane@localhost', 'jane@example.c', 'jane@example.123'])
  })

  it('rejects misplaced dots and hyphens', () => {
    expectRejected('email', [
      'jane..doe@example.com',
      '.jane@example.com',
      'jane.@example.com',
      'jane@example..com',
      'jane@-example.com',
      'jane@example-.com',
      'jane@.example.com',
    ])
  })

  it('rejects spaces and characters outside the allowed set', () => {
    expectRejected('email', ['jane doe@example.com', 'jane@exa mple.com', 'jane@exam_ple.com', 'jane(x)@example.com'])
  })

  it('rejects non-ASCII letters and emoji, which need punycode in the domain', () => {
    expectRejected('email', ['naïve@example.com', 'jane@bücher.de', '😀@example.com', 'jane@😀.com'])
  })

  it('rejects a local part over 64 characters and an address over 254', () => {
    expectAccepted('email', [`${'a'.repeat(64)}@example.com`])
    expectRejected('email', [
      `${'a'.repeat(65)}@example.com`,
      `jane@${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`,
    ])
  })

  it('uses the email message', () => {
    expect(check('email', 'nope')).toBe('Please enter a valid email address.')
  })
})

describe('url', () => {
  it('accepts http, https and ftp addresses with paths, queries and fragments', () => {
    expectAccepted('url', [
      'https://example.com',
      'http://www.example.com/path/to/page?x=1&y=2#top',
      'ftp://files.example.org/pub/file.txt',
      'HTTPS://EXAMPLE.COM/',
      'https://example.com./',
    ])
  })

  it('accepts protocol-relative addresses, credentials and ports', () => {
    expectAccepted('url', ['//cdn.example.com/lib.js', 'https://user:pass@example.com:8443/', 'http://example.com:80'])
  })

  it('accepts IPv4 and bracketed IPv6 hosts', () => {
    expectAccepted('url', ['http://192.0.2.1/', 'http://[2001:db8::1]:8080/', 'http://[::1]'])
  })

  it('accepts internationalised domain names and Unicode paths', () => {
    expectAccepted('url', ['https://例え.テスト/', 'https://naïve.example.com/', 'https://example.com/café/😀'])
  })

  it('rejects an address without a scheme', () => {
    expectRejected('url', ['example.com', 'www.example.com', 'mailto:jane@example.com', 'javascript:alert(1)'])
  })

  it('rejects a missing or malformed host', () => {
    expectRejected('url', [
      'https://',
      'https://example',
      'https://-example.com',
      'https://exa_mple.com',
      'https://example.c',
      'http://256.1.1.1',
      'http://1.2.3',
      'http://[::1',
      'http://[::1]x',
      'https://😀.com',
      'https://@example.com',
    ])
  })

  it('rejects a bad port', () => {
    expectRejected('url', ['https://example.com:99999', 'https://example.com:', 'https://example.com:8o'])
  })

  it('rejects whitespace inside the address', () => {
    expectRejected('url', ['https://exa mple.com', 'https://example.com/a b', 'https://example.com/a\u00a0b'])
  })
})

describe('ipv4', () => {
  it('accepts dotted-decimal addresses', () => {
    expectAccepted('ipv4', ['0.0.0.0', '192.0.2.1', '10.0.0.1', '255.255.255.255'])
  })

  it('rejects octets over 255 and the wrong number of octets', () => {
    expectRejected('ipv4', ['256.0.0.1', '192.0.2', '192.0.2.1.5', '1.2.3.'])
  })

  it('rejects leading zeros, which some parsers read as octal', () => {
    expectRejected('ipv4', ['192.0.2.01', '010.0.0.1'])
  })

  it('rejects signs, prefixes and suffixes', () => {
    expectRejected('ipv4', ['192.0.2.-1', '1.2.3.4/24', '192.0.2.1a', '1.2.3.4:80'])
  })

  it('rejects non-ASCII digits and emoji', () => {
    expectRejected('ipv4', ['١.٢.٣.٤', '1.2.3.😀'])
  })
})

describe('ipv6', () => {
  it('accepts full and compressed addresses', () => {
    expectAccepted('ipv6', [
      '2001:0db8:85a3:0000:0000:8a2e:0370:7334',
      '2001:db8::8a2e:370:7334',
      '2001:DB8::1',
      'fe80::1',
      '::1',
      '::',
      '1::',
      '1:2:3:4:5:6:7::',
    ])
  })

  it('accepts IPv4-mapped and embedded IPv4 addresses', () => {
    expectAccepted('ipv6', ['::ffff:192.0.2.1', '64:ff9b::192.0.2.33', '1:2:3:4:5:6:1.2.3.4', '::192.0.2.1'])
  })

  it('rejects more than one ::, too many or too few groups', () => {
    expectRejected('ipv6', [
      '2001:db8:::1',
      '2001:db8::1::1',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7',
      '1:2:3:4:5:6:7:8::',
    ])
  })

  it('rejects bad groups and stray colons', () => {
    expectRejected('ipv6', ['12345::1', 'g::1', ':1', '1:', ':', ':::'])
  })

  it('rejects an IPv4 part that is invalid or not at the end', () => {
    expectRejected('ipv6', ['::ffff:192.0.2.256', '192.0.2.1::', '::192.0.2.1:1', '1:2:3:4:5:6:7:1.2.3.4'])
  })

  it('rejects zone identifiers, brackets and emoji', () => {
    expectRejected('ipv6', ['fe80::1%eth0', '[::1]', '::😀'])
  })
})
