import type { Payload } from 'payload'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ALTCHA_CHALLENGE_TTL_MS, ALTCHA_MAX_NUMBER } from '@/contact/captcha/altcha'
import { SITEVERIFY_URLS } from '@/contact/captcha/siteverify'
import { CAPTCHA_ERROR } from '@/contact/protocol'
import { handleContactPost } from '@/contact/server/contactEndpoint'
import { handleLegacyPost, LEGACY_SUCCESS } from '@/contact/server/legacyEndpoint'
import { fetchChallenge, solvedAltcha } from '../support/altcha'
import { answerChallenge, CAPTCHA_CHALLENGE_RATE_LIMIT } from '@/contact/captcha/challengeEndpoint'
import { createContactForm, csrfPair, formPost, jsonPost, validFields } from '../support/contact'
import { startTestPayload } from '../support/payload'
import { closedSiteverifyUrl, startSiteverifyFake } from '../support/siteverify'

const SECRET = 'loopback-secret-key'

let payload: Payload
let cleanup: () => Promise<void>

beforeAll(async () => {
  ;({ payload, cleanup } = await startTestPayload())
  await createContactForm(payload, { captcha: true })
})
afterAll(() => cleanup?.())

const deps = () => ({ payload: async () => payload })
const send = async (captcha?: unknown, name = 'Captcha Person') =>
  handleContactPost(await jsonPost({ formId: 115, fields: validFields({ name }), captcha }), deps())

async function useProvider(provider: 'altcha' | 'recaptcha' | 'turnstile' | 'hcaptcha', secretKey = SECRET) {
  await payload.updateGlobal({ slug: 'site-settings', data: { captcha: { provider, secretKey, siteKey: 'site-key' } } })
}

const captchaRefusal = async (response: Response) => {
  expect(response.status).toBe(403)
  expect(await response.json()).toEqual({ ok: false, error: CAPTCHA_ERROR })
}

describe('altcha (self-hosted proof of work)', () => {
  it('serves a signed challenge that expires', async () => {
    const response = await fetchChallenge()
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const challenge = await response.json()
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: ALTCHA_MAX_NUMBER })
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/)
    expect(challenge.salt).toMatch(/expires=\d+/)
  })

  it('accepts a solved challenge once and refuses its replay', async () => {
    await useProvider('altcha')
    const answer = await solvedAltcha()
    expect((await send(answer, 'Altcha Once')).status).toBe(200)
    await captchaRefusal(await send(answer, 'Altcha Replay'))
  })

  it('refuses a missing, malformed, tampered or expired answer', async () => {
    await useProvider('altcha')
    await captchaRefusal(await send(undefined))
    await captchaRefusal(await send('not base64 json'))
    await captchaRefusal(await send('x'.repeat(10_000)))
    const answer = JSON.parse(Buffer.from(await solvedAltcha(), 'base64').toString())
    const tampered = Buffer.from(JSON.stringify({ ...answer, number: answer.number + 1 })).toString('base64')
    await captchaRefusal(await send(tampered))
    const expired = await solvedAltcha(Date.now() - ALTCHA_CHALLENGE_TTL_MS - 1000)
    await captchaRefusal(await send(expired))
  })

  it('answers 400, not 403, to a captcha of the wrong type', async () => {
    expect((await send({ token: 'x' })).status).toBe(400)
  })
})

for (const provider of ['recaptcha', 'turnstile', 'hcaptcha'] as const) {
  describe(`${provider} against a loopback siteverify`, () => {
    let fake: Awaited<ReturnType<typeof startSiteverifyFake>>
    beforeAll(async () => {
      fake = await startSiteverifyFake(SECRET)
      process.env[SITEVERIFY_URLS[provider].env] = fake.url
    })
    afterAll(async () => {
      delete process.env[SITEVERIFY_URLS[provider].env]
      await fake.close()
    })
    afterEach(() => useProvider('altcha'))

    it('accepts a token the service confirms, sending secret, response and remote address', async () => {
      await useProvider(provider)
      const token = fake.issueToken()
      const response = await send(token, `${provider} ok`)
      expect(response.status).toBe(200)
      const call = fake.calls.at(-1)!
      expect(call).toMatchObject({ secret: SECRET, response: token })
      expect(call.remoteip).toMatch(/^10\.0\./)
      if (provider === 'hcaptcha') expect(call.sitekey).toBe('site-key')
    })

    it('refuses a replayed, unknown or missing token, and a wrong secret', async () => {
      await useProvider(provider)
      const token = fake.issueToken()
      expect((await send(token)).status).toBe(200)
      await captchaRefusal(await send(token))
      await captchaRefusal(await send('made-up-token'))
      await captchaRefusal(await send(undefined))
      await useProvider(provider, 'wrong-secret')
      await captchaRefusal(await send(fake.issueToken()))
    })

    it('holds the message for review, naming the service, when the service cannot be reached', async () => {
      await useProvider(provider)
      process.env[SITEVERIFY_URLS[provider].env] = await closedSiteverifyUrl()
      const name = `${provider} unreachable`
      try {
        const response = await send(fake.issueToken(), name)
        expect(response.status).toBe(200)
        expect(await response.json()).toEqual({ ok: true })
      } finally {
        process.env[SITEVERIFY_URLS[provider].env] = fake.url
      }
      const { docs } = await payload.find({ collection: 'form-submissions', where: { summary: { like: name } } })
      expect(docs).toHaveLength(1)
      expect(docs[0]).toMatchObject({ deliveryStatus: 'held' })
      expect(docs[0].lastDeliveryError).toContain(`${SITEVERIFY_URLS[provider].service}) could not be reached`)
    })
  })
}

describe('legacy captcha check (method=recaptcha)', () => {
  it('checks the reCAPTCHA answer first: s when it passes, captcha when it fails or is replayed', async () => {
    const fake = await startSiteverifyFake(SECRET)
    process.env.RECAPTCHA_VERIFY_URL = fake.url
    await useProvider('recaptcha')
    try {
      const data = new URLSearchParams()
      for (const { name, value } of validFields({ name: 'Legacy Captcha' }))
        for (const item of Array.isArray(value) ? value : [value]) data.append(name, item)
      const token = fake.issueToken()
      const params = () =>
        new URLSearchParams({
          option: 'com_ajax',
          module: 'contact',
          format: 'raw',
          method: 'recaptcha',
          data: data.toString(),
          'g-recaptcha-response': token,
          recaptcha_challenge_field: '',
          recaptcha_response_field: '',
        })
      const csrf = await csrfPair()
      const post = async () =>
        handleLegacyPost(
          await formPost(params(), { path: '/index.php', csrf, headers: { 'X-CSRF-Token': csrf.token } }),
          deps(),
        )
      const passed = await post()
      expect(await passed.text()).toBe(LEGACY_SUCCESS)
      const replayed = await post()
      expect(replayed.status).toBe(403)
      expect(await replayed.text()).toBe(CAPTCHA_ERROR)
      const withoutMethod = new URLSearchParams({
        option: 'com_ajax',
        module: 'contact',
        format: 'raw',
        data: data.toString(),
      })
      const skipped = await handleLegacyPost(await formPost(withoutMethod, { path: '/index.php' }), deps())
      expect(skipped.status).toBe(403)
      expect(await skipped.text()).toBe(CAPTCHA_ERROR)
    } finally {
      delete process.env.RECAPTCHA_VERIFY_URL
      await useProvider('altcha')
      await fake.close()
    }
  })
})

describe('legacy captcha check with the proof-of-work captcha', () => {
  it('takes the solved challenge sent as g-recaptcha-response: s, stored, and its delivery started', async () => {
    await useProvider('altcha')
    const data = new URLSearchParams()
    for (const { name, value } of validFields({ name: 'Legacy Altcha' }))
      for (const item of Array.isArray(value) ? value : [value]) data.append(name, item)
    const params = new URLSearchParams({
      option: 'com_ajax',
      module: 'contact',
      format: 'raw',
      data: data.toString(),
      method: 'recaptcha',
      'g-recaptcha-response': await solvedAltcha(),
      recaptcha_challenge_field: '',
      recaptcha_response_field: '',
    })
    const csrf = await csrfPair()
    let started = 0
    const response = await handleLegacyPost(
      await formPost(params, { path: '/index.php', csrf, headers: { 'X-CSRF-Token': csrf.token } }),
      { ...deps(), onAccepted: () => void started++ },
    )
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(LEGACY_SUCCESS)
    const { docs } = await payload.find({
      collection: 'form-submissions',
      where: { summary: { like: 'Legacy Altcha' } },
    })
    expect(docs).toHaveLength(1)
    expect(started).toBe(1)
  })
})

describe('GET /api/captcha/challenge under a flood', () => {
  const fromAddress = (address: string) =>
    answerChallenge(new Request('http://site.test/api/captcha/challenge', { headers: { 'x-forwarded-for': address } }))

  it('serves one address its burst of challenges, then answers 429 with Retry-After, while another address is served', async () => {
    let served = 0
    let refused: Response | null = null
    while (!refused && served < CAPTCHA_CHALLENGE_RATE_LIMIT.burst * 2) {
      const response = await fromAddress('192.0.2.77')
      if (response.status === 429) refused = response
      else served++
    }
    // The bucket refills one a second while the burst is served; the flood is cut off soon after the burst.
    expect(served).toBeGreaterThanOrEqual(CAPTCHA_CHALLENGE_RATE_LIMIT.burst)
    expect(served).toBeLessThan(CAPTCHA_CHALLENGE_RATE_LIMIT.burst + 10)
    if (!refused) throw new Error('the flood was never refused')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect((await refused.json()).error).toMatch(/too many/i)
    expect((await fromAddress('192.0.2.78')).status).toBe(200)
  })
})
