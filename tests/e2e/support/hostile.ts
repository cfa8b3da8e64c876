import { type APIRequestContext, expect, test } from '@playwright/test'
import { E2E_PORT, E2E_URL } from '../../../playwright.config'
import { CSRF_COOKIE, CSRF_ENDPOINT } from '../../../src/security/csrfProtocol'
import { completeContactFields } from '../../../bench/lib/contactFields.mjs'
import { adminToken } from '../helpers'
import { secondServer } from './secondServer'

export type Sent = { status: number; headers: Headers; text: string }

/** One request as a hostile client makes it: any headers, any body, no browser rules. */
export async function send(url: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<Sent> {
  const response = await fetch(url, { redirect: 'manual', ...init })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

export const spoofed = (i: number) => ({
  'X-Forwarded-For': `203.0.113.${(i % 250) + 1}, 198.51.100.${(i % 250) + 1}`,
})

/** What every answer of the suite must be: never a server error, and a refusal says why in words. */
export function expectHandled(answer: Sent, statuses: number[]) {
  expect(answer.status, answer.text.slice(0, 200)).toBeLessThan(500)
  expect(statuses, answer.text.slice(0, 200)).toContain(answer.status)
  if (answer.status === 429) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
}

export async function countOf(request: APIRequestContext, token: string, collection: string): Promise<number> {
  const response = await request.get(`${E2E_URL}/api/${collection}?limit=1&depth=0`, {
    headers: { Authorization: `JWT ${token}` },
  })
  expect(response.ok()).toBe(true)
  return (await response.json()).totalDocs
}

/** The visitor the flood must not hurt: the home page on `origin`, and the e2e server's health, both answered. */
export async function normalVisitorIsServed(origin: string) {
  const home = await send(`${origin}/`)
  expect(home.status).toBe(200)
  expect(home.text).toContain('</html>')
  expect((await send(`${E2E_URL}/api/health`)).status).toBe(200)
}

export const validFields = (marker: string) =>
  completeContactFields(marker, {
    email: 'hostile-suite@example.com',
    service: 'lien-search',
    message: `A genuine request among hostile ones (${marker}), for a lien search in Franklin County.`,
  })

/** The token pair a page's script gets from the CSRF endpoint. */
export async function csrfPair(origin: string, headers: Record<string, string> = {}) {
  const answer = await fetch(`${origin}${CSRF_ENDPOINT}`, { headers })
  const cookie = answer.headers.getSetCookie().find((value) => value.startsWith(`${CSRF_COOKIE}=`))!
  return { cookie: cookie.split(';')[0], token: ((await answer.json()) as { token: string }).token }
}

/**
 * Registers the suite's hooks around a server of the same build and database on `port` that trusts
 * no front, so every request's address is its socket's; `adminToken` is set once it is up.
 */
export function hostileSuiteServer(port: number) {
  const server = secondServer(port, E2E_PORT, { TRUST_PROXY: '' })
  const suite = { origin: server.origin, adminToken: '' }
  test.beforeAll(async ({ request }) => {
    test.setTimeout(180_000)
    await server.start()
    suite.adminToken = await adminToken(request)
  })
  test.afterAll(() => server.stop())
  return suite
}
