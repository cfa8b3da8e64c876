import type { Payload } from 'payload'
import { CAPTCHA_ERROR, CONTACT_FORM_ID, FORM_ID_FIELD, HONEYPOT_FIELD } from '../protocol'
import { CSRF_FORM_FIELD, CSRF_HEADER } from '@/security/csrfProtocol'
import { readContactBody } from './body'
import { formPostFailure, GUARD_MESSAGES, guardOriginAndRate, retryAfterHeaders } from './guard'
import { clientAddress } from '@/security/request'
import {
  acceptSubmission,
  type CaptchaDecision,
  captchaDecisionFor,
  SUBMIT_MESSAGES,
  SUBMIT_RETRY_AFTER_S,
} from './submit'

/** The old site's answer for "sent". */
export const LEGACY_SUCCESS = 's'
export const LEGACY_OPTION = 'com_ajax'
export const LEGACY_FORMAT = 'raw'
/** `module=contact` is the site's contact form; `module=contact_<id>` names another form. */
export const LEGACY_MODULE_PATTERN = /^contact(?:_(\d{1,12}))?$/

export const LEGACY_MESSAGES = {
  unknownCall: 'Unknown request.',
} as const

/** Fields of the old captcha check; the answer is the first one filled. */
const LEGACY_CAPTCHA_FIELDS = ['g-recaptcha-response', 'recaptcha_response_field'] as const
const RESERVED = new Set<string>([
  FORM_ID_FIELD,
  CSRF_FORM_FIELD,
  HONEYPOT_FIELD,
  ...LEGACY_CAPTCHA_FIELDS,
  'recaptcha_challenge_field',
])

const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  })

/**
 * A legacy script is trusted when it proves it runs on our pages: either the double-submit token
 * (header or the form's hidden field) or, lacking one, a browser's same-origin Origin header.
 */
async function legacyCallerTrusted(request: Request, data: URLSearchParams): Promise<boolean> {
  return (await formPostFailure(request, request.headers.get(CSRF_HEADER) ?? data.get(CSRF_FORM_FIELD))) === null
}

function fieldErrorText(fieldErrors: Record<string, string>): string {
  return Object.entries(fieldErrors)
    .map(([name, message]) => `${name}: ${message}`)
    .join('\n')
}

export type LegacyEndpointDeps = { payload: () => Promise<Payload>; onAccepted?: (payload: Payload) => void }

/** POST /index.php with option=com_ajax: the old site's contact call, answered `s` or the error text. */
export async function handleLegacyPost(request: Request, deps: LegacyEndpointDeps): Promise<Response> {
  const guard = await guardOriginAndRate(request)
  if (guard) return text(guard.status, guard.error, retryAfterHeaders(guard))
  const body = await readContactBody(request, ['form'])
  if (body.kind === 'error') return text(body.status, body.message)
  if (body.kind !== 'form') return text(415, SUBMIT_MESSAGES.invalidRequest)
  const params = body.params
  const moduleMatch = LEGACY_MODULE_PATTERN.exec(params.get('module') ?? '')
  if (params.get('option') !== LEGACY_OPTION || params.get('format') !== LEGACY_FORMAT || !moduleMatch)
    return text(400, LEGACY_MESSAGES.unknownCall)

  const data = new URLSearchParams(params.get('data') ?? '')
  if (!(await legacyCallerTrusted(request, data))) return text(403, GUARD_MESSAGES.csrf)

  try {
    return await submitLegacy(request, params, data, moduleMatch, deps)
  } catch (error) {
    console.error('legacy contact: the submission could not be stored', error)
    return text(503, SUBMIT_MESSAGES.unavailable, { 'Retry-After': String(SUBMIT_RETRY_AFTER_S) })
  }
}

/** The legacy call once its shape and caller are checked: its captcha, then the one submission path. */
async function submitLegacy(
  request: Request,
  params: URLSearchParams,
  data: URLSearchParams,
  moduleMatch: RegExpExecArray,
  deps: LegacyEndpointDeps,
): Promise<Response> {
  const cms = await deps.payload()
  const remoteIp = clientAddress(request)
  let checkedCaptcha: CaptchaDecision | undefined
  if (params.get('method') === 'recaptcha') {
    const answer = LEGACY_CAPTCHA_FIELDS.map((field) => params.get(field) || data.get(field)).find(Boolean)
    checkedCaptcha = await captchaDecisionFor(cms, { captcha: answer, remoteIp })
    if (checkedCaptcha.kind === 'refuse') return text(403, CAPTCHA_ERROR)
  }

  const pairs: Array<{ name: string; value: string }> = []
  for (const [name, value] of data) if (!RESERVED.has(name)) pairs.push({ name, value })
  const outcome = await acceptSubmission(cms, {
    formId: moduleMatch[1] ?? data.get(FORM_ID_FIELD) ?? CONTACT_FORM_ID,
    pairs,
    honeypot: data.get(HONEYPOT_FIELD),
    pageUrl: request.headers.get('referer'),
    remoteIp,
    checkedCaptcha,
    request,
  })
  if (outcome.ok) {
    if (outcome.submissionId !== null) deps.onAccepted?.(cms)
    return text(200, LEGACY_SUCCESS)
  }
  if ('fieldErrors' in outcome && outcome.fieldErrors) return text(400, fieldErrorText(outcome.fieldErrors))
  const extra = 'retryAfterS' in outcome ? { 'Retry-After': String(outcome.retryAfterS) } : undefined
  return text(outcome.status, outcome.error, extra)
}
