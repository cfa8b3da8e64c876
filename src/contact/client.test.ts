import { describe, expect, it } from 'vitest'
import { TIMEOUT_ERROR_NAME } from '@/security/fetch'
import { CONTACT_FAILURE_TEXT, interpretContactFailure, interpretContactResponse } from './client'
import { SUBMIT_MESSAGES } from './server/submit'

describe('interpretContactResponse', () => {
  it('reads {ok:true} with 200 as sent', () => {
    expect(interpretContactResponse(200, '{"ok":true}')).toEqual({ kind: 'sent', followUp: {} })
  })
  it('reads the note or the thank-you page that follows a send, a path on this site only', () => {
    expect(interpretContactResponse(200, '{"ok":true,"note":"Sent at 3:45 PM EST."}')).toEqual({
      kind: 'sent',
      followUp: { note: 'Sent at 3:45 PM EST.' },
    })
    expect(interpretContactResponse(200, '{"ok":true,"thankYouPage":"/thank-you"}')).toEqual({
      kind: 'sent',
      followUp: { thankYouPage: '/thank-you' },
    })
    for (const elsewhere of ['https://evil.example/', '//evil.example/', '/\\\\evil.example', 'javascript:alert(1)'])
      expect(interpretContactResponse(200, JSON.stringify({ ok: true, thankYouPage: elsewhere }))).toEqual({
        kind: 'sent',
        followUp: {},
      })
  })
  it('does not count a 200 without ok:true as sent', () => {
    expect(interpretContactResponse(200, '<html>proxy page</html>')).toEqual({
      kind: 'failed',
      message: CONTACT_FAILURE_TEXT.server,
    })
  })
  it('reads 403 {ok:false,error:"captcha"} as a captcha failure', () => {
    expect(interpretContactResponse(403, '{"ok":false,"error":"captcha"}')).toEqual({ kind: 'captcha' })
  })
  it('reads another 403 (CSRF) as a failure with the server text', () => {
    expect(interpretContactResponse(403, '{"ok":false,"error":"Reload the page."}')).toEqual({
      kind: 'failed',
      message: 'Reload the page.',
    })
    expect(interpretContactResponse(403, '')).toEqual({ kind: 'failed', message: CONTACT_FAILURE_TEXT.forbidden })
  })
  it('reads 400 with fieldErrors as invalid fields, keeping only string messages', () => {
    const body = JSON.stringify({
      ok: false,
      error: 'Please correct the marked fields.',
      fieldErrors: { message: 'Please enter at least 50 characters.', bad: 42, __proto__x: 'x' },
    })
    expect(interpretContactResponse(400, body)).toEqual({
      kind: 'invalid',
      message: 'Please correct the marked fields.',
      fieldErrors: { message: 'Please enter at least 50 characters.', __proto__x: 'x' },
    })
  })
  it('gives plain words for 413, 429 and 5xx answers without text', () => {
    expect(interpretContactResponse(413, '')).toEqual({ kind: 'failed', message: CONTACT_FAILURE_TEXT.tooLarge })
    expect(interpretContactResponse(429, 'Too Many')).toEqual({
      kind: 'failed',
      message: CONTACT_FAILURE_TEXT.rateLimited,
    })
    expect(interpretContactResponse(502, '{"ok":false}')).toEqual({
      kind: 'failed',
      message: CONTACT_FAILURE_TEXT.server,
    })
  })
  it('reads the 503 of a database outage as a failure with its words (the form keeps what was typed)', () => {
    const body = JSON.stringify({ ok: false, error: SUBMIT_MESSAGES.unavailable })
    expect(interpretContactResponse(503, body)).toEqual({ kind: 'failed', message: SUBMIT_MESSAGES.unavailable })
  })
  it('passes the server text through untouched (the view shows it as text)', () => {
    expect(interpretContactResponse(500, '{"ok":false,"error":"<img src=x onerror=alert(1)>"}')).toEqual({
      kind: 'failed',
      message: '<img src=x onerror=alert(1)>',
    })
  })
  it('survives malformed and hostile bodies', () => {
    for (const body of ['{', 'null', '[]', '"text"', '{"error":{"nested":1}}', '{"__proto__":{"ok":true}}']) {
      expect(interpretContactResponse(200, body).kind).toBe('failed')
    }
  })
})

describe('interpretContactFailure', () => {
  it('says the server did not answer in time after a timeout', () => {
    const timeout = new DOMException('slow', TIMEOUT_ERROR_NAME)
    expect(interpretContactFailure(timeout)).toEqual({ kind: 'failed', message: CONTACT_FAILURE_TEXT.timeout })
  })
  it('says the server could not be reached after a network error', () => {
    expect(interpretContactFailure(new TypeError('Failed to fetch'))).toEqual({
      kind: 'failed',
      message: CONTACT_FAILURE_TEXT.network,
    })
  })
})
