// Enhances a server-rendered CMS form: dropdowns, validation with the shared engine, sending
// through the contact client, the message area and the captcha.
import { LEAD_EVENT } from '@/analytics/events'
import { trackEvent } from '@/analytics/trackEvent'
import { type CaptchaConfig, createCaptchaWidget } from '../captchaWidget'
import { sendContact, type ContactResult } from '../client'
import { HONEYPOT_FIELD } from '../protocol'
import { csrfToken } from '@/security/fetch'
import { prefersReducedMotion } from '@/dom/dom'
import { dropdownOf, enhanceSelect } from '@/forms/dropdown/enhanceSelect'
import { type FieldSpec, validateField, validateForm } from '@/forms/validation'
import { FORM_SENT_EVENT } from './events'
import { readFields, readValues } from './formValues'
import { type Effect, IDLE, type MessageView, canSubmit, nextMessage, renderMessage } from './messageArea'

export type FormBehaviourConfig = {
  specs: FieldSpec[]
  successText: string
  captcha: CaptchaConfig | null
  /** False for a copy of the form inside a widget (the chat), which stays on its page after a send. */
  followThankYouPage: boolean
}

/** Shown in the message area when the server refuses the captcha answer. */
export const CAPTCHA_FAILED_TEXT = 'The captcha check failed. Please try it again, then send.'

const ERROR_CLASS = 'field-error'
/** The calm note that stays under the form after a send ("Sent at 3:45 PM EST. …"). */
export const NOTE_CLASS = 'form-note'

/** Scrolls an element into view when any of it is outside the window: smoothly, unless motion is reduced. */
function bringIntoView(element: HTMLElement) {
  const box = element.getBoundingClientRect()
  if (box.top >= 0 && box.bottom <= window.innerHeight) return
  element.scrollIntoView({ block: 'nearest', behavior: prefersReducedMotion() ? 'auto' : 'smooth' })
}

type FieldView = {
  spec: FieldSpec
  /** The controls of the field (several for a radio group). */
  controls: HTMLElement[]
  /** Where focus goes and where aria-invalid is set. */
  targets: HTMLElement[]
  row: HTMLElement
  errorId: string
  initial: string
}

function controlsNamed(form: HTMLFormElement, name: string): HTMLElement[] {
  return Array.from(form.elements).filter(
    (element): element is HTMLElement => element instanceof HTMLElement && element.getAttribute('name') === name,
  )
}

function setDescribedBy(element: HTMLElement, id: string, present: boolean) {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((item) => item && item !== id)
  if (present) ids.push(id)
  if (ids.length > 0) element.setAttribute('aria-describedby', ids.join(' '))
  else element.removeAttribute('aria-describedby')
}

const selectValue = (select: HTMLSelectElement): string =>
  Array.from(select.selectedOptions)
    .map((option) => option.value)
    .join('\u0000')

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
  const area = form.querySelector<HTMLElement>('.form-message')
  const submitButton = form.querySelector<HTMLButtonElement>('button[type="submit"]')
  // Asked for now, so that the first send does not wait for it.
  void csrfToken()

  const dropdowns = Array.from(form.querySelectorAll('select')).map((select) =>
    enhanceSelect(select, { open: select === pressed }),
  )

  const fields: FieldView[] = []
  for (const spec of config.specs) {
    const controls = controlsNamed(form, spec.name)
    if (controls.length === 0) continue
    const targets = controls.map((control) =>
      control instanceof HTMLSelectElement ? (dropdownOf(control)?.combobox ?? control) : control,
    )
    const row = controls[0].closest<HTMLElement>('.form-field') ?? controls[0].parentElement ?? form
    const first = controls[0]
    fields.push({
      spec,
      controls,
      targets,
      row,
      errorId: `${first.id || spec.name}-error`,
      initial: first instanceof HTMLSelectElement ? selectValue(first) : '',
    })
  }
  const multipleNames = new Set(config.specs.filter((spec) => spec.multiple).map((spec) => spec.name))

  function showError(field: FieldView, message: string | null) {
    let mark = form.querySelector<HTMLElement>(`#${CSS.escape(field.errorId)}`)
    if (message === null) {
      mark?.remove()
      for (const target of field.targets) {
        target.removeAttribute('aria-invalid')
        setDescribedBy(target, field.errorId, false)
      }
      return
    }
    if (!mark) {
      mark = document.createElement('mark')
      mark.className = ERROR_CLASS
      mark.id = field.errorId
      field.row.append(mark)
    }
    mark.textContent = message
    field.row.classList.remove('is-valid')
    for (const target of field.targets) {
      target.setAttribute('aria-invalid', 'true')
      setDescribedBy(target, field.errorId, true)
    }
  }

  function markValid(field: FieldView) {
    showError(field, null)
    field.row.classList.add('is-valid')
  }

  const hasError = (field: FieldView) => form.querySelector(`#${CSS.escape(field.errorId)}`) !== null

  function validateOne(field: FieldView) {
    const message = validateField(field.spec, readValues(form, config.specs), config.specs)
    showError(field, message)
  }

  const fieldOf = (node: EventTarget | null): FieldView | undefined =>
    node instanceof Node ? fields.find((field) => field.row.contains(node)) : undefined

  function onFocusOut(event: FocusEvent) {
    const field = fieldOf(event.target)
    if (!field) return
    const next = event.relatedTarget
    if (next instanceof Node && field.row.contains(next)) return // still inside the field (a radio group, a dropdown)
    validateOne(field)
  }

  function onValueChange(event: Event) {
    const field = fieldOf(event.target)
    // A dropdown's search text is not the field's value; its select reports the changes.
    if (!field || !field.controls.includes(event.target as HTMLElement)) return
    const control = field.controls[0]
    if (control instanceof HTMLSelectElement) {
      // A choice that differs from the initial one hides the error and marks the field valid (docs/behaviour.md).
      if (selectValue(control) !== field.initial) markValid(field)
      else if (hasError(field)) validateOne(field)
      return
    }
    if (hasError(field)) validateOne(field)
  }

  // Message area.
  let view: MessageView = IDLE
  let expiry: ReturnType<typeof setTimeout> | undefined
  const captchaContainer = form.querySelector<HTMLElement>('.form-captcha')
  const captcha = config.captcha && captchaContainer ? createCaptchaWidget(captchaContainer, config.captcha) : null

  // The note the server sent with the last success, shown once the success message has gone.
  let pendingNote: string | null = null

  function showNote(text: string | null) {
    let note = form.querySelector<HTMLElement>(`.${NOTE_CLASS}`)
    if (text === null) return note?.remove()
    if (!note) {
      note = document.createElement('p')
      note.className = NOTE_CLASS
      ;(area ?? form.lastElementChild)?.after(note)
    }
    note.textContent = text
    bringIntoView(note)
  }

  function run(effects: Effect[]) {
    for (const effect of effects) {
      if (effect === 'reset-form') form.reset()
      if (effect === 'reset-captcha') captcha?.reset()
      if (effect === 'show-note' && pendingNote) showNote(pendingNote)
    }
  }

  function show(next: MessageView) {
    clearTimeout(expiry)
    const changed = next.text !== view.text
    view = next
    if (area) {
      renderMessage(area, view)
      // A live region speaks on its own; people who look see it too, not half below the fold.
      if (changed && view.text) bringIntoView(area)
    }
    const busy = view.state === 'loading'
    form.setAttribute('aria-busy', String(busy))
    if (submitButton) submitButton.setAttribute('aria-disabled', String(busy))
    run(view.onEnter)
    if (view.expiresInMs !== null) {
      const leaving = view
      expiry = setTimeout(() => {
        show(nextMessage(leaving, { type: 'expire' }))
        run(leaving.onExpire)
      }, view.expiresInMs)
    }
  }

  function focusFirstInvalid() {
    const first = fields.find(hasError)
    const target = first?.targets.find((element) => !(element as HTMLInputElement).disabled) ?? first?.targets[0]
    target?.focus()
  }

  function showResult(result: ContactResult) {
    switch (result.kind) {
      case 'sent': {
        // Sent once per accepted message, here: the thank-you page sends nothing, so a reload of it counts nothing.
        trackEvent(LEAD_EVENT, { form_id: form.dataset.formId ?? '' })
        const { thankYouPage, note } = result.followUp
        pendingNote = note ?? null
        show(nextMessage(view, { type: 'answer', outcome: { kind: 'sent', text: config.successText } }))
        form.dispatchEvent(new CustomEvent(FORM_SENT_EVENT, { bubbles: true }))
        if (thankYouPage && config.followThankYouPage) window.location.assign(thankYouPage)
        return
      }
      case 'captcha':
        return show(nextMessage(view, { type: 'answer', outcome: { kind: 'captcha', text: CAPTCHA_FAILED_TEXT } }))
      case 'invalid':
        for (const field of fields) {
          const message = Object.prototype.hasOwnProperty.call(result.fieldErrors, field.spec.name)
            ? result.fieldErrors[field.spec.name]
            : null
          if (message) showError(field, message)
        }
        show(nextMessage(view, { type: 'answer', outcome: { kind: 'failed', text: result.message } }))
        return focusFirstInvalid()
      case 'failed':
        return show(nextMessage(view, { type: 'answer', outcome: { kind: 'failed', text: result.message } }))
    }
  }

  async function onSubmit(event: SubmitEvent) {
    event.preventDefault()
    if (!canSubmit(view)) return
    const errors = validateForm(config.specs, readValues(form, config.specs))
    for (const field of fields) showError(field, errors[field.spec.name] ?? null)
    if (Object.keys(errors).length > 0) {
      focusFirstInvalid()
      return
    }
    pendingNote = null
    showNote(null)
    show(nextMessage(view, { type: 'submit' }))
    const captchaAnswer = captcha ? await captcha.response() : null
    const honeypot = new FormData(form).get(HONEYPOT_FIELD)
    const result = await sendContact({
      formId: form.dataset.formId ?? '',
      fields: readFields(form, multipleNames),
      ...(captchaAnswer ? { captcha: captchaAnswer } : {}),
      ...(typeof honeypot === 'string' && honeypot !== '' ? { [HONEYPOT_FIELD]: honeypot } : {}),
      pageUrl: window.location.href,
    })
    showResult(result)
  }

  function onReset() {
    clearTimeout(expiry)
    for (const field of fields) {
      showError(field, null)
      field.row.classList.remove('is-valid')
    }
    if (view.state !== 'loading') {
      view = IDLE
      if (area) renderMessage(area, view)
    }
  }

  const loadCaptcha = () => void captcha?.load().catch(() => undefined)

  form.addEventListener('focusout', onFocusOut)
  form.addEventListener('input', onValueChange)
  form.addEventListener('change', onValueChange)
  form.addEventListener('submit', onSubmit)
  form.addEventListener('reset', onReset)
  form.addEventListener('focusin', loadCaptcha, { once: true })
  form.addEventListener('pointerdown', loadCaptcha, { once: true })
  // The form may already hold focus when the behaviour arrives.
  if (form.contains(document.activeElement)) loadCaptcha()
  form.dataset.enhanced = 'true'

  return () => {
    clearTimeout(expiry)
    form.removeEventListener('focusout', onFocusOut)
    form.removeEventListener('input', onValueChange)
    form.removeEventListener('change', onValueChange)
    form.removeEventListener('submit', onSubmit)
    form.removeEventListener('reset', onReset)
    form.removeEventListener('focusin', loadCaptcha)
    form.removeEventListener('pointerdown', loadCaptcha)
    for (const dropdown of dropdowns) dropdown.destroy()
    delete form.dataset.enhanced
  }
}
