// Hostile traffic against a real server on loopback, part one: the contact, legacy and CSRF endpoints
// take malformed, oversized, forged, replayed and spoofed-address requests. No 5xx, the documented
// status, nothing stored or mailed beyond what the limits allow, a normal visitor still served.
import { expect, test } from '@playwright/test'
import { E2E_PORT, E2E_URL } from '../../playwright.config'
import { CONTACT_FORM_ID } from '../../src/setup/seed/content/forms'
import { CAPTCHA_ERROR, CONTACT_ENDPOINT } from '../../src/contact/protocol'
import { CSRF_COOKIE, CSRF_ENDPOINT, CSRF_HEADER } from '../../src/security/csrfProtocol'
import { CONTACT_BODY_LIMIT_BYTES } from '../../src/contact/server/body'
import { GUARD_MESSAGES } from '../../src/contact/server/guard'
import { CONTACT_RATE_LIMIT_PER_MINUTE_DEFAULT } from '../../src/contact/server/rateLimit'
import { mailCount } from './helpers'
import { solvedCaptcha } from './support/captcha'
import {
  countOf,
  csrfPair,
  expectHandled,
  normalVisitorIsServed,
  send,
  spoofed,
  validFields,
  hostileSuiteServer,
} from './support/hostile'

test.describe('hostile traffic', () => {
  test.describe.configure({ mode: 'serial' })
  const hostile = hostileSuiteServer(E2E_PORT + 5)
  const HOSTILE = hostile.origin

  test('the contact endpoint: malformed, oversized, forged, replayed and spoofed-address posts store one submission and mail it once', async ({
    request,
    playwright,
  }) => {
    const submissionsBefore = await countOf(request, hostile.adminToken, 'form-submissions')
    const mailsBefore = mailCount()
    const { cookie, token: csrf } = await csrfPair(HOSTILE)
    const post = (body: string, headers: Record<string, string> = {}) =>
      send(`${HOSTILE}${CONTACT_ENDPOINT}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Origin: HOSTILE,
          Cookie: cookie,
          [CSRF_HEADER]: csrf,
          ...headers,
        },
        body,
      })
    const answers: number[] = []
    const expectPost = async (body: string, statuses: number[], headers: Record<string, string> = {}) => {
      const answer = await post(body, { ...spoofed(answers.length), ...headers })
      answers.push(answer.status)
      expectHandled(answer, statuses)
      return answer
    }

    // One genuine submission, then the same answer replayed: the captcha answer is spent.
    const captchaContext = await playwright.request.newContext()
    const captcha = await solvedCaptcha(captchaContext, HOSTILE)
    await captchaContext.dispose()
    const genuine = JSON.stringify({ formId: CONTACT_FORM_ID, fields: validFields('Hostile Genuine'), captcha })
    await expectPost(genuine, [200])
    const replay = await expectPost(genuine, [403])
    expect(JSON.parse(replay.text).error).toBe(CAPTCHA_ERROR)

    await expectPost('{"formId": 115, "fields": [', [400])
    await expectPost(JSON.stringify({ formId: CONTACT_FORM_ID, pad: 'x'.repeat(CONTACT_BODY_LIMIT_BYTES) }), [413])
    await expectPost(genuine, [415], { 'Content-Type': 'text/plain' })
    await expectPost(genuine, [403], { [CSRF_HEADER]: 'forged' })
    const hostileFields = [
      { name: '__proto__', value: 'polluted' },
      { name: 'name', value: '<script>alert(1)</script>\u0000' },
      { name: 'email', value: 'not an address' },
    ]
    const invalid = await expectPost(JSON.stringify({ formId: CONTACT_FORM_ID, fields: hostileFields }), [400])
    expect(JSON.parse(invalid.text).fieldErrors).toMatchObject({ email: expect.any(String), name: expect.any(String) })

    // A post from another site is refused before it counts.
    await expectPost(genuine, [403], { Origin: 'https://attacker.example' })

    // A new X-Forwarded-For on every post does not buy a new allowance: the server trusts no front here.
    for (let i = 0; i < 5; i++) await expectPost(genuine, [403, 429])
    const counted = answers.filter((_, i) => i !== answers.length - 6) // the cross-site post is not counted
    expect(counted.filter((status) => status !== 429)).toHaveLength(CONTACT_RATE_LIMIT_PER_MINUTE_DEFAULT)
    const refused = await post(genuine, spoofed(99))
    expect(refused.status).toBe(429)
    expect(JSON.parse(refused.text).error).toBe(GUARD_MESSAGES.rateLimited)

    expect(await countOf(request, hostile.adminToken, 'form-submissions')).toBe(submissionsBefore + 1)
    await expect.poll(mailCount, { timeout: 30_000 }).toBe(mailsBefore + 1)
    await normalVisitorIsServed(HOSTILE)
  })

  test('the legacy endpoint answers malformed and oversized calls with their status, and a flood from one named client with 429', async () => {
    // The e2e server stands behind a trusted front (loopback): the address it names is the client's.
    const call = (body: string, address: string, type = 'application/x-www-form-urlencoded') =>
      send(`${E2E_URL}/index.php`, {
        method: 'POST',
        headers: { 'Content-Type': type, Origin: E2E_URL, 'X-Forwarded-For': address },
        body,
      })
    expectHandled(await call('option=com_ajax&format=raw&module=nothing', '192.0.2.201'), [400])
    expectHandled(await call('{}', '192.0.2.202', 'application/json'), [415])
    expectHandled(await call(`option=com_ajax&pad=${'x'.repeat(CONTACT_BODY_LIMIT_BYTES)}`, '192.0.2.203'), [413])
    const flood: number[] = []
    for (let i = 0; i < CONTACT_RATE_LIMIT_PER_MINUTE_DEFAULT + 3; i++) {
      const answer = await call('option=com_ajax&format=raw&module=contact', '192.0.2.204')
      expectHandled(answer, [400, 403, 429])
      flood.push(answer.status)
    }
    expect(flood.slice(CONTACT_RATE_LIMIT_PER_MINUTE_DEFAULT)).toEqual([429, 429, 429])
    expect((await call('option=com_ajax&format=raw&module=contact', '192.0.2.205')).status).not.toBe(429)
  })

  test('the CSRF endpoint answers repeated, forged and oversized cookies with a fresh signed token', async () => {
    const forged = await send(`${HOSTILE}${CSRF_ENDPOINT}`, { headers: { Cookie: `${CSRF_COOKIE}=forged.value` } })
    expectHandled(forged, [200])
    expect(JSON.parse(forged.text).token).not.toBe('forged.value')
    const huge = await send(`${HOSTILE}${CSRF_ENDPOINT}`, { headers: { Cookie: `${CSRF_COOKIE}=${'z'.repeat(6000)}` } })
    expectHandled(huge, [200, 400, 431])
    const tokens = new Set<string>()
    for (let i = 0; i < 20; i++) {
      const answer = await send(`${HOSTILE}${CSRF_ENDPOINT}`)
      expectHandled(answer, [200])
      tokens.add(JSON.parse(answer.text).token)
    }
    // Without a cookie each request is a new visitor: twenty fresh tokens, none reused.
    expect(tokens.size).toBe(20)
  })
})
