// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CSRF_ENDPOINT } from '@/security/csrfProtocol'
import { CONTACT_ENDPOINT } from '../protocol'
import { attachForm, CAPTCHA_UNAVAILABLE_TEXT, type FormBehaviourConfig } from './attachForm'
import { ERROR_ID_ATTRIBUTE, FIELD_ROW_CLASS } from './fieldMarks'
import { MESSAGE_DISPLAY_MS } from './messageArea'

const SUCCESS_TEXT = 'Thanks, we got it.'

/** Whether the captcha's script arrives; when not, its dynamic import fails as a missing chunk would. */
const altchaScript = vi.hoisted(() => ({ arrives: true }))
vi.mock('altcha', () => {
  if (!altchaScript.arrives) throw new Error('Failed to fetch dynamically imported module')
  return {}
})

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
      <div class="form-captcha" data-provider="altcha"></div>
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
let sentCaptcha: unknown
let detach: (() => void) | null = null

beforeEach(() => {
  vi.useFakeTimers()
  contactRequests = 0
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === CSRF_ENDPOINT) return Response.json({ token: 'token' })
      if (url === CONTACT_ENDPOINT) {
        contactRequests++
        sentCaptcha = JSON.parse(String(init?.body)).captcha
      }
      return Response.json({ ok: true })
    }),
  )
})

afterEach(() => {
  altchaScript.arrives = true
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

describe('sending the contact form with the proof-of-work captcha', () => {
  it('tells the visitor when the captcha could not be loaded, and a later send loads it and goes through', async () => {
    const form = renderForm()
    detach = attachForm(form, { ...config, captcha: { provider: 'altcha', siteKey: null } })
    altchaScript.arrives = false
    form.requestSubmit()
    await vi.advanceTimersByTimeAsync(0)

    expect(messageArea(form).dataset.state).toBe('error')
    expect(messageArea(form).textContent).toBe(CAPTCHA_UNAVAILABLE_TEXT)
    expect(sendButton(form).getAttribute('aria-disabled')).toBe('false')
    expect(contactRequests).toBe(0)

    altchaScript.arrives = true
    form.requestSubmit()
    await vi.advanceTimersByTimeAsync(0)
    expect(messageArea(form).dataset.state).toBe('loading')
    const widget = form.querySelector('altcha-widget')!
    widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload: 'solved' } }))
    await vi.advanceTimersByTimeAsync(0)

    expect(contactRequests).toBe(1)
    expect(sentCaptcha).toBe('solved')
    expect(messageArea(form).dataset.state).toBe('success')
  })
})
