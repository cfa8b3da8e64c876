import { LEAD_EVENT } from '@/analytics/events'
import { recordServerEvent } from '@/analytics/serverEvents'
import type { Payload } from 'payload'
import { fieldSpecsOf } from '@/forms/fieldSpecs'
import { database } from '@/platform/sql'
import { MESSAGES, validateForm, type FieldErrors, type FieldSpec, type FormValues } from '@/forms/validation'
import { configuredCaptcha, holdsPostsWithoutJavaScript, type CaptchaVerifier } from '../captcha'
import { CAPTCHA_ERROR, type SentFollowUp } from '../protocol'
import { findForm } from './formCache'
import { sentFollowUp } from './followUp'

/** More name/value pairs than any of our forms has; a longer list is not a person typing. */
export const MAX_SUBMITTED_FIELDS = 200
/** Items one multi-select may send. */
export const MAX_VALUES_PER_FIELD = 100
const MAX_NAME_LENGTH = 64
const MAX_PAGE_URL_LENGTH = 2048

export const SUBMIT_MESSAGES = {
  invalidRequest: 'The form could not be read. Please reload the page and try again.',
  tooManyFields: 'The form sent too many fields.',
  unknownForm: 'This form is no longer available. Please reload the page.',
  fixFields: 'Please correct the marked fields and send the form again.',
  unavailable:
    'Your message could not be saved just now: our system is briefly unavailable. Nothing was sent. Please try again in a minute.',
} as const

/** Seconds a visitor is asked to wait when the message could not be stored (sent as Retry-After). */
export const SUBMIT_RETRY_AFTER_S = 60

export type SubmitOutcome =
  | { status: 200; ok: true; submissionId: number | string | null; held: true }
  | { status: 200; ok: true; submissionId: number | string | null; held?: undefined; followUp: SentFollowUp }
  | { status: 400; ok: false; error: string; fieldErrors?: FieldErrors }
  | { status: 403; ok: false; error: typeof CAPTCHA_ERROR; captchaMissing?: true }
  | { status: 503; ok: false; error: string; retryAfterS: number }

export type SubmissionInput = {
  formId: unknown
  /** Pairs as sent; a repeated name (multi-select) gives several pairs. */
  pairs: Array<{ name: unknown; value: unknown }>
  captcha?: string | null
  honeypot?: string | null
  pageUrl?: string | null
  remoteIp?: string
  /** The legacy endpoint checks the captcha itself before anything else: what its check decided. */
  checkedCaptcha?: CaptchaDecision
  /** The plain form post of a browser without JavaScript (not the JSON API, not the legacy call). */
  noScript?: boolean
  /** The HTTP request it came in: an accepted message is counted as a lead from it on the analytics dashboard. */
  request?: Pick<Request, 'headers'>
}

const invalid = (error: string = SUBMIT_MESSAGES.invalidRequest): SubmitOutcome => ({ status: 400, ok: false, error })

/** Form ids are positive integers, as a number or its decimal text. */
export function parseFormId(value: unknown): number | null {
  const id =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : NaN
  return Number.isSafeInteger(id) && id > 0 ? id : null
}

/** Fields a browser shows as one-line inputs: it strips line breaks from them but keeps a pasted tab. */
const ONE_LINE_TYPES = new Set<FieldSpec['type']>(['text', 'email', 'tel'])
/** The whitespace controls a one-line input keeps (two spreadsheet cells pasted give a tab). */
const KEPT_WHITESPACE_CONTROLS = /[\t\v\f]/g

/**
 * The values of the form's own fields. Names the form does not have are dropped; a value that
 * is not text (or a list of text) makes the whole request unreadable. In a one-line field a tab
 * (or another whitespace control the browser keeps) becomes a space before the shared rules run.
 */
export function collectValues(specs: FieldSpec[], pairs: SubmissionInput['pairs']): FormValues | null {
  const known = new Set(specs.map((spec) => spec.name))
  const values = new Map<string, string[]>()
  for (const pair of pairs) {
    if (!pair || typeof pair !== 'object') return null
    const { name, value } = pair
    if (typeof name !== 'string' || name.length > MAX_NAME_LENGTH) return null
    const items = Array.isArray(value) ? value : [value]
    if (items.length > MAX_VALUES_PER_FIELD || !items.every((item) => typeof item === 'string')) return null
    if (!known.has(name)) continue
    values.set(name, [...(values.get(name) ?? []), ...(items as string[])])
  }
  const result: FormValues = {}
  for (const spec of specs) {
    const sent = values.get(spec.name)
    if (!sent) continue
    const items = ONE_LINE_TYPES.has(spec.type) ? sent.map((item) => item.replace(KEPT_WHITESPACE_CONTROLS, ' ')) : sent
    const value = spec.multiple ? items : items.length === 1 ? items[0] : items
    Object.defineProperty(result, spec.name, { value, enumerable: true, writable: true, configurable: true })
  }
  return result
}

const LINE_CONTROLS = /[\u0000-\u001f\u007f]/
const TEXT_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/**
 * Control characters no browser puts in a field: line breaks outside a textarea, or any other
 * control character. Checked only here, since a browser's own inputs cannot produce them (a tab in
 * a one-line field, which they can, is a space by now: see collectValues).
 */
export function controlCharacterErrors(specs: FieldSpec[], values: FormValues): FieldErrors {
  const errors: FieldErrors = {}
  for (const spec of specs) {
    const raw = Object.prototype.hasOwnProperty.call(values, spec.name) ? values[spec.name] : undefined
    const items = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]
    const pattern = spec.type === 'textarea' ? TEXT_CONTROLS : LINE_CONTROLS
    if (items.some((item) => pattern.test(item)))
      Object.defineProperty(errors, spec.name, { value: MESSAGES.remote, enumerable: true, configurable: true })
  }
  return errors
}

function storedPageUrl(pageUrl: string | null | undefined): string | undefined {
  if (!pageUrl || pageUrl.length > MAX_PAGE_URL_LENGTH) return undefined
  try {
    const url = new URL(pageUrl)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined
  } catch {
    return undefined
  }
}

function storedData(specs: FieldSpec[], values: FormValues) {
  return specs
    .filter((spec) => Object.prototype.hasOwnProperty.call(values, spec.name))
    .map((spec) => {
      const value = values[spec.name]
      return { name: spec.name, value: Array.isArray(value) ? value.join('\n') : value }
    })
}

/**
 * Reads the stored submission back, outside the write's transaction, before the visitor is told
 * it was received. Payload does not report a failed commit on PostgreSQL (a connection lost between
 * the insert and the commit, a check deferred to the commit): the write returns its document and
 * the row is not there. Then this throws, and the answer is a 503 with the visitor's text kept.
 */
async function confirmStored(payload: Payload, id: number) {
  // SQLite runs without transactions: the row is written when create returns, and a failed read
  // here would only ask the visitor to send, and the site to deliver, the message twice.
  if (database(payload).dialect !== 'postgres') return
  const { totalDocs } = await payload.count({
    collection: 'form-submissions',
    where: { id: { equals: id } },
    overrideAccess: true,
  })
  if (totalDocs !== 1) throw new Error(`submission ${id} was not committed`)
}

/** The answer when the database (or anything else the store needs) fails: nothing was stored. */
export const unavailableOutcome = (): SubmitOutcome => ({
  status: 503,
  ok: false,
  error: SUBMIT_MESSAGES.unavailable,
  retryAfterS: SUBMIT_RETRY_AFTER_S,
})

/**
 * What the captcha check means for a submission: stored as usual, held for the owner's review
 * (`reason`, when given, is recorded with it), or refused (`missing`: no answer was sent at all).
 */
export type CaptchaDecision = { kind: 'pass' } | { kind: 'hold'; reason?: string } | { kind: 'refuse'; missing?: true }

/** Why a submission whose captcha could not be checked is held, as the inbox shows it. */
export const heldForUncheckedCaptcha = (reason: string) =>
  `Held for review: ${reason}, so this message was not checked against robots. Release it to have it emailed.`

/**
 * Asks the provider about an answer. A third party's service that cannot be asked does not cost the
 * visitor their message: it is kept, held for review, with why. Our own record of spent answers
 * failing means the database is failing, which the store would meet too: that throws, and the
 * answer is the 503 with the visitor's text kept. Either is logged once, with its cause.
 */
async function decideCaptcha(
  payload: Payload,
  provider: CaptchaVerifier,
  answer: string,
  remoteIp?: string,
): Promise<CaptchaDecision> {
  const verdict = await provider.verify(answer, { remoteIp })
  if (verdict.outcome === 'passed') return { kind: 'pass' }
  if (verdict.outcome === 'refused') return { kind: 'refuse' }
  if (verdict.failed === 'storage')
    throw new Error(`captcha ${provider.name}: ${verdict.reason}`, { cause: verdict.cause })
  payload.logger.error(
    { err: verdict.cause },
    `captcha ${provider.name}: ${verdict.reason}; the answer could not be checked`,
  )
  return { kind: 'hold', reason: heldForUncheckedCaptcha(verdict.reason) }
}

/** The captcha check of a submission, from its answer (none at all: refused, or held without JavaScript). */
export async function captchaDecisionFor(
  payload: Payload,
  input: Pick<SubmissionInput, 'captcha' | 'remoteIp' | 'noScript'>,
): Promise<CaptchaDecision> {
  const provider = await configuredCaptcha(payload)
  if (!provider) return { kind: 'pass' }
  if (!input.captcha) {
    // No answer at all: a browser without JavaScript could not have solved the proof of work.
    const holds = input.noScript && provider.name === 'altcha' && (await holdsPostsWithoutJavaScript(payload))
    return holds ? { kind: 'hold' } : { kind: 'refuse', missing: true }
  }
  return decideCaptcha(payload, provider, input.captcha, input.remoteIp)
}

/**
 * The one path every contact submission takes, whichever endpoint it came through: validate
 * with the shared engine, check the captcha, store. Delivery is queued by the store itself.
 * When the database fails on the way (reading the form or the settings, or storing), the answer
 * is a 503 and nothing is stored: one insert holds the message and its delivery status.
 */
export async function acceptSubmission(payload: Payload, input: SubmissionInput): Promise<SubmitOutcome> {
  try {
    return await checkAndStore(payload, input)
  } catch (error) {
    payload.logger.error({ err: error }, 'contact submission could not be stored')
    return unavailableOutcome()
  }
}

async function checkAndStore(payload: Payload, input: SubmissionInput): Promise<SubmitOutcome> {
  const formId = parseFormId(input.formId)
  if (formId === null) return invalid(SUBMIT_MESSAGES.unknownForm)
  if (!Array.isArray(input.pairs)) return invalid()
  if (input.pairs.length > MAX_SUBMITTED_FIELDS) return invalid(SUBMIT_MESSAGES.tooManyFields)
  const form = await findForm(payload, formId)
  if (!form) return invalid(SUBMIT_MESSAGES.unknownForm)

  const specs = fieldSpecsOf(form)
  const values = collectValues(specs, input.pairs)
  if (!values) return invalid()
  const fieldErrors = { ...controlCharacterErrors(specs, values), ...validateForm(specs, values) }
  if (Object.keys(fieldErrors).length > 0)
    return { status: 400, ok: false, error: SUBMIT_MESSAGES.fixFields, fieldErrors }

  const isSpam = Boolean(input.honeypot && input.honeypot.trim() !== '')
  let hold: Extract<CaptchaDecision, { kind: 'hold' }> | null = null
  if (!isSpam && form.captcha) {
    const decision = input.checkedCaptcha ?? (await captchaDecisionFor(payload, input))
    if (decision.kind === 'refuse')
      return { status: 403, ok: false, error: CAPTCHA_ERROR, ...(decision.missing && { captchaMissing: true }) }
    if (decision.kind === 'hold') hold = decision
  }

  const doc = await payload.create({
    collection: 'form-submissions',
    data: {
      form: form.id,
      data: storedData(specs, values),
      deliveryStatus: isSpam ? 'spam' : hold ? 'held' : 'queued',
      lastDeliveryError: hold?.reason,
      pageUrl: storedPageUrl(input.pageUrl),
    },
    overrideAccess: true,
    depth: 0,
  })
  await confirmStored(payload, doc.id)
  if (!isSpam && input.request)
    await recordServerEvent(payload, input.request, {
      name: LEAD_EVENT,
      page: input.pageUrl,
      props: { form_id: String(form.id) },
    })
  if (hold) return { status: 200, ok: true, submissionId: doc.id, held: true }
  // A filled honeypot gets the same answer as a person, so the robot learns nothing.
  const followUp = await sentFollowUp(payload, form, new Date(doc.createdAt))
  return { status: 200, ok: true, submissionId: isSpam ? null : doc.id, followUp }
}
