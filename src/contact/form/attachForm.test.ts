// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CSRF_ENDPOINT } from '@/security/csrfProtocol'
import { CONTACT_ENDPOINT } from '../protocol'
import { attachForm, type FormBehaviourConfig } from './attachForm'
import { ERROR_ID_ATTRIBUTE, FIELD_ROW_CLASS } from './fieldMarks'
import { MESSAGE_DISPLAY_MS } from './messageArea'

const SUCCESS_TEXT = 'Thanks, we got it.'

const config: FormBehaviourConfig = {
  specs: [{ name: 'name', type: 'text', required: true }],
  successText: SUCCESS_TEXT,
  captcha: null,
  followThankYouPage: false,
}

/** The parts of the server-rendered form that the behaviour reads. */
function renderForm(): HTMLFormElement {
  document.body.innerHTML = `
    <form data-form-id="115">
      <div class="${FIELD_ROW_CLASS}" ${ERROR_ID_ATTRIBUTE}="name-error">
        <label for="name">Your name</label><input id="name" type="text" name="name" />
      </div>
      <button type="submit">Send</button>
      <button type="reset">Clear</button>
      <div class="form-message" role="status" aria-live="polite" data-state=""></div>
    </form>`
  const form = document.querySelector('form')!
  form.querySelector<HTMLInputElement>('input[name="name"]')!.value = 'Jane Doe'
  return form
}

const messageArea = (form: HTMLFormElement) => form.querySelector<HTMLElement>('.form-message')!
const sendButton = (form: HTMLFormElement) => form.querySelector<HTMLButtonElement>('button[type="submit"]')!

let contactRequests: number
let detach: (() => void) | null = null

beforeEach(() => {
  vi.useFakeTimers()
  contactRequests = 0
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === CSRF_ENDPOINT) return Response.json({ token: 'token' })
      if (url === CONTACT_ENDPOINT) contactRequests++
      return Response.json({ ok: true })
    }),
  )
})

afterEach(() => {
  detach?.()
  detach = null
  vi.unstubAllGlobals()
  vi.useRealTimers()
  document.body.innerHTML = ''
})

describe('sending the contact form', () => {
  it('sends one request when Send is pressed again while the success message is shown', async () => {
    const form = renderForm()
    detach = attachForm(form, config)
    form.requestSubmit()
    await vi.advanceTimersByTimeAsync(0)
    expect(messageArea(form).dataset.state).toBe('success')

    await vi.advanceTimersByTimeAsync(100)
    form.requestSubmit()
    await vi.advanceTimersByTimeAsync(0)

    expect(contactRequests).toBe(1)
    expect(messageArea(form).dataset.state).toBe('success')
    expect(messageArea(form).textContent).toBe(SUCCESS_TEXT)
    expect(sendButton(form).getAttribute('aria-disabled')).toBe('true')
    // The success message still goes on time, the form is cleared, and Send is offered again.
    await vi.advanceTimersByTimeAsync(MESSAGE_DISPLAY_MS - 100)
    expect(messageArea(form).dataset.state).toBe('')
    expect(form.querySelector<HTMLInputElement>('input[name="name"]')!.value).toBe('')
    expect(sendButton(form).getAttribute('aria-disabled')).toBe('false')
  })

  it('marks Send unavailable during the success message, until the visitor presses Clear', async () => {
    const form = renderForm()
    detach = attachForm(form, config)
    form.requestSubmit()
    await vi.advanceTimersByTimeAsync(0)
    expect(sendButton(form).getAttribute('aria-disabled')).toBe('true')

    form.reset()
    expect(messageArea(form).dataset.state).toBe('')
    expect(sendButton(form).getAttribute('aria-disabled')).toBe('false')
  })
})
