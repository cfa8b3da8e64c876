import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { closedSiteverifyUrl, startSiteverifyFake } from '../../../tests/support/siteverify'
import { SITEVERIFY_MAX_TOKEN_LENGTH, SITEVERIFY_TIMEOUT_MS, SITEVERIFY_URLS, siteverifyProvider } from './siteverify'
import { CAPTCHA_PASSED, CAPTCHA_REFUSED } from './types'

const SECRET = 'unit-secret'
const { env } = SITEVERIFY_URLS.recaptcha
const recaptcha = siteverifyProvider('recaptcha', SECRET)
const verify = (token: string) => recaptcha.verify(token, { remoteIp: '192.0.2.1' })

let fake: Awaited<ReturnType<typeof startSiteverifyFake>>
beforeAll(async () => {
  fake = await startSiteverifyFake(SECRET)
})
afterAll(() => fake?.close())
afterEach(() => {
  fake.failWith(null)
  delete process.env[env]
  vi.unstubAllGlobals()
})

const useFake = () => void (process.env[env] = fake.url)

describe('siteverifyProvider verdicts', () => {
  it('passes a token the service confirms', async () => {
    useFake()
    expect(await verify(fake.issueToken())).toEqual(CAPTCHA_PASSED)
  })

  it('refuses a token the service says no to, and an empty or over-long token without asking it', async () => {
    useFake()
    expect(await verify('made-up-token')).toEqual(CAPTCHA_REFUSED)
    const asked = fake.calls.length
    expect(await verify('')).toEqual(CAPTCHA_REFUSED)
    expect(await verify('x'.repeat(SITEVERIFY_MAX_TOKEN_LENGTH + 1))).toEqual(CAPTCHA_REFUSED)
    expect(fake.calls).toHaveLength(asked)
  })

  it('is unavailable, naming the service and the status, when the service answers 500', async () => {
    useFake()
    fake.failWith(500)
    expect(await verify(fake.issueToken())).toMatchObject({
      outcome: 'unavailable',
      failed: 'service',
      reason: 'the captcha service (Google reCAPTCHA) answered with an error (HTTP 500)',
    })
  })

  it('is unavailable when the service cannot be reached', async () => {
    process.env[env] = await closedSiteverifyUrl()
    expect(await verify('well-formed-token')).toMatchObject({
      outcome: 'unavailable',
      failed: 'service',
      reason: 'the captcha service (Google reCAPTCHA) could not be reached',
    })
  })

  it('is unavailable when the service does not answer within SITEVERIFY_TIMEOUT_MS', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new DOMException('The operation timed out.', 'TimeoutError')))
    expect(await verify('well-formed-token')).toMatchObject({
      outcome: 'unavailable',
      reason: `the captcha service (Google reCAPTCHA) did not answer within ${SITEVERIFY_TIMEOUT_MS / 1000} seconds`,
    })
  })

  it('is unavailable when the service answers something that is not its verdict', async () => {
    for (const body of ['<html>Bad gateway</html>', 'null', '{"hostname":"localhost"}']) {
      vi.stubGlobal('fetch', async () => new Response(body, { status: 200 }))
      expect(await verify('well-formed-token')).toMatchObject({
        outcome: 'unavailable',
        reason: 'the captcha service (Google reCAPTCHA) sent an answer that could not be read',
      })
    }
  })
})
