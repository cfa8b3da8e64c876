import type { Payload } from 'payload'
import { CAPTCHA_FORM_FIELDS, FORM_ID_FIELD, HONEYPOT_FIELD } from '../protocol'
import { CSRF_COOKIE, CSRF_FORM_FIELD, CSRF_HEADER } from '@/security/csrfProtocol'
import { readContactBody } from './body'
import { readCookie } from '@/security/cookies'
import { csrfFailure, formPostFailure, guardOriginAndRate, retryAfterHeaders } from './guard'
import {
  heldAnswerPage,
  NEEDS_JAVASCRIPT_TEXT,
  noScriptAnswerPage,
  sendingPage,
  sentRedirectTarget,
} from './noScriptAnswer'
import { clientAddress } from '@/security/request'
import { findForm } from './formCache'
import {
  acceptSubmission,
  parseFormId,
  SUBMIT_MESSAGES,
  type SubmissionInput,
  type SubmitOutcome,
  unavailableOutcome,
} from './submit'

const NO_STORE = { 'Cache-Control': 'no-store' }

const json = (status: number, body: object, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { ...NO_STORE, ...headers } })

/** Form fields that belong to the machinery, not to the visitor's message. */
const RESERVED_FIELDS = new Set<string>([
  FORM_ID_FIELD,
  CSRF_FORM_FIELD,
  HONEYPOT_FIELD,
  ...Object.values(CAPTCHA_FORM_FIELDS),
])

/** The JSON body's shape, or null when it is not `{ formId, fields: [...], captcha? }`. */
function readJsonSubmission(value: unknown): Omit<SubmissionInput, 'remoteIp'> | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null
  const body = value as Record<string, unknown>
  if (!Array.isArray(body.fields)) return null
  if (body.captcha !== undefined && body.captcha !== null && typeof body.captcha !== 'string') return null
  const honeypot = body[HONEYPOT_FIELD]
  return {
    formId: body.formId,
    pairs: body.fields as SubmissionInput['pairs'],
    captcha: (body.captcha as string | undefined) ?? null,
    honeypot: typeof honeypot === 'string' ? honeypot : null,
    pageUrl: typeof body.pageUrl === 'string' ? body.pageUrl : null,
  }
}

function captchaFromForm(params: URLSearchParams): string | null {
  for (const field of Object.values(CAPTCHA_FORM_FIELDS)) {
    const value = params.get(field)
    if (value) return value
  }
  return null
}

/** The no-JavaScript post: the same pairs a browser sends, reserved names taken out. */
function readFormSubmission(params: URLSearchParams, request: Request): Omit<SubmissionInput, 'remoteIp'> {
  const pairs: SubmissionInput['pairs'] = []
  for (const [name, value] of params) if (!RESERVED_FIELDS.has(name)) pairs.push({ name, value })
  return {
    formId: params.get(FORM_ID_FIELD),
    pairs,
    captcha: captchaFromForm(params),
    honeypot: params.get(HONEYPOT_FIELD),
    pageUrl: request.headers.get('referer'),
  }
}

function keptValues(params: URLSearchParams): Record<string, string[]> {
  const kept: Record<string, string[]> = {}
  for (const [name, value] of params) {
    if (RESERVED_FIELDS.has(name)) continue
    const list = Object.prototype.hasOwnProperty.call(kept, name) ? kept[name] : []
    list.push(value)
    Object.defineProperty(kept, name, { value: list, enumerable: true, writable: true, configurable: true })
  }
  return kept
}

const CAPTCHA_TEXT = 'The automatic check did not pass. Please try again.'

export type ContactEndpointDeps = {
  payload: () => Promise<Payload>
  /** Called once a submission is stored, to start its delivery without waiting for the poll. */
  onAccepted?: (payload: Payload) => void
}

const isFormEncoded = (request: Request) =>
  (request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')

/** A refusal before the body was read: no form to show again, only what went wrong. */
const plainAnswerPage = (status: number, error: string) =>
  noScriptAnswerPage({ status, error, form: null, kept: {}, csrfToken: null, backTo: '/' })

/** POST /api/contact: JSON from the site's script, or the plain form when JavaScript is off. */
export async function handleContactPost(request: Request, deps: ContactEndpointDeps): Promise<Response> {
  const noScript = isFormEncoded(request)
  const guard = await guardOriginAndRate(request)
  if (guard) {
    if (noScript) {
      const page = await plainAnswerPage(guard.status, guard.error)
      for (const [name, value] of Object.entries(retryAfterHeaders(guard))) page.headers.set(name, value)
      return page
    }
    return json(guard.status, { ok: false, error: guard.error }, retryAfterHeaders(guard))
  }
  const body = await readContactBody(request, ['json', 'form'])
  if (body.kind === 'error') {
    if (noScript) return plainAnswerPage(body.status, body.message)
    return json(body.status, { ok: false, error: body.message })
  }
  if (body.kind === 'form') return handleNoScriptPost(request, body.params, deps)
  return handleJsonPost(request, body.value, deps)
}

/** Payload, or null when it cannot be had (its database was down when it first started). */
async function cmsOrNull(deps: ContactEndpointDeps): Promise<Payload | null> {
  try {
    return await deps.payload()
  } catch (error) {
    console.error('contact: the CMS is unavailable', error)
    return null
  }
}

const retryAfterOf = (outcome: SubmitOutcome): Record<string, string> =>
  'retryAfterS' in outcome ? { 'Retry-After': String(outcome.retryAfterS) } : {}

async function handleJsonPost(request: Request, value: unknown, deps: ContactEndpointDeps): Promise<Response> {
  const csrf = await csrfFailure(request, request.headers.get(CSRF_HEADER))
  if (csrf) return json(csrf.status, { ok: false, error: csrf.error })
  const submission = readJsonSubmission(value)
  if (!submission) return json(400, { ok: false, error: SUBMIT_MESSAGES.invalidRequest })
  const cms = await cmsOrNull(deps)
  const outcome = cms
    ? await acceptSubmission(cms, { ...submission, remoteIp: clientAddress(request), request })
    : unavailableOutcome()
  if (outcome.ok) {
    if (outcome.submissionId !== null) deps.onAccepted?.(cms!)
    return json(200, { ok: true, ...(outcome.held ? {} : outcome.followUp) })
  }
  const fieldErrors = 'fieldErrors' in outcome ? { fieldErrors: outcome.fieldErrors } : {}
  return json(outcome.status, { ok: false, error: outcome.error, ...fieldErrors }, retryAfterOf(outcome))
}

/** The no-JavaScript form: a redirect on success, an answer page with the input kept otherwise. */
async function handleNoScriptPost(request: Request, params: URLSearchParams, deps: ContactEndpointDeps) {
  const submission = readFormSubmission(params, request)
  const formId = parseFormId(submission.formId)
  // The form is shown again with what the visitor typed; without the database, the kept values alone.
  const formToShow = async () => {
    const cms = formId === null ? null : await cmsOrNull(deps)
    return cms ? findForm(cms, formId!).catch(() => null) : null
  }
  const answer = async (status: number, error: string, fieldErrors?: Record<string, string>) =>
    noScriptAnswerPage({
      status,
      error,
      fieldErrors,
      form: await formToShow(),
      kept: keptValues(params),
      csrfToken: readCookie(request.headers.get('cookie'), CSRF_COOKIE),
      backTo: sendingPage(request),
    })
  const csrf = await formPostFailure(request, params.get(CSRF_FORM_FIELD))
  if (csrf) return answer(csrf.status, csrf.error)
  const cms = await cmsOrNull(deps)
  const outcome = cms
    ? await acceptSubmission(cms, { ...submission, remoteIp: clientAddress(request), noScript: true, request })
    : unavailableOutcome()
  if (outcome.ok && outcome.held) return heldAnswerPage(sendingPage(request))
  if (outcome.ok) {
    if (outcome.submissionId !== null) deps.onAccepted?.(cms!)
    const location = outcome.followUp.thankYouPage ?? sentRedirectTarget(request, formId)
    return new Response(null, { status: 303, headers: { ...NO_STORE, Location: location } })
  }
  if (outcome.status === 403) return answer(403, outcome.captchaMissing ? NEEDS_JAVASCRIPT_TEXT : CAPTCHA_TEXT)
  const page = await answer(outcome.status, outcome.error, 'fieldErrors' in outcome ? outcome.fieldErrors : undefined)
  for (const [name, value] of Object.entries(retryAfterOf(outcome))) page.headers.set(name, value)
  return page
}
