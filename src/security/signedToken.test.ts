import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { readCookie } from './cookies'
import { isGenuineCsrfToken, issueCsrfToken } from './csrf'
import { sameSecret, signedTokens } from './signedToken'

const tokens = signedTokens({ key: () => 'test-key', randomLength: 16 })

describe('signed tokens', () => {
  it('takes back the tokens it issued, and no other', () => {
    const token = tokens.issue()
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/)
    expect(tokens.isGenuine(token)).toBe(true)
    expect(tokens.issue()).not.toBe(token)
    const [random] = token.split('.')
    expect(tokens.isGenuine(`${random}.${'A'.repeat(43)}`)).toBe(false)
    expect(signedTokens({ key: () => 'another-key', randomLength: 16 }).isGenuine(token)).toBe(false)
  })

  it('signs with the key as it is now: a token from before the key changed is refused after', () => {
    let current = 'first-key'
    const rotating = signedTokens({ key: () => current, randomLength: 16 })
    const before = rotating.issue()
    expect(rotating.isGenuine(before)).toBe(true)
    current = 'second-key'
    expect(rotating.isGenuine(before)).toBe(false)
    expect(rotating.isGenuine(rotating.issue())).toBe(true)
  })

  it('refuses what has not its shape, without throwing', () => {
    for (const bad of [
      undefined,
      null,
      42,
      '',
      'a.b',
      `${tokens.issue()}.extra`,
      `${'x'.repeat(22)}.${'y'.repeat(44)}`,
    ])
      expect(tokens.isGenuine(bad)).toBe(false)
  })

  it('still takes a CSRF cookie issued before this helper (same key, same shape)', async () => {
    const secret = 'site-secret'
    const nonce = 'AAAAAAAAAAAAAAAAAAAAAA'
    const earlier = `${nonce}.${createHmac('sha256', `csrf:${secret}`).update(nonce).digest('base64url')}`
    expect(await isGenuineCsrfToken(earlier, secret)).toBe(true)
    expect(await isGenuineCsrfToken(await issueCsrfToken(secret), secret)).toBe(true)
    expect(await isGenuineCsrfToken(earlier, 'another-secret')).toBe(false)
  })

  it('compares secrets of any length without throwing', () => {
    expect(sameSecret('abc', 'abc')).toBe(true)
    expect(sameSecret('abc', 'abd')).toBe(false)
    expect(sameSecret('abc', 'abcd')).toBe(false)
  })
})

describe('reading a cookie', () => {
  it('finds the named cookie among others, spaces and = in values included', () => {
    expect(readCookie('a=1; chat_visitor=x.y=z; b=2', 'chat_visitor')).toBe('x.y=z')
    expect(readCookie('a=1;b= 2 ', 'b')).toBe('2')
    expect(readCookie('a=1', 'b')).toBeNull()
    expect(readCookie(null, 'a')).toBeNull()
  })

  it('reads no cookie from a header longer than a browser sends', () => {
    expect(readCookie(`a=1; pad=${'x'.repeat(20_000)}`, 'a')).toBeNull()
  })
})
