import { describe, expect, it } from 'vitest'
import { adminFileOrigin } from './adminFileOrigin'

const req = (headers: Record<string, string>, user: unknown = { id: 1 }) => ({
  user,
  url: 'http://127.0.0.1:3000/api/media/1',
  headers: new Headers(headers),
})

describe('where the admin’s file addresses point', () => {
  it('at the address a signed-in person’s browser is at, not SERVER_URL', () => {
    expect(adminFileOrigin(req({ host: '127.0.0.1:3206' }))).toBe('http://127.0.0.1:3206')
    expect(adminFileOrigin(req({ host: 'site.example', 'x-forwarded-proto': 'https' }))).toBe('https://site.example')
  })

  it('nowhere for a read without a signed-in person (pages keep relative paths) or without a usable host', () => {
    expect(adminFileOrigin(req({ host: 'site.example' }, null))).toBeNull()
    expect(adminFileOrigin(undefined)).toBeNull()
    expect(adminFileOrigin(req({}))).toBeNull()
    expect(adminFileOrigin(req({ host: 'evil.example/"><script>' }))).toBeNull()
  })
})
