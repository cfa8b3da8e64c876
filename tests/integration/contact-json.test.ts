import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@/forms/validation'
import { HONEYPOT_FIELD } from '@/contact/protocol'
import { BODY_MESSAGES, CONTACT_BODY_LIMIT_BYTES } from '@/contact/server/body'
import { GUARD_MESSAGES } from '@/contact/server/guard'
import { CONTACT_RATE_LIMIT_PER_MINUTE_DEFAULT, CONTACT_RATE_WINDOW_MS } from '@/contact/server/rateLimit'
import { MAX_SUBMITTED_FIELDS, SUBMIT_MESSAGES } from '@/contact/server/submit'
import { csrfPair, jsonPost, SENT_NOTE_PATTERN, SITE, validFields } from '../support/contact'
import {
  accepted,
  body,
  contact,
  payload,
  setUpContactEndpointSuite,
  storedWithName,
  tooShort,
} from '../support/contactEndpoints'

setUpContactEndpointSuite()

describe('POST /api/contact (JSON)', () => {
  it('accepts a valid submission, stores it queued and starts delivery', async () => {
    const before = accepted
    const response = await contact(await jsonPost(body({ name: 'Json Valid' }, { pageUrl: `${SITE}/contact` })))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true, note: expect.stringMatching(SENT_NOTE_PATTERN) })
    const [stored] = await storedWithName('Json Valid')
    expect(stored.deliveryStatus).toBe('queued')
    expect(stored.pageUrl).toBe(`${SITE}/contact`)
    expect(accepted).toBe(before + 1)
  })

  it('applies an edit of the form to the very next submission', async () => {
    expect((await contact(await jsonPost(body({ name: 'Prior To Change' })))).status).toBe(200)
    await payload.update({ collection: 'forms', id: 115, data: { captcha: true } })
    try {
      const refused = await contact(await jsonPost(body({ name: 'Changed Form' })))
      expect(refused.status).toBe(403)
      expect(await refused.json()).toEqual({ ok: false, error: 'captcha' })
    } finally {
      await payload.update({ collection: 'forms', id: 115, data: { captcha: false } })
    }
    expect((await contact(await jsonPost(body({ name: 'Restored Form' })))).status).toBe(200)
  })

  it('answers 400 with the engine’s messages for invalid fields', async () => {
    const response = await contact(await jsonPost(body({ name: '', message: 'Too short.', email: 'not-an-email' })))
    expect(response.status).toBe(400)
    const answer = await response.json()
    expect(answer).toMatchObject({ ok: false, error: SUBMIT_MESSAGES.fixFields })
    expect(answer.fieldErrors).toEqual({ name: MESSAGES.required, email: MESSAGES.email, message: tooShort })
  })

  it('answers 400 for malformed JSON and for wrong shapes or types', async () => {
    const malformed = await contact(await jsonPost('{"formId": 115, "fields": ['))
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toEqual({ ok: false, error: BODY_MESSAGES.malformed })
    for (const wrong of [
      [],
      'text',
      { formId: 115 },
      { formId: 115, fields: 'name=x' },
      { formId: 115, fields: [{ name: 'name', value: 42 }] },
      { formId: 115, fields: [{ name: ['name'], value: 'x' }] },
      { formId: 115, fields: [null] },
      { formId: 115, fields: validFields(), captcha: { token: 'x' } },
    ]) {
      const response = await contact(await jsonPost(wrong))
      expect(response.status, JSON.stringify(wrong)).toBe(400)
      expect((await response.json()).ok).toBe(false)
    }
    for (const formId of ['abc', 999_999, -1, 1.5, '115; DROP TABLE forms', null]) {
      const response = await contact(await jsonPost({ formId, fields: validFields() }))
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ ok: false, error: SUBMIT_MESSAGES.unknownForm })
    }
  })

  it('answers 400 to more fields than a form has, and 413 to 10 000 fields', async () => {
    const many = Array.from({ length: MAX_SUBMITTED_FIELDS + 1 }, () => ({ name: 'x', value: '' }))
    const tooMany = await contact(await jsonPost({ formId: 115, fields: many }))
    expect(tooMany.status).toBe(400)
    expect(await tooMany.json()).toEqual({ ok: false, error: SUBMIT_MESSAGES.tooManyFields })
    const flood = Array.from({ length: 10_000 }, (_, i) => ({ name: `f${i}`, value: 'x' }))
    const huge = await contact(await jsonPost({ formId: 115, fields: flood }))
    expect(huge.status).toBe(413)
    expect(await huge.json()).toEqual({ ok: false, error: BODY_MESSAGES.tooLarge })
  })

  it('answers 413 to a body just over the limit and to a 1 MB value, stopping a streamed body without a length at the limit', async () => {
    const justOver = await contact(await jsonPost({ formId: 115, pad: 'x'.repeat(CONTACT_BODY_LIMIT_BYTES) }))
    expect(justOver.status).toBe(413)
    expect(await justOver.json()).toEqual({ ok: false, error: BODY_MESSAGES.tooLarge })
    const declared = await contact(await jsonPost(body({ message: 'x'.repeat(1024 * 1024) })))
    expect(declared.status).toBe(413)

    const csrf = await csrfPair()
    let pulled = 0
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024))
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.byteLength
        if (pulled > 1024 * 1024) controller.close()
        else controller.enqueue(chunk)
      },
    })
    const request = new Request(`${SITE}/api/contact`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: SITE,
        'X-Forwarded-For': '10.9.9.9',
        Cookie: csrf.cookie,
        'X-CSRF-Token': csrf.token,
      },
      body: stream,
      duplex: 'half',
    } as RequestInit)
    const streamed = await contact(request)
    expect(streamed.status).toBe(413)
    expect(pulled).toBeLessThan(CONTACT_BODY_LIMIT_BYTES + 5 * chunk.byteLength)
  })

  it('answers 415 to content types other than JSON and form encoding', async () => {
    for (const type of ['text/plain', 'multipart/form-data; boundary=x', 'application/xml', '']) {
      const response = await contact(await jsonPost(body(), { headers: { 'Content-Type': type } }))
      expect(response.status, type).toBe(415)
      expect(await response.json()).toEqual({ ok: false, error: BODY_MESSAGES.contentType })
    }
  })

  it('refuses control characters and CRLF in names and emails with a field error', async () => {
    const response = await contact(
      await jsonPost(body({ name: 'Eve\r\nBcc: victim@example.com', email: 'eve@example.com\r\nBcc: x@example.com' })),
    )
    expect(response.status).toBe(400)
    const answer = await response.json()
    expect(answer.fieldErrors.name).toBe(MESSAGES.remote)
    expect(answer.fieldErrors.email).toBe(MESSAGES.email)
    const nul = await contact(await jsonPost(body({ company: 'Null\u0000Byte LLC' })))
    expect((await nul.json()).fieldErrors).toEqual({ company: MESSAGES.remote })
    expect(await storedWithName('victim@example.com')).toHaveLength(0)
  })

  it('accepts a tab pasted into a one-line field, stored as a space, and still refuses other control characters', async () => {
    const response = await contact(await jsonPost(body({ name: 'Jane\tDoe', phone: '(614)\t555-0100' })))
    expect(response.status).toBe(200)
    const [stored] = await storedWithName('Jane Doe')
    expect(stored.data?.find((item) => item.name === 'name')?.value).toBe('Jane Doe')
    expect(stored.data?.find((item) => item.name === 'phone')?.value).toBe('(614) 555-0100')
    for (const hostile of ['Jane\u0000Doe', 'Jane\u0007Doe', 'Jane\u001bDoe', 'Jane\u007fDoe']) {
      const refused = await contact(await jsonPost(body({ name: hostile })))
      expect(refused.status, JSON.stringify(hostile)).toBe(400)
      expect((await refused.json()).fieldErrors, JSON.stringify(hostile)).toEqual({ name: MESSAGES.remote })
    }
    const message = 'A tab stays as typed in the message:\there, about parcel 44 on Main Street.'
    expect((await contact(await jsonPost(body({ name: 'Tab In Message', message })))).status).toBe(200)
    const [withTab] = await storedWithName('Tab In Message')
    expect(withTab.data?.find((item) => item.name === 'message')?.value).toBe(message)
  })

  it('keeps line breaks in the message and stores <script> as plain text', async () => {
    const message = 'Line one of the request about parcel 44.\r\nLine two: <script>alert(1)</script> end.'
    const response = await contact(await jsonPost(body({ name: 'Script Kiddie', message })))
    expect(response.status).toBe(200)
    const [stored] = await storedWithName('Script Kiddie')
    expect(stored.data?.find((item) => item.name === 'message')?.value).toBe(message)
  })

  it('answers 403 without the CSRF token, with a wrong one, or with a forged pair', async () => {
    const missing = await contact(await jsonPost(body({ name: 'No Token' }), { csrf: null }))
    expect(missing.status).toBe(403)
    expect(await missing.json()).toEqual({ ok: false, error: GUARD_MESSAGES.csrf })
    // The cookie alone, as a browser sends it with any post: the header is what proves the page's script.
    const cookieOnly = await contact(
      await jsonPost(body({ name: 'No Token' }), { csrf: null, headers: { Cookie: (await csrfPair()).cookie } }),
    )
    expect(cookieOnly.status).toBe(403)
    expect(await cookieOnly.json()).toEqual({ ok: false, error: GUARD_MESSAGES.csrf })
    const other = await csrfPair()
    const wrong = await contact(await jsonPost(body(), { headers: { 'X-CSRF-Token': other.token } }))
    expect(wrong.status).toBe(403)
    const forgedHeader = await contact(await jsonPost(body(), { headers: { 'X-CSRF-Token': 'forged' } }))
    expect(forgedHeader.status).toBe(403)
    const forged = 'A'.repeat(22) + '.' + 'B'.repeat(43)
    const unsigned = await contact(await jsonPost(body(), { csrf: { token: forged, cookie: `csrf_token=${forged}` } }))
    expect(unsigned.status).toBe(403)
    expect(await storedWithName('No Token')).toHaveLength(0)
  })

  it('answers 403 to a post from another site', async () => {
    const crossSiteHeaders: Record<string, string>[] = [
      { Origin: 'https://evil.example' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site', Origin: 'http://sub.localhost:3000' },
    ]
    for (const headers of crossSiteHeaders) {
      const response = await contact(await jsonPost(body({ name: 'Cross Site' }), { headers }))
      expect(response.status).toBe(403)
      expect(await response.json()).toEqual({ ok: false, error: GUARD_MESSAGES.crossOrigin })
    }
    expect(await storedWithName('Cross Site')).toHaveLength(0)
  })

  it('answers success to a filled honeypot but stores it as spam, never queued', async () => {
    const response = await contact(
      await jsonPost(body({ name: 'Honey Bot' }, { [HONEYPOT_FIELD]: 'http://spam.example' })),
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true, note: expect.stringMatching(SENT_NOTE_PATTERN) })
    const [stored] = await storedWithName('Honey Bot')
    expect(stored.deliveryStatus).toBe('spam')
    const jobs = await payload.find({ collection: 'payload-jobs', limit: 0 })
    expect(jobs.docs.some((job) => (job.input as { submissionId?: number }).submissionId === stored.id)).toBe(false)
  })

  it('stores every accepted post of a repeated submission, and limits a flood per address with 429', async () => {
    const ip = '10.200.0.1'
    const statuses: number[] = []
    for (let i = 0; i < CONTACT_RATE_LIMIT_PER_MINUTE_DEFAULT + 5; i++) {
      const response = await contact(await jsonPost(body({ name: 'Flood Repeat' }), { ip }))
      statuses.push(response.status)
      if (response.status === 429) {
        // The window opens at the first post, so the allowance returns within its length.
        const retryAfter = Number(response.headers.get('retry-after'))
        expect(retryAfter).toBeGreaterThanOrEqual(1)
        expect(retryAfter).toBeLessThanOrEqual(CONTACT_RATE_WINDOW_MS / 1000)
        expect(await response.json()).toEqual({ ok: false, error: GUARD_MESSAGES.rateLimited })
      }
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(CONTACT_RATE_LIMIT_PER_MINUTE_DEFAULT)
    expect(statuses.filter((status) => status === 429)).toHaveLength(5)
    expect(await storedWithName('Flood Repeat')).toHaveLength(CONTACT_RATE_LIMIT_PER_MINUTE_DEFAULT)
    const otherAddress = await contact(await jsonPost(body({ name: 'Other Address' }), { ip: '10.200.0.2' }))
    expect(otherAddress.status).toBe(200)
  })

  it('counts every post from one address against its allowance, refused ones too, but not a post from another site', async () => {
    const ip = '10.200.0.3'
    const hostileFields = [
      { name: '__proto__', value: 'polluted' },
      { name: 'name', value: '<script>alert(1)</script>\u0000' },
      { name: 'email', value: 'not an address' },
    ]
    const refusals: Array<[string | object, number, Record<string, string>?]> = [
      ['{"formId": 115, "fields": [', 400],
      [{ formId: 115, pad: 'x'.repeat(CONTACT_BODY_LIMIT_BYTES) }, 413],
      [body({ name: 'Counted Refusal' }), 415, { 'Content-Type': 'text/plain' }],
      [body({ name: 'Counted Refusal' }), 403, { 'X-CSRF-Token': 'forged' }],
      [{ formId: 115, fields: hostileFields }, 400],
    ]
    for (const [sent, status, headers] of refusals) {
      const response = await contact(await jsonPost(sent, { ip, headers }))
      expect(response.status, JSON.stringify(headers ?? sent).slice(0, 60)).toBe(status)
      if (status === 400 && typeof sent !== 'string')
        expect((await response.json()).fieldErrors).toMatchObject({
          name: expect.any(String),
          email: expect.any(String),
        })
    }
    const crossSite = await contact(
      await jsonPost(body({ name: 'Counted Refusal' }), { ip, headers: { Origin: 'https://attacker.example' } }),
    )
    expect(crossSite.status).toBe(403)
    // The allowance left is what the five refused posts did not spend; the other site's post spent none.
    const statuses: number[] = []
    for (let i = refusals.length; i <= CONTACT_RATE_LIMIT_PER_MINUTE_DEFAULT; i++)
      statuses.push((await contact(await jsonPost(body({ name: 'Counted Valid' }), { ip }))).status)
    expect(statuses).toEqual([...Array(CONTACT_RATE_LIMIT_PER_MINUTE_DEFAULT - refusals.length).fill(200), 429])
    expect(await storedWithName('Counted Valid')).toHaveLength(CONTACT_RATE_LIMIT_PER_MINUTE_DEFAULT - refusals.length)
    expect(await storedWithName('Counted Refusal')).toHaveLength(0)
  })
})
