import type { Payload } from 'payload'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { deliverSubmission } from '@/contact/delivery/deliver'
import { ACTION_MESSAGES } from '@/contact/inbox/protocol'
import { inboxActionEndpoints } from '@/contact/inbox/endpoints'
import { runContactQueue } from '@/contact/delivery/runner'
import { CAPTCHA_ERROR, CAPTCHA_FORM_FIELDS, HONEYPOT_FIELD, SENT_FRAGMENT_SUFFIX } from '@/contact/protocol'
import { CSRF_FORM_FIELD } from '@/security/csrfProtocol'
import { SITEVERIFY_URLS } from '@/contact/captcha/siteverify'
import { handleContactPost } from '@/contact/server/contactEndpoint'
import { handleLegacyPost, LEGACY_SUCCESS } from '@/contact/server/legacyEndpoint'
import { HELD_ANSWER, NEEDS_JAVASCRIPT_TEXT } from '@/contact/server/noScriptAnswer'
import type { FormSubmission } from '@/payload-types'
import { solvedAltcha } from '../support/altcha'
import { createContactForm, csrfPair, formPost, jsonPost, RECIPIENT, validFields } from '../support/contact'
import { startTestPayload } from '../support/payload'
import { closedSiteverifyUrl, startSiteverifyFake } from '../support/siteverify'
import { startSmtpServer } from '../support/smtp'

let payload: Payload
let cleanup: () => Promise<void>
let smtp: Awaited<ReturnType<typeof startSmtpServer>>

beforeAll(async () => {
  ;({ payload, cleanup } = await startTestPayload())
  await createContactForm(payload, { captcha: true })
  smtp = await startSmtpServer()
  process.env.SMTP_URL = smtp.url
})
afterAll(async () => {
  await smtp?.close()
  delete process.env.SMTP_URL
  await cleanup?.()
})

const SECRET_KEY = 'key'

async function setCaptcha(provider: 'altcha' | 'recaptcha', holdWithoutJavaScript: boolean) {
  await payload.updateGlobal({
    slug: 'site-settings',
    data: { captcha: { provider, holdWithoutJavaScript, secretKey: SECRET_KEY, siteKey: 'site-key' } },
  })
}
beforeEach(() => setCaptcha('altcha', true))

const contact = (request: Request) => handleContactPost(request, { payload: async () => payload })

/** The plain form a browser without JavaScript posts: no captcha field, unless one is given. */
const noScriptPost = async (
  name: string,
  extra: Record<string, string> = {},
  overrides: Record<string, string> = {},
) => {
  const params = new URLSearchParams({ formId: '115', ...extra })
  for (const { name: field, value } of validFields({ name, ...overrides }))
    for (const item of Array.isArray(value) ? value : [value]) params.append(field, item)
  return contact(await formPost(params, { tokenField: CSRF_FORM_FIELD }))
}

const storedNamed = async (name: string) =>
  (await payload.find({ collection: 'form-submissions', where: { summary: { like: name } }, limit: 0 }))
    .docs as FormSubmission[]

const mailsMentioning = (marker: string) => smtp.received.filter((mail) => mail.raw.includes(marker))

const releaseEndpoint = inboxActionEndpoints.find((endpoint) => endpoint.path === '/:id/release')!
type EndpointReq = Parameters<typeof releaseEndpoint.handler>[0]
const releaseRequest = (id: unknown, roles: string[] | null) =>
  ({ payload, user: roles ? { id: 1, roles } : null, routeParams: { id } }) as unknown as EndpointReq
const release = (id: unknown, roles: string[] | null) =>
  releaseEndpoint.handler(releaseRequest(id, roles)) as Promise<Response>

describe('a no-JavaScript post to a form with the proof-of-work captcha', () => {
  it('is stored as held for review, not emailed, and answered with a page saying so', async () => {
    const response = await noScriptPost('Held Hannah')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    const html = await response.text()
    expect(html).toContain(HELD_ANSWER.title)
    expect(html).toContain('review it by hand')
    const [stored] = await storedNamed('Held Hannah')
    expect(stored.deliveryStatus).toBe('held')
    const jobs = await payload.find({ collection: 'payload-jobs', limit: 0 })
    expect(jobs.docs.some((job) => (job.input as { submissionId?: number }).submissionId === stored.id)).toBe(false)
    await runContactQueue(payload)
    expect(await deliverSubmission(payload, stored.id)).toBe('held')
    expect(mailsMentioning('Held Hannah')).toHaveLength(0)
  })

  it('is delivered exactly once after an editor releases it', async () => {
    await noScriptPost('Released Rita')
    const [held] = await storedNamed('Released Rita')
    const answer = await release(String(held.id), ['editor'])
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ ok: true, message: ACTION_MESSAGES.done.release })
    const again = await release(String(held.id), ['admin'])
    expect(again.status).toBe(409)
    await runContactQueue(payload)
    await runContactQueue(payload)
    const mails = mailsMentioning('Released Rita')
    expect(mails).toHaveLength(1)
    expect(mails[0].to).toEqual([RECIPIENT])
    const [delivered] = await storedNamed('Released Rita')
    expect(delivered.deliveryStatus).toBe('delivered')
    expect(delivered.deliveryAttempts).toBe(1)
  })

  it('is delivered once when an admin changes its status to queued by hand', async () => {
    await noScriptPost('Hand Queued Hal')
    const [held] = await storedNamed('Hand Queued Hal')
    await payload.update({ collection: 'form-submissions', id: held.id, data: { deliveryStatus: 'queued' } })
    await runContactQueue(payload)
    expect(mailsMentioning('Hand Queued Hal')).toHaveLength(1)
  })

  it('can be released only by an editor or admin, only while held, and only by a plain id', async () => {
    await noScriptPost('Guarded Gus')
    const [held] = await storedNamed('Guarded Gus')
    expect((await release(String(held.id), null)).status).toBe(401)
    expect((await release(String(held.id), ['agent'])).status).toBe(403)
    for (const hostile of ['', 'abc', '1 OR 1=1', '-1', '9'.repeat(40), { id: 1 }])
      expect((await release(hostile, ['admin'])).status).toBe(404)
    expect((await release('999999', ['admin'])).status).toBe(404)
    const [stillHeld] = await storedNamed('Guarded Gus')
    expect(stillHeld.deliveryStatus).toBe('held')
    const [delivered] = await storedNamed('Released Rita')
    expect((await release(String(delivered.id), ['admin'])).status).toBe(409)
  })

  it('with a wrong or replayed solution is still refused with the captcha error', async () => {
    const wrong = await noScriptPost('Wrong Solution', { [CAPTCHA_FORM_FIELDS.altcha]: 'bm90IGEgc29sdXRpb24=' })
    expect(wrong.status).toBe(403)
    const answer = await solvedAltcha()
    expect((await noScriptPost('First Use', { [CAPTCHA_FORM_FIELDS.altcha]: answer })).status).toBe(303)
    const replayed = await noScriptPost('Replayed Use', { [CAPTCHA_FORM_FIELDS.altcha]: answer })
    expect(replayed.status).toBe(403)
    expect(await replayed.text()).toContain('did not pass')
    expect(await storedNamed('Wrong Solution')).toHaveLength(0)
    expect(await storedNamed('Replayed Use')).toHaveLength(0)
    const [solved] = await storedNamed('First Use')
    expect(solved.deliveryStatus).toBe('queued')
  })

  it('with a solved proof of work and no token, sent from this site, is redirected to the page’s sent notice and emailed', async () => {
    const params = new URLSearchParams({ formId: '115', [CAPTCHA_FORM_FIELDS.altcha]: await solvedAltcha() })
    for (const { name, value } of validFields({ name: 'Plain Solver Sol' }))
      for (const item of Array.isArray(value) ? value : [value]) params.append(name, item)
    let started = 0
    const response = await handleContactPost(await formPost(params, { csrf: null, without: ['Sec-Fetch-Site'] }), {
      payload: async () => payload,
      onAccepted: () => void started++,
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(`/contact#contact-form-115${SENT_FRAGMENT_SUFFIX}`)
    expect(started).toBe(1)
    await runContactQueue(payload)
    expect(mailsMentioning('Plain Solver Sol')).toHaveLength(1)
  })

  it('still has to pass validation, CSRF and the honeypot', async () => {
    const invalid = await noScriptPost('Too Short Tom', {}, { message: 'short' })
    expect(invalid.status).toBe(400)
    expect(await storedNamed('Too Short Tom')).toHaveLength(0)
    const params = new URLSearchParams({ formId: '115' })
    for (const { name, value } of validFields({ name: 'No Token Nina' }))
      for (const item of Array.isArray(value) ? value : [value]) params.append(name, item)
    expect((await contact(await formPost(params, { csrf: null, without: ['Origin', 'Sec-Fetch-Site'] }))).status).toBe(
      403,
    )
    expect(await storedNamed('No Token Nina')).toHaveLength(0)
    expect((await noScriptPost('Robot Rob', { [HONEYPOT_FIELD]: 'http://spam.example' })).status).toBe(303)
    const [spam] = await storedNamed('Robot Rob')
    expect(spam.deliveryStatus).toBe('spam')
  })

  it('is refused, input kept, with a page saying the form needs JavaScript when holding is off', async () => {
    await setCaptcha('altcha', false)
    const response = await noScriptPost('Not Held Ned')
    expect(response.status).toBe(403)
    const html = await response.text()
    expect(html).toContain(NEEDS_JAVASCRIPT_TEXT)
    expect(html).toContain('value="Not Held Ned"')
    expect(await storedNamed('Not Held Ned')).toHaveLength(0)
  })

  it('is refused when the captcha is a third party’s, which the site cannot hold for', async () => {
    await setCaptcha('recaptcha', true)
    const response = await noScriptPost('Third Party Tess')
    expect(response.status).toBe(403)
    expect(await storedNamed('Third Party Tess')).toHaveLength(0)
  })
})

describe('the JSON API without a captcha answer', () => {
  it('is refused with the captcha error, never held', async () => {
    const response = await contact(await jsonPost({ formId: 115, fields: validFields({ name: 'Json Jim' }) }))
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({ ok: false, error: CAPTCHA_ERROR })
    expect(await storedNamed('Json Jim')).toHaveLength(0)
  })
})

describe('a reCAPTCHA answer while the captcha service cannot be asked', () => {
  let siteverify: Awaited<ReturnType<typeof startSiteverifyFake>>
  let unreachableUrl: string
  const { env } = SITEVERIFY_URLS.recaptcha

  beforeAll(async () => {
    siteverify = await startSiteverifyFake(SECRET_KEY)
    unreachableUrl = await closedSiteverifyUrl()
  })
  afterAll(() => siteverify?.close())
  beforeEach(async () => {
    siteverify.failWith(null)
    process.env[env] = siteverify.url
    await setCaptcha('recaptcha', true)
  })
  afterEach(() => {
    delete process.env[env]
  })

  const jsonWithToken = async (name: string, token = siteverify.issueToken()) =>
    contact(await jsonPost({ formId: 115, fields: validFields({ name }), captcha: token }))

  async function expectHeldUnsent(name: string, cause: RegExp) {
    const [stored] = await storedNamed(name)
    expect(stored.deliveryStatus).toBe('held')
    expect(stored.lastDeliveryError).toMatch(/^Held for review: the captcha service \(Google reCAPTCHA\) /)
    expect(stored.lastDeliveryError).toMatch(cause)
    await runContactQueue(payload)
    expect(await deliverSubmission(payload, stored.id)).toBe('held')
    expect(mailsMentioning(name)).toHaveLength(0)
    return stored
  }

  it('is stored as held with the reason, answered as any held message, and not emailed when the service answers 500', async () => {
    siteverify.failWith(500)
    const response = await jsonWithToken('Outage Olive')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true })
    const held = await expectHeldUnsent('Outage Olive', /answered with an error \(HTTP 500\)/)
    // Released by the owner, it is emailed once.
    expect((await release(String(held.id), ['editor'])).status).toBe(200)
    await runContactQueue(payload)
    expect(mailsMentioning('Outage Olive')).toHaveLength(1)
  })

  it('is stored as held with the reason and not emailed when the service cannot be reached', async () => {
    process.env[env] = unreachableUrl
    const response = await jsonWithToken('Unreachable Uma')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true })
    await expectHeldUnsent('Unreachable Uma', /could not be reached/)
  })

  it('posted without JavaScript, is held and answered with the held page', async () => {
    siteverify.failWith(503)
    const response = await noScriptPost('Plain Post Pia', { [CAPTCHA_FORM_FIELDS.recaptcha]: siteverify.issueToken() })
    expect(response.status).toBe(200)
    expect(await response.text()).toContain(HELD_ANSWER.title)
    await expectHeldUnsent('Plain Post Pia', /HTTP 503/)
  })

  it('through the legacy endpoint, is held and answered s, for a 500 and for a closed port', async () => {
    for (const [name, outage, cause] of [
      ['Legacy Outage Lou', () => siteverify.failWith(500), /answered with an error \(HTTP 500\)/],
      ['Legacy Unreachable Lea', () => void (process.env[env] = unreachableUrl), /could not be reached/],
    ] as const) {
      outage()
      const data = new URLSearchParams()
      for (const { name: field, value } of validFields({ name }))
        for (const item of Array.isArray(value) ? value : [value]) data.append(field, item)
      const params = new URLSearchParams({
        option: 'com_ajax',
        module: 'contact',
        format: 'raw',
        method: 'recaptcha',
        data: data.toString(),
        'g-recaptcha-response': siteverify.issueToken(),
      })
      const csrf = await csrfPair()
      const response = await handleLegacyPost(
        await formPost(params, { path: '/index.php', csrf, headers: { 'X-CSRF-Token': csrf.token } }),
        { payload: async () => payload },
      )
      expect(response.status).toBe(200)
      expect(await response.text()).toBe(LEGACY_SUCCESS)
      await expectHeldUnsent(name, cause)
    }
  })

  it('is still refused with the captcha error, storing nothing, when the service says the answer is wrong', async () => {
    const response = await jsonWithToken('Wrong Token Will', 'made-up-token')
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({ ok: false, error: CAPTCHA_ERROR })
    expect(siteverify.calls.at(-1)).toMatchObject({ response: 'made-up-token' })
    expect(await storedNamed('Wrong Token Will')).toHaveLength(0)
  })
})
