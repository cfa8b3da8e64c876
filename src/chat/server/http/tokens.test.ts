import { createHash, createHmac } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { isIssuedToken, newVisitorToken } from './tokens'

describe('a chat visitor’s token', () => {
  const before = process.env.PAYLOAD_SECRET
  beforeEach(() => {
    process.env.PAYLOAD_SECRET = 'chat-token-test-secret'
  })
  afterEach(() => {
    if (before === undefined) delete process.env.PAYLOAD_SECRET
    else process.env.PAYLOAD_SECRET = before
  })

  it('is issued signed and taken back; a made-up one is not', () => {
    const token = newVisitorToken()
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/)
    expect(isIssuedToken(token)).toBe(true)
    expect(isIssuedToken(`${token.split('.')[0]}.${'B'.repeat(43)}`)).toBe(false)
    process.env.PAYLOAD_SECRET = 'another-site'
    expect(isIssuedToken(token)).toBe(false)
  })

  it('keeps a visitor’s token from before the shared helper valid (their chat survives the deploy)', () => {
    const random = 'C'.repeat(43)
    const key = createHash('sha256').update('chat-visitor:chat-token-test-secret').digest()
    const earlier = `${random}.${createHmac('sha256', key).update(random).digest('base64url')}`
    expect(isIssuedToken(earlier)).toBe(true)
  })
})
