import { createElement } from 'react'
import type { FieldErrors } from '@/forms/validation'
import type { Form } from '@/payload-types'
import type { FormAnswer } from '../form/CmsForm'
import { SCRIPTLESS_PAGE_CSP } from '@/security/headers'
import { escapeHtml } from '@/security/html'
import { SENT_FRAGMENT_SUFFIX } from '../protocol'

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

export type NoScriptAnswer = {
  status: number
  error: string
  form: Form | null
  kept: Record<string, string[]>
  fieldErrors?: FieldErrors
  csrfToken: string | null
  backTo: string
}

/** The captcha widget needs JavaScript; the answer page says so where the widget would be. */
export const CAPTCHA_NEEDS_JAVASCRIPT_NOTE =
  'This form asks for a quick automatic check that needs JavaScript. If you cannot turn it on, please call or email us instead.'

/** The answer pages carry no stylesheet; these rules keep the robots' trap out of people's way. */
const ANSWER_STYLE = '.form-trap{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}'

function answerDocument(title: string, body: string): string {
  return (
    '<!doctype html><html lang="en-US"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>${escapeHtml(title)}</title><style>${ANSWER_STYLE}</style></head><body><main>` +
    `<h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
  )
}

const htmlResponse = (status: number, html: string) =>
  new Response(html, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': SCRIPTLESS_PAGE_CSP,
    },
  })

const backLink = (backTo: string) => `<p><a href="${escapeHtml(backTo)}">Back to the page</a></p>`

/**
 * The page a browser without JavaScript gets when its post is refused: what went wrong, and the
 * form again (the site's own form component, as static HTML) with every value the visitor typed,
 * ready to send once corrected. No client code, nothing for React to hydrate.
 */
export async function noScriptAnswerPage(answer: NoScriptAnswer): Promise<Response> {
  const { form, kept, csrfToken, error } = answer
  const values = { values: kept, errors: answer.fieldErrors ?? {}, csrfToken }
  const formHtml = form ? await renderAnswerForm(form, values) : ''
  const body =
    `<p class="form-message" role="alert" data-state="error">${escapeHtml(error)}</p>` +
    formHtml +
    backLink(answer.backTo)
  return htmlResponse(answer.status, answerDocument('Your message was not sent', body))
}

async function renderAnswerForm(form: Form, answer: FormAnswer): Promise<string> {
  // Loaded on a refusal only: most visitors never need the server renderer.
  const [{ renderToStaticMarkup }, { CmsForm }] = await Promise.all([
    import('react-dom/server'),
    import('../form/CmsForm'),
  ])
  const note = form.captcha ? CAPTCHA_NEEDS_JAVASCRIPT_NOTE : undefined
  return renderToStaticMarkup(createElement(CmsForm, { form, captcha: null, answer: { ...answer, captchaNote: note } }))
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
  const body = `<p class="form-message" role="status" data-state="success">${escapeHtml(HELD_ANSWER.text)}</p>`
  return htmlResponse(200, answerDocument(HELD_ANSWER.title, body + backLink(backTo)))
}
