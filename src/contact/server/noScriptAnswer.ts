import type { FieldErrors } from '@/forms/validation'
import type { Form } from '@/payload-types'
import { escapeHtml } from '../delivery/email'
import { CONTACT_ENDPOINT, FORM_ID_FIELD, SENT_FRAGMENT_SUFFIX } from '../protocol'
import { CSRF_FORM_FIELD } from '@/security/csrfProtocol'

/** The page the no-JavaScript form was sent from: its own site's, never elsewhere (the home page when unknown). */
export function sendingPage(request: Request): string {
  const own = new URL(request.url)
  let target = new URL('/', own)
  const referer = request.headers.get('referer')
  if (referer) {
    try {
      const page = new URL(referer)
      if (page.origin === own.origin || page.host === request.headers.get('host')) target = new URL(page.pathname, own)
    } catch {
      // An unreadable Referer falls back to the home page.
    }
  }
  return target.pathname
}

/** Where the no-JavaScript form returns after a successful send: its page, at the form's sent notice. */
export function sentRedirectTarget(request: Request, formId: number | string | null): string {
  const page = sendingPage(request)
  return formId === null ? page : `${page}#contact-form-${formId}${SENT_FRAGMENT_SUFFIX}`
}

type Kept = Record<string, string[]>

function fieldHtml(field: Form['fields'][number], kept: Kept, errors: FieldErrors): string {
  const id = escapeHtml(field.elementId || field.name)
  const name = escapeHtml(field.name)
  const values = kept[field.name] ?? []
  const error = Object.prototype.hasOwnProperty.call(errors, field.name) ? errors[field.name] : null
  const described = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''
  const mark = error ? ` <mark class="field-error" id="${id}-error">${escapeHtml(error)}</mark>` : ''
  const label = escapeHtml(field.label)
  switch (field.blockType) {
    case 'textarea':
      return `<p><label for="${id}">${label}</label><br><textarea id="${id}" name="${name}" rows="6"${described}>${escapeHtml(values[0] ?? '')}</textarea>${mark}</p>`
    case 'select': {
      const options = field.options
        .map((option) => {
          const selected = values.includes(option.value) ? ' selected' : ''
          return `<option value="${escapeHtml(option.value)}"${selected}>${escapeHtml(option.label)}</option>`
        })
        .join('')
      const multiple = field.multiple ? ' multiple' : ''
      const empty = field.multiple ? '' : '<option value="">Select an option</option>'
      return `<p><label for="${id}">${label}</label><br><select id="${id}" name="${name}"${multiple}${described}>${empty}${options}</select>${mark}</p>`
    }
    case 'radio': {
      const choices = field.options
        .map((option) => {
          const checked = values.includes(option.value) ? ' checked' : ''
          return `<label><input type="radio" name="${name}" value="${escapeHtml(option.value)}"${checked}> ${escapeHtml(option.label)}</label>`
        })
        .join(' ')
      return `<fieldset${described}><legend>${label}</legend>${choices}${mark}</fieldset>`
    }
    case 'checkbox': {
      const checked = values.length > 0 && values[0] !== '' ? ' checked' : ''
      return `<p><label><input type="checkbox" id="${id}" name="${name}" value="on"${checked}${described}> ${label}</label>${mark}</p>`
    }
    default:
      return `<p><label for="${id}">${label}</label><br><input type="${field.blockType}" id="${id}" name="${name}" value="${escapeHtml(values[0] ?? '')}"${described}>${mark}</p>`
  }
}

export type NoScriptAnswer = {
  status: number
  error: string
  form: Form | null
  kept: Kept
  fieldErrors?: FieldErrors
  csrfToken: string | null
  backTo: string
}

/**
 * The page a browser without JavaScript gets when its post is refused: what went wrong, and the
 * form again with every value the visitor typed, ready to send once corrected. Plain HTML from
 * the route handler: no client code, nothing for React to hydrate.
 */
export function noScriptAnswerPage(answer: NoScriptAnswer): Response {
  const { form, kept, csrfToken, error } = answer
  const errors = answer.fieldErrors ?? {}
  const body = form
    ? `<form method="post" action="${CONTACT_ENDPOINT}" id="contact-form-${form.id}" data-form-id="${form.id}">` +
      `<input type="hidden" name="${FORM_ID_FIELD}" value="${form.id}">` +
      (csrfToken ? `<input type="hidden" name="${CSRF_FORM_FIELD}" value="${escapeHtml(csrfToken)}">` : '') +
      form.fields.map((field) => fieldHtml(field, kept, errors)).join('') +
      (form.captcha
        ? '<p>This form asks for a quick automatic check that needs JavaScript. If you cannot turn it on, please call or email us instead.</p>'
        : '') +
      `<p><button type="submit">${escapeHtml(form.submitLabel || 'Send')}</button></p></form>`
    : ''
  const html =
    '<!doctype html><html lang="en-US"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
    '<title>Your message was not sent</title></head><body><main>' +
    '<h1>Your message was not sent</h1>' +
    `<p class="form-message" role="alert" data-state="error">${escapeHtml(error)}</p>` +
    body +
    `<p><a href="${escapeHtml(answer.backTo)}">Back to the page</a></p></main></body></html>`
  return new Response(html, {
    status: answer.status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}

/** No captcha answer came with a plain post, and the site does not hold such messages for review. */
export const NEEDS_JAVASCRIPT_TEXT =
  'This form needs JavaScript for its automatic check against robots. Please turn JavaScript on and send it again, or call or email us instead.'

/** What a visitor without JavaScript reads when their message was kept for review by hand. */
export const HELD_ANSWER = {
  title: 'Your message was received',
  text: 'Thank you. Your message was received. Because it was sent without the automatic check against robots (which needs JavaScript), a member of our staff will review it by hand before it is passed on. You do not need to send it again.',
} as const

/**
 * The answer to a no-JavaScript post that was stored but held for review: plain HTML, like the
 * refusal page, served directly (a 303 to the form's page would tell the visitor it was sent).
 */
export function heldAnswerPage(backTo: string): Response {
  const html =
    '<!doctype html><html lang="en-US"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>${escapeHtml(HELD_ANSWER.title)}</title></head><body><main>` +
    `<h1>${escapeHtml(HELD_ANSWER.title)}</h1>` +
    `<p class="form-message" role="status" data-state="success">${escapeHtml(HELD_ANSWER.text)}</p>` +
    `<p><a href="${escapeHtml(backTo)}">Back to the page</a></p></main></body></html>`
  return new Response(html, {
    status: 200,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}
