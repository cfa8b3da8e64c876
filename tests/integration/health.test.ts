// The health routes as a supervisor or the front asks them: each route's own handler, over real
// HTTP on loopback, on the suite's database (no Redis, uploads on the local disk, no mail server).
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { GET as liveness } from '@/app/(site)/api/health/live/route'
import { GET as readiness } from '@/app/(site)/api/health/route'
import { serveOnLoopback } from '../support/handlerServer'
import { startTestPayload } from '../support/payload'

/** The suite's Payload, as the routes' `getPayloadClient()` gives it, and how often it was asked for. */
const site = vi.hoisted(() => ({ payload: undefined as Payload | undefined, asked: 0 }))
vi.mock('@/platform/sitePayload', () => ({
  getPayloadClient: async () => {
    site.asked++
    return site.payload!
  },
}))

let cleanup: () => Promise<void>
let server: { url: string; close: () => Promise<void> }

beforeAll(async () => {
  vi.stubEnv('REDIS_URL', '')
  vi.stubEnv('SMTP_URL', '')
  let payload: Payload
  ;({ payload, cleanup } = await startTestPayload())
  site.payload = payload
  server = await serveOnLoopback(async (request) =>
    new URL(request.url).pathname === '/api/health/live' ? liveness() : readiness(),
  )
}, 120_000)
afterAll(async () => {
  vi.unstubAllEnvs()
  await server?.close()
  await cleanup?.()
})

describe('GET /api/health (readiness)', () => {
  it('answers 200, never cached, naming each dependency and nothing internal', async () => {
    const response = await fetch(`${server.url}/api/health`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toEqual({
      ok: true,
      status: 'ok',
      database: 'up',
      redis: 'off',
      storage: 'off',
      mail: 'outbox',
    })
  })

  it('says mail goes to the outbox without SMTP_URL, and smtp with it, the status ok either way', async () => {
    const mailOf = async () => {
      const response = await fetch(`${server.url}/api/health`)
      const { status, mail } = await response.json()
      return { code: response.status, status, mail }
    }
    expect(await mailOf()).toEqual({ code: 200, status: 'ok', mail: 'outbox' })
    vi.stubEnv('SMTP_URL', 'smtp://mail.example.com:587')
    expect(await mailOf()).toEqual({ code: 200, status: 'ok', mail: 'smtp' })
    vi.stubEnv('SMTP_URL', '')
  })
})

describe('GET /api/health/live (liveness)', () => {
  it('answers 200 alive, never cached, without asking any dependency', async () => {
    const before = site.asked
    const response = await fetch(`${server.url}/api/health/live`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toEqual({ status: 'alive' })
    expect(site.asked).toBe(before)
  })
})
