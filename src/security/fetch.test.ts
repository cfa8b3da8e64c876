import { describe, expect, it } from 'vitest'
import { needsCsrfToken } from './fetch'

const origin = 'https://cardinal.example'

describe('needsCsrfToken', () => {
  it('adds the token to non-GET requests to the same origin', () => {
    for (const method of ['POST', 'put', 'PATCH', 'DELETE'])
      expect(needsCsrfToken(method, '/api/contact', origin)).toBe(true)
    expect(needsCsrfToken('POST', `${origin}/api/x`, origin)).toBe(true)
  })
  it('leaves GET, HEAD and OPTIONS alone', () => {
    for (const method of ['GET', 'head', 'OPTIONS']) expect(needsCsrfToken(method, '/api/contact', origin)).toBe(false)
  })
  it('never sends the token to another origin', () => {
    expect(needsCsrfToken('POST', 'https://evil.example/api', origin)).toBe(false)
    expect(needsCsrfToken('POST', '//evil.example/api', origin)).toBe(false)
    expect(needsCsrfToken('POST', 'http://cardinal.example/api', origin)).toBe(false)
  })
})
