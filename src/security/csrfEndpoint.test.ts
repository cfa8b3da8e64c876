import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveOnLoopback } from '../../tests/support/handlerServer'
import { CSRF_COOKIE, CSRF_ENDPOINT } from './csrfProtocol'
import { handleCsrfTokenRequest } from './csrfEndpoint'

let server: { url: string; close: () => Promise<void> }

beforeAll(async () => {
  server = await serveOnLoopback(handleCsrfTokenRequest)
})
afterAll(() => server?.close())

/** GET /api/csrf over HTTP, with the Cookie header given (none: a visitor's first request). */
async function askForToken(cookie?: string) {
  const response = await fetch(`${server.url}${CSRF_ENDPOINT}`, { headers: cookie ? { Cookie: cookie } : {} })
  const tokenCookie = response.headers.getSetCookie().find((value) => value.startsWith(`${CSRF_COOKIE}=`))
  const { token } = (await response.json()) as { token: string }
  return { response, token, tokenCookie }
}

describe('GET /api/csrf', () => {
  it('issues the token as a SameSite=Lax, HttpOnly cookie for the whole site and the same value in its answer, never cached', async () => {
    const { response, token, tokenCookie } = await askForToken()
    expect(response.status).toBe(200)
    expect(token).toBeTruthy()
    expect(tokenCookie).toMatch(/SameSite=Lax/i)
    expect(tokenCookie).toMatch(/Path=\//)
    expect(tokenCookie).toMatch(/HttpOnly/i)
    expect(tokenCookie!.split(';')[0]).toBe(`${CSRF_COOKIE}=${token}`)
    expect(response.headers.get('cache-control')).toMatch(/no-store/)
  })

  it('keeps the token of a visitor who sends the cookie back, setting no new cookie', async () => {
    const first = await askForToken()
    const again = await askForToken(first.tokenCookie!.split(';')[0])
    expect(again.response.status).toBe(200)
    expect(again.token).toBe(first.token)
    expect(again.tokenCookie).toBeUndefined()
  })

  it('replaces a token cookie it did not sign, well-shaped, malformed or too long to read, with a fresh signed one', async () => {
    for (const forged of [`${'A'.repeat(22)}.${'B'.repeat(43)}`, 'forged.value', 'z'.repeat(6000)]) {
      const { response, token, tokenCookie } = await askForToken(`${CSRF_COOKIE}=${forged}`)
      expect(response.status, forged.slice(0, 30)).toBe(200)
      expect(token).not.toBe(forged)
      expect(tokenCookie!.split(';')[0]).toBe(`${CSRF_COOKIE}=${token}`)
      // The fresh token is one the endpoint keeps when it comes back.
      expect((await askForToken(`${CSRF_COOKIE}=${token}`)).token).toBe(token)
    }
  })

  it('gives each request without a cookie a token of its own: twenty requests, twenty tokens', async () => {
    const tokens = new Set<string>()
    for (let i = 0; i < 20; i++) {
      const { response, token } = await askForToken()
      expect(response.status).toBe(200)
      tokens.add(token)
    }
    expect(tokens.size).toBe(20)
  })
})
