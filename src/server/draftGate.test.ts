import type { IncomingMessage } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Payload } from 'payload'
import { DRAFT_MODE_COOKIE } from '@/content/preview/draftCookie'
import { startTestPayload } from '../../tests/support/payload'
import { isSignedSession, settleDraftMode } from './draftGate'

let payload: Payload
let cleanup: () => Promise<void>
let token: string

beforeAll(async () => {
  ;({ payload, cleanup } = await startTestPayload())
  const credentials = { email: 'gate-editor@example.com', password: 'a-long-test-password' }
  await payload.create({ collection: 'users', data: { ...credentials, roles: ['editor'] } })
  token = (await payload.login({ collection: 'users', data: credentials })).token!
}, 60_000)
afterAll(() => cleanup?.())

const secret = () => process.env.PAYLOAD_SECRET!
const requestWith = (headers: Record<string, string>) => ({ headers: { ...headers } }) as unknown as IncomingMessage

describe('a session as Payload signs it', () => {
  it('passes when Payload made it with this secret, and not when tampered, signed elsewhere or expired', () => {
    expect(isSignedSession(token, secret())).toBe(true)
    const [header, body, signature] = token.split('.')
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
    const forged = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 3600 })).toString('base64url')
    expect(isSignedSession(`${header}.${forged}.${signature}`, secret())).toBe(false)
    expect(isSignedSession(token, 'another-site-secret')).toBe(false)
    expect(isSignedSession(token, secret(), (claims.exp + 1) * 1000)).toBe(false)
    for (const junk of ['', 'a.b', 'a.b.c', `${header}.${body}.`, '..', null])
      expect(isSignedSession(junk, secret())).toBe(false)
  })
})

describe('draft mode at the server', () => {
  it('drops the draft-mode cookie without a signed session, and keeps the visitor’s other cookies', () => {
    for (const session of ['', 'payload-token=not-a-token; ', `payload-token=${token}x; `]) {
      const req = requestWith({ cookie: `${session}theme=dark; ${DRAFT_MODE_COOKIE}=build-wide-id; consent=1` })
      settleDraftMode(req, secret())
      expect(req.headers.cookie).not.toContain(DRAFT_MODE_COOKIE)
      expect(req.headers.cookie).toContain('theme=dark')
      expect(req.headers.cookie).toContain('consent=1')
    }
  })

  it('keeps draft mode for a signed-in editor', () => {
    const cookie = `payload-token=${token}; ${DRAFT_MODE_COOKIE}=build-wide-id`
    const req = requestWith({ cookie })
    settleDraftMode(req, secret())
    expect(req.headers.cookie).toBe(cookie)
  })

  it('drops Next’s revalidation headers from every request, an editor’s included', () => {
    const req = requestWith({
      cookie: `payload-token=${token}`,
      'x-prerender-revalidate': 'build-wide-id',
      'x-prerender-revalidate-if-generated': '1',
    })
    settleDraftMode(req, secret())
    expect(req.headers['x-prerender-revalidate']).toBeUndefined()
    expect(req.headers['x-prerender-revalidate-if-generated']).toBeUndefined()
  })
})
