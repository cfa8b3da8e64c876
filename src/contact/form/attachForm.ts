// Enhances a server-rendered CMS form: its submit flow. The fields are checked as the visitor goes
// (fieldViews.ts), the message area follows its state machine (messageDisplay.ts), and a send goes
// through the contact client with the captcha's answer.
import { LEAD_EVENT } from '@/analytics/events'
import { trackEvent } from '@/analytics/trackEvent'
import { type CaptchaConfig, createCaptchaWidget } from '../captchaWidget'
import { sendContact, type ContactResult } from '../client'
import { HONEYPOT_FIELD } from '../protocol'
import { csrfToken } from '@/security/fetch'
import { enhanceSelect } from '@/forms/dropdown/enhanceSelect'
import { type FieldSpec, validateForm } from '@/forms/validation'
import { FORM_SENT_EVENT } from './events'
import { hasFieldError, markFieldError } from './fieldMarks'
import { checkFieldsAsTyped, clearFieldMarks, type FieldView, findFields } from './fieldViews'
import { readFields, readValues } from './formValues'
import { createMessageDisplay } from './messageDisplay'

export type FormBehaviourConfig = {
  specs: FieldSpec[]
  successText: string
  captcha: CaptchaConfig | null
  /** False for a copy of the form inside a widget (the chat), which stays on its page after a send. */
  followThankYouPage: boolean
}

/** Shown in the message area when the server refuses the captcha answer. */
export const CAPTCHA_FAILED_TEXT = 'The captcha check failed. Please try it again, then send.'

/** Shown in the message area when the captcha could not be loaded, so nothing was sent. */
export const CAPTCHA_UNAVAILABLE_TEXT =
  'The captcha could not be loaded, so your message was not sent. Please check your connection and send again.'

function focusFirstInvalid(fields: FieldView[]) {
  const first = fields.find(hasFieldError)
  const target = first?.targets.find((element) => !(element as HTMLInputElement).disabled) ?? first?.targets[0]
  target?.focus()
}

/**
 * Attaches the behaviour; returns the function that detaches it. `pressed` is a select the
 * visitor pressed while this loaded: if it still has focus, its dropdown opens.
 */
export function attachForm(
  form: HTMLFormElement,
  config: FormBehaviourConfig,
  pressed: HTMLSelectElement | null = null,
): () => void {
  form.noValidate = true
  // Asked for now, so that the first send does not wait for it.
  void csrfToken()
  const dropdowns = Array.from(form.querySelectorAll('select')).map((select) =>
    enhanceSelect(select, { open: select === pressed }),
  )
  const fields = findFields(form, config.specs)
  const stopChecking = checkFieldsAsTyped(form, fields, config.specs)
  const multipleNames = new Set(config.specs.filter((spec) => spec.multiple).map((spec) => spec.name))
  const captchaContainer = form.querySelector<HTMLElement>('.form-captcha')
  const captcha = config.captcha && captchaContainer ? createCaptchaWidget(captchaContainer, config.captcha) : null
  const message = createMessageDisplay(form, (effect) => {
    if (effect === 'reset-form') form.reset()
    if (effect === 'reset-captcha') captcha?.reset()
  })

  function showResult(result: ContactResult) {
    switch (result.kind) {
      case 'sent': {
        // Sent once per accepted message, here: the thank-you page sends nothing, so a reload of it counts nothing.
        trackEvent(LEAD_EVENT, { form_id: form.dataset.formId ?? '' })
        const { thankYouPage, note } = result.followUp
        message.expectNote(note ?? null)
        message.send({ type: 'answer', outcome: { kind: 'sent', text: config.successText } })
        form.dispatchEvent(new CustomEvent(FORM_SENT_EVENT, { bubbles: true }))
        if (thankYouPage && config.followThankYouPage) window.location.assign(thankYouPage)
        return
      }
      case 'captcha':
        return message.send({ type: 'answer', outcome: { kind: 'captcha', text: CAPTCHA_FAILED_TEXT } })
      case 'invalid':
        for (const field of fields) {
          const error = Object.prototype.hasOwnProperty.call(result.fieldErrors, field.spec.name)
            ? result.fieldErrors[field.spec.name]
            : null
          if (error) markFieldError(field, error)
        }
        message.send({ type: 'answer', outcome: { kind: 'failed', text: result.message } })
        return focusFirstInvalid(fields)
      case 'failed':
        return message.send({ type: 'answer', outcome: { kind: 'failed', text: result.message } })
    }
  }

  async function onSubmit(event: SubmitEvent) {
    event.preventDefault()
    if (!message.canSubmit()) return
    const errors = validateForm(config.specs, readValues(form, config.specs))
    for (const field of fields) markFieldError(field, errors[field.spec.name] ?? null)
    if (Object.keys(errors).length > 0) return focusFirstInvalid(fields)
    message.expectNote(null)
    message.send({ type: 'submit' })
    let captchaAnswer: string | null = null
    try {
      captchaAnswer = captcha ? await captcha.response() : null
    } catch {
      return message.send({ type: 'answer', outcome: { kind: 'failed', text: CAPTCHA_UNAVAILABLE_TEXT } })
    }
    const honeypot = new FormData(form).get(HONEYPOT_FIELD)
    showResult(
      await sendContact({
        formId: form.dataset.formId ?? '',
        fields: readFields(form, multipleNames),
        ...(captchaAnswer ? { captcha: captchaAnswer } : {}),
        ...(typeof honeypot === 'string' && honeypot !== '' ? { [HONEYPOT_FIELD]: honeypot } : {}),
        pageUrl: window.location.href,
      }),
    )
  }

  function onReset() {
    clearFieldMarks(fields)
    message.formReset()
  }

  const loadCaptcha = () => void captcha?.load().catch(() => undefined)

  form.addEventListener('submit', onSubmit)
  form.addEventListener('reset', onReset)
  form.addEventListener('focusin', loadCaptcha, { once: true })
  form.addEventListener('pointerdown', loadCaptcha, { once: true })
  // The form may already hold focus when the behaviour arrives.
  if (form.contains(document.activeElement)) loadCaptcha()
  form.dataset.enhanced = 'true'

  return () => {
    message.stop()
    stopChecking()
    form.removeEventListener('submit', onSubmit)
    form.removeEventListener('reset', onReset)
    form.removeEventListener('focusin', loadCaptcha)
    form.removeEventListener('pointerdown', loadCaptcha)
    for (const dropdown of dropdowns) dropdown.destroy()
    delete form.dataset.enhanced
  }
}
