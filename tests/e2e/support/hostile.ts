import { expect, test } from '@playwright/test'
import { E2E_PORT, E2E_URL } from '../../../playwright.config'
import { adminToken } from '../helpers'
import { secondServer } from './secondServer'

export type Sent = { status: number; headers: Headers; text: string }

/** One request as a hostile client makes it: any headers, any body, no browser rules. */
export async function send(url: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<Sent> {
  const response = await fetch(url, { redirect: 'manual', ...init })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

/** The visitor the flood must not hurt: the home page on `origin`, and the e2e server's health, both answered. */
export async function normalVisitorIsServed(origin: string) {
  const home = await send(`${origin}/`)
  expect(home.status).toBe(200)
  expect(home.text).toContain('</html>')
  expect((await send(`${E2E_URL}/api/health`)).status).toBe(200)
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
