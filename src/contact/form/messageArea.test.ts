import { describe, expect, it } from 'vitest'
import { canSubmit, IDLE, MESSAGE_DISPLAY_MS, nextMessage, type MessageView } from './messageArea'

const loading = nextMessage(IDLE, { type: 'submit' })

describe('contact form message area', () => {
  it('shows loading on submit and refuses a second submit while loading', () => {
    expect(loading.state).toBe('loading')
    expect(loading.expiresInMs).toBeNull()
    expect(canSubmit(loading)).toBe(false)
    expect(canSubmit(IDLE)).toBe(true)
  })

  it('shows success for the display time, then resets the form, clears and shows the note', () => {
    const success = nextMessage(loading, { type: 'answer', outcome: { kind: 'sent', text: 'Thanks' } })
    expect(success).toMatchObject({ state: 'success', text: 'Thanks', expiresInMs: MESSAGE_DISPLAY_MS })
    expect(success.onEnter).toEqual([])
    expect(success.onExpire).toEqual(['reset-form', 'show-note'])
    expect(nextMessage(success, { type: 'expire' })).toEqual(IDLE)
  })

  it('shows captcha-error for the display time and resets the captcha at once', () => {
    const failed = nextMessage(loading, { type: 'answer', outcome: { kind: 'captcha', text: 'Captcha failed' } })
    expect(failed).toMatchObject({ state: 'captcha-error', expiresInMs: MESSAGE_DISPLAY_MS })
    expect(failed.onEnter).toEqual(['reset-captcha'])
    expect(failed.onExpire).toEqual([])
    expect(nextMessage(failed, { type: 'expire' })).toEqual(IDLE)
  })

  it('shows any other failure as error text for the display time, then removes it', () => {
    const error = nextMessage(loading, { type: 'answer', outcome: { kind: 'failed', text: '<img src=x onerror=1>' } })
    expect(error).toMatchObject({ state: 'error', text: '<img src=x onerror=1>', expiresInMs: MESSAGE_DISPLAY_MS })
    expect(error.onExpire).toEqual([])
    expect(nextMessage(error, { type: 'expire' })).toEqual(IDLE)
  })

  it('ignores an answer that arrives when no send is under way', () => {
    const answer = { type: 'answer', outcome: { kind: 'sent', text: '' } } as const
    expect(nextMessage(IDLE, answer)).toBe(IDLE)
    const success = nextMessage(loading, answer)
    expect(nextMessage(success, answer)).toBe(success)
  })

  it('ignores an expiry while loading (a send never times out of the loading state by itself)', () => {
    expect(nextMessage(loading, { type: 'expire' })).toBe(loading)
  })

  it('refuses a submit while the success message is shown, and allows one once it has gone', () => {
    const success = nextMessage(loading, { type: 'answer', outcome: { kind: 'sent', text: 'Thanks' } })
    expect(canSubmit(success)).toBe(false)
    expect(canSubmit(nextMessage(success, { type: 'expire' }))).toBe(true)
  })

  it('lets a new submit replace a message still on screen', () => {
    const error: MessageView = nextMessage(loading, { type: 'answer', outcome: { kind: 'failed', text: 'x' } })
    expect(canSubmit(error)).toBe(true)
    expect(nextMessage(error, { type: 'submit' }).state).toBe('loading')
  })

  it('keeps the display time at the specified 2000 ms', () => {
    expect(MESSAGE_DISPLAY_MS).toBe(2000)
  })
})
