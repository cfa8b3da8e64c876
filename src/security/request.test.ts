import { describe, expect, it } from 'vitest'
import { limitKeyOf } from './request'

const from = (address: string) => ({ headers: new Headers({ 'x-forwarded-for': address }) })

describe('the key a per-address limit counts', () => {
  it('is an IPv4 address itself, also when written as an IPv4-mapped IPv6 address', () => {
    expect(limitKeyOf(from('203.0.113.7'))).toBe('203.0.113.7')
    expect(limitKeyOf(from('::ffff:203.0.113.7'))).toBe('203.0.113.7')
  })

  it('is the /64 network of an IPv6 address, so one subscriber cannot take a new key per request', () => {
    const keys = ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0db8:0001:0002:0:0:0:9'].map((address) =>
      limitKeyOf(from(address)),
    )
    expect(new Set(keys)).toEqual(new Set(['2001:db8:1:2::/64']))
    expect(limitKeyOf(from('2001:db8:1:3::1'))).toBe('2001:db8:1:3::/64')
    expect(limitKeyOf(from('::1'))).toBe('0:0:0:0::/64')
    expect(limitKeyOf(from('fe80::1'))).toBe('fe80:0:0:0::/64')
  })

  it('keeps anything that is not an address as it is (a key for it alone)', () => {
    expect(limitKeyOf(from('unknown'))).toBe('unknown')
    expect(limitKeyOf({ headers: new Headers() })).toBe('unknown')
  })
})
