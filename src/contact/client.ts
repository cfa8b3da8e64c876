// Typed client of POST /api/contact, as the browser uses it (the contract is in ./protocol.ts).
import { siteFetch, TIMEOUT_ERROR_NAME } from '@/security/fetch'
import { CAPTCHA_ERROR, CONTACT_ENDPOINT, type ContactRequest, type SentFollowUp } from './protocol'

/** How long the browser waits for the contact endpoint before telling the visitor. */
export const CONTACT_REQUEST_TIMEOUT_MS = 15_000

export type ContactResult =
  | { kind: 'sent'; followUp: SentFollowUp }
  | { kind: 'captcha' }
  | { kind: 'invalid'; message: string; fieldErrors: Record<string, string> }
  | { kind: 'failed'; message: string }

/** What a visitor reads when the server gives no text of its own. */
export const CONTACT_FAILURE_TEXT = {
  invalid: 'Please correct the marked fields.',
  tooLarge: 'Your message is too large to send. Please shorten it and try again.',
  rateLimited: 'Too many messages were sent from here. Please wait a minute and try again.',
  forbidden: 'This page has expired. Please reload it and send your message again.',
  server: 'Something went wrong and your message was not sent. Please try again.',
  timeout: 'The server did not answer in time. Your message was not sent; please try again.',
  network: 'We could not reach the server. Please check your connection and try again.',
} as const

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function stringEntries(value: unknown): Record<string, string> {
  const out: Record<string, string> = {}
  if (!isRecord(value)) return out
  for (const [name, message] of Object.entries(value)) {
    if (typeof message === 'string' && message !== '') {
      Object.defineProperty(out, name, { value: message, enumerable: true, writable: true, configurable: true })
    }
  }
  return out
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** Only a path on this site is followed; anything else in the answer is ignored. */
const isSitePath = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')

function followUpOf(data: Record<string, unknown>): SentFollowUp {
  if (isSitePath(data.thankYouPage)) return { thankYouPage: data.thankYouPage }
  return typeof data.note === 'string' && data.note.trim() !== '' ? { note: data.note } : {}
}

/** Turns the endpoint's answer (status and body text) into what the form shows. */
export function interpretContactResponse(status: number, bodyText: string): ContactResult {
  const body = parseJson(bodyText)
  const data = isRecord(body) ? body : {}
  const serverText = typeof data.error === 'string' && data.error.trim() !== '' ? data.error : null
  if (status >= 200 && status < 300 && data.ok === true) return { kind: 'sent', followUp: followUpOf(data) }
  if (status === 403 && data.error === CAPTCHA_ERROR) return { kind: 'captcha' }
  if (status === 400) {
    return {
      kind: 'invalid',
      message: serverText ?? CONTACT_FAILURE_TEXT.invalid,
      fieldErrors: stringEntries(data.fieldErrors),
    }
  }
  if (serverText) return { kind: 'failed', message: serverText }
  if (status === 413) return { kind: 'failed', message: CONTACT_FAILURE_TEXT.tooLarge }
  if (status === 429) return { kind: 'failed', message: CONTACT_FAILURE_TEXT.rateLimited }
  if (status === 403) return { kind: 'failed', message: CONTACT_FAILURE_TEXT.forbidden }
  return { kind: 'failed', message: CONTACT_FAILURE_TEXT.server }
}

/** What a visitor reads when the request never got an answer. */
export function interpretContactFailure(error: unknown): ContactResult {
  const timedOut = error instanceof Error || error instanceof DOMException ? error.name === TIMEOUT_ERROR_NAME : false
  return { kind: 'failed', message: timedOut ? CONTACT_FAILURE_TEXT.timeout : CONTACT_FAILURE_TEXT.network }
}

/** Sends one submission; never throws, every outcome is a ContactResult. */
export async function sendContact(
  request: ContactRequest,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<ContactResult> {
  try {
    const response = await siteFetch(CONTACT_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(request),
      timeoutMs: options.timeoutMs ?? CONTACT_REQUEST_TIMEOUT_MS,
      signal: options.signal,
    })
    return interpretContactResponse(response.status, await response.text())
  } catch (error) {
    return interpretContactFailure(error)
  }
}
