import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@/forms/validation'
import { HONEYPOT_FIELD, SENT_FRAGMENT_SUFFIX } from '@/contact/protocol'
import { SCRIPTLESS_PAGE_CSP } from '@/security/headers'
import { CSRF_FORM_FIELD } from '@/security/csrfProtocol'
import { BODY_MESSAGES, CONTACT_BODY_LIMIT_BYTES } from '@/contact/server/body'
import { GUARD_MESSAGES } from '@/contact/server/guard'
import { LEGACY_MESSAGES, LEGACY_SUCCESS } from '@/contact/server/legacyEndpoint'
import { CONTACT_RATE_LIMIT_PER_MINUTE_DEFAULT, CONTACT_RATE_WINDOW_MS } from '@/contact/server/rateLimit'
import { csrfPair, formPost, jsonPost, validFields } from '../support/contact'
import {
  accepted,
  body,
  contact,
  legacy,
  setUpContactEndpointSuite,
  storedWithName,
  tooShort,
} from '../support/contactEndpoints'

setUpContactEndpointSuite()

describe('POST /api/contact (no-JavaScript form)', () => {
  const formParams = (overrides: Record<string, string> = {}) => {
    const params = new URLSearchParams({ formId: '115' })
    for (const { name, value } of validFields(overrides))
      for (const item of Array.isArray(value) ? value : [value]) params.append(name, item)
    return params
  }

  it('redirects with 303 to the page’s sent notice after storing, and starts its delivery', async () => {
    const before = accepted
    const response = await contact(
      await formPost(formParams({ name: 'No Script Sent' }), { tokenField: CSRF_FORM_FIELD }),
    )
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(`/contact#contact-form-115${SENT_FRAGMENT_SUFFIX}`)
    const [stored] = await storedWithName('No Script Sent')
    expect(stored.data?.find((item) => item.name === 'properties')?.value).toBe('residential\nland')
    expect(accepted).toBe(before + 1)
  })

  it('answers an HTML page with the errors and the visitor’s input kept, escaped', async () => {
    const params = formParams({ name: '<b>Bold</b> "Quote"', message: 'short' })
    const response = await contact(await formPost(params, { tokenField: CSRF_FORM_FIELD }))
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toContain('text/html')
    const html = await response.text()
    expect(html).toContain(`<mark class="field-error" id="message_3-error">${tooShort}</mark>`)
    expect(html).toMatch(
      /<textarea id="message_3"[^>]* aria-describedby="[^"]*message_3-error"[^>]* aria-invalid="true"[^>]*>short</,
    )
    expect(html).toContain('value="&lt;b&gt;Bold&lt;/b&gt; &quot;Quote&quot;"')
    expect(html).not.toContain('<b>Bold</b>')
    expect(html).toMatch(/<option value="franklin" selected(="")?>/)
    expect(html).toMatch(/name="csrf_token" value="[\w-]+\.[\w-]+"/)
  })

  it('shows the page’s own form again: help texts, placeholders, required marks and the robots’ trap', async () => {
    const response = await contact(await formPost(formParams({ message: 'short' }), { tokenField: CSRF_FORM_FIELD }))
    const html = await response.text()
    expect(html).toContain('<p class="form-help" id="email-help">')
    expect(html).toMatch(
      /<input id="email" required=""[^>]* aria-describedby="email-help"[^>]* placeholder="you@example.com"/,
    )
    expect(html).toMatch(new RegExp(`<div class="form-trap" aria-hidden="true">.*name="${HONEYPOT_FIELD}"`))
    expect(html).not.toContain('<script')
    // It echoes what the visitor typed: the policy lets nothing run there, whatever got in.
    expect(response.headers.get('content-security-policy')).toBe(SCRIPTLESS_PAGE_CSP)
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  it('takes a post without a token when the browser says it comes from this site (pages carry no token)', async () => {
    const response = await contact(await formPost(formParams({ name: 'No Script Plain' }), { csrf: null }))
    expect(response.status).toBe(303)
    expect(await storedWithName('No Script Plain')).toHaveLength(1)
  })

  it('answers a 403 HTML page to a post without a token from another site, or that no browser vouches for', async () => {
    const refusals: Array<[string, Parameters<typeof formPost>[1], string]> = [
      [
        'another site’s Origin',
        { headers: { Origin: 'https://evil.example' }, without: ['Sec-Fetch-Site', 'Referer'] },
        GUARD_MESSAGES.crossOrigin,
      ],
      [
        'Sec-Fetch-Site: cross-site and no Origin',
        { headers: { 'Sec-Fetch-Site': 'cross-site' }, without: ['Origin', 'Referer'] },
        GUARD_MESSAGES.crossOrigin,
      ],
      ['neither Origin nor Sec-Fetch-Site', { without: ['Origin', 'Sec-Fetch-Site', 'Referer'] }, GUARD_MESSAGES.csrf],
      ['only a Referer', { without: ['Origin', 'Sec-Fetch-Site'] }, GUARD_MESSAGES.csrf],
    ]
    for (const [what, options, message] of refusals) {
      const response = await contact(await formPost(formParams({ name: 'No Script Csrf' }), { csrf: null, ...options }))
      expect(response.status, what).toBe(403)
      expect(response.headers.get('content-type'), what).toContain('text/html')
      expect(await response.text(), what).toContain(message)
    }
    expect(await storedWithName('No Script Csrf')).toHaveLength(0)
  })

  it('answers a 403 HTML page to a token that is not the cookie’s, even from this site', async () => {
    const csrf = await csrfPair()
    const response = await contact(
      await formPost(formParams({ name: 'No Script Forged' }), {
        csrf: { token: (await csrfPair()).token, cookie: csrf.cookie },
        tokenField: CSRF_FORM_FIELD,
      }),
    )
    expect(response.status).toBe(403)
    expect(await storedWithName('No Script Forged')).toHaveLength(0)
  })

  it('answers a flood of plain form posts with a 429 page that says when to come back', async () => {
    const ip = '10.200.0.9'
    let refused: Response | null = null
    for (let i = 0; i <= CONTACT_RATE_LIMIT_PER_MINUTE_DEFAULT && !refused; i++) {
      const response = await contact(await formPost(formParams({ name: 'No Script Flood' }), { csrf: null, ip }))
      if (response.status === 429) refused = response
    }
    expect(refused?.status).toBe(429)
    expect(refused?.headers.get('content-type')).toMatch(/text\/html/)
    const retryAfter = Number(refused?.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(CONTACT_RATE_WINDOW_MS / 1000)
    expect(await refused?.text()).toContain(GUARD_MESSAGES.rateLimited)
  })
})

describe('POST /index.php (legacy)', () => {
  const legacyParams = (overrides: Record<string, string> = {}, extra: Record<string, string> = {}) => {
    const data = new URLSearchParams()
    for (const { name, value } of validFields(overrides))
      for (const item of Array.isArray(value) ? value : [value]) data.append(name, item)
    return new URLSearchParams({
      option: 'com_ajax',
      module: 'contact',
      format: 'raw',
      data: data.toString(),
      ...extra,
    })
  }
  const post = (params: URLSearchParams, options: Parameters<typeof formPost>[1] = {}) =>
    formPost(params, { path: '/index.php', ...options })

  it('answers s to a valid call with the CSRF header, stores it and starts its delivery', async () => {
    const before = accepted
    const csrf = await csrfPair()
    const response = await legacy(
      await post(legacyParams({ name: 'Legacy Valid' }), { csrf, headers: { 'X-CSRF-Token': csrf.token } }),
    )
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(LEGACY_SUCCESS)
    expect(await storedWithName('Legacy Valid')).toHaveLength(1)
    expect(accepted).toBe(before + 1)
  })

  it('accepts a same-origin browser call without a token, refuses one that proves nothing', async () => {
    const sameOrigin = await legacy(await post(legacyParams({ name: 'Legacy Origin' }), { csrf: null }))
    expect(await sameOrigin.text()).toBe(LEGACY_SUCCESS)
    const bare = await legacy(
      await post(legacyParams({ name: 'Legacy Bare' }), {
        csrf: null,
        without: ['Origin', 'Sec-Fetch-Site', 'Referer'],
      }),
    )
    expect(bare.status).toBe(403)
    expect(await bare.text()).toBe(GUARD_MESSAGES.csrf)
    const cross = await legacy(
      await post(legacyParams({ name: 'Legacy Cross' }), { headers: { Origin: 'https://evil.example' } }),
    )
    expect(cross.status).toBe(403)
    expect(await storedWithName('Legacy Bare')).toHaveLength(0)
    expect(await storedWithName('Legacy Cross')).toHaveLength(0)
  })

  it('answers the error text for invalid data, unknown calls, wrong types and oversized bodies', async () => {
    const invalid = await legacy(await post(legacyParams({ message: 'short' })))
    expect(invalid.status).toBe(400)
    expect(await invalid.text()).toBe(`message: ${tooShort}`)
    for (const call of [
      { option: 'com_users', format: 'raw', module: 'contact' },
      { option: 'com_ajax', format: 'raw', module: 'nothing' },
    ]) {
      const unknown = await legacy(await post(new URLSearchParams(call)))
      expect(unknown.status, call.module).toBe(400)
      expect(await unknown.text()).toBe(LEGACY_MESSAGES.unknownCall)
    }
    const json = await legacy(await jsonPost(body(), { path: '/index.php' }))
    expect(json.status).toBe(415)
    const justOver = await legacy(
      await post(new URLSearchParams({ option: 'com_ajax', pad: 'x'.repeat(CONTACT_BODY_LIMIT_BYTES) })),
    )
    expect(justOver.status).toBe(413)
    expect(await justOver.text()).toBe(BODY_MESSAGES.tooLarge)
    const huge = await legacy(await post(legacyParams({ message: 'x'.repeat(1024 * 1024) })))
    expect(huge.status).toBe(413)
    expect(await huge.text()).toBe(BODY_MESSAGES.tooLarge)
    const crlf = await legacy(await post(legacyParams({ name: 'Mallory\r\nBcc: x@example.com' })))
    expect(crlf.status).toBe(400)
    expect(await crlf.text()).toBe(`name: ${MESSAGES.remote}`)
    const manyPairs = new URLSearchParams(Array.from({ length: 10_000 }, (_, i) => [`f${i}`, 'x']))
    const flood = await legacy(await post(legacyParams({}, { data: manyPairs.toString() })))
    expect(flood.status).toBe(413)
  })

  it('stores a filled honeypot as spam and still answers s', async () => {
    const response = await legacy(await post(legacyParams({ name: 'Legacy Honey', [HONEYPOT_FIELD]: 'x' })))
    expect(await response.text()).toBe(LEGACY_SUCCESS)
    const [stored] = await storedWithName('Legacy Honey')
    expect(stored.deliveryStatus).toBe('spam')
  })

  it('counts every call from one address against the allowance, refused ones too: past it 429, while another address is answered', async () => {
    const ip = '10.201.0.2'
    const call = (from: string) =>
      post(new URLSearchParams({ option: 'com_ajax', format: 'raw', module: 'contact' }), { ip: from })
    const statuses: number[] = []
    let refused: Response | null = null
    for (let i = 0; i < CONTACT_RATE_LIMIT_PER_MINUTE_DEFAULT + 3; i++) {
      const response = await legacy(await call(ip))
      statuses.push(response.status)
      refused ??= response.status === 429 ? response : null
    }
    expect(statuses.slice(0, CONTACT_RATE_LIMIT_PER_MINUTE_DEFAULT).every((status) => status === 400)).toBe(true)
    expect(statuses.slice(CONTACT_RATE_LIMIT_PER_MINUTE_DEFAULT)).toEqual([429, 429, 429])
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect((await legacy(await call('10.201.0.3'))).status).toBe(400)
  })

  it('shares the per-address rate limit with /api/contact', async () => {
    const ip = '10.201.0.1'
    for (let i = 0; i < CONTACT_RATE_LIMIT_PER_MINUTE_DEFAULT; i++)
      await contact(await jsonPost(body({ name: 'Shared Limit' }), { ip }))
    const response = await legacy(await post(legacyParams({ name: 'Shared Limit Legacy' }), { ip }))
    expect(response.status).toBe(429)
    expect(await response.text()).toBe(GUARD_MESSAGES.rateLimited)
  })
})
