/** Checks every chat request passes before it reaches the chat: origin and size (the rate is counted by its caller). */
import { APIError } from 'payload'
import { originOf } from '@/security/origin'
import { readLimitedText } from '@/security/request'
import { domainAllowed } from '../../domains'
import { ChatRequestError } from '../errors'

/**
 * A chat request is let in when it comes from the site itself (the one origin check of
 * src/security/origin.ts: its own host, the forwarded one or SERVER_URL, as the browser tells) or
 * from a page on an allowed domain that embeds the chat; a script outside a browser, which names
 * no origin at all, is let in too (its own limits hold it).
 */
export function originAllowed(request: Request, allowedDomains: string[]): boolean {
  if (originOf(request) !== 'cross-origin') return true
  const origin = request.headers.get('origin')
  if (!origin) return false
  try {
    return domainAllowed(new URL(origin).hostname, allowedDomains)
  } catch {
    return false
  }
}

/** Reads a JSON object body, refusing more than `maxBytes` without reading it all. */
export async function readJsonBody(request: Request, maxBytes: number): Promise<Record<string, unknown>> {
  const hasBody = request.body !== null
  const text = await readLimitedText(request, maxBytes)
  if (text === null) throw new ChatRequestError(413, 'The message is too large.')
  if (!hasBody) throw new ChatRequestError(400, 'The request has no body.')
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new ChatRequestError(400, 'The request is not valid JSON.')
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ChatRequestError(400, 'The request must be a JSON object.')
  }
  return parsed as Record<string, unknown>
}

/** What a visitor or agent reads when the chat failed on the server's side, and when to try again. */
export const CHAT_UNAVAILABLE_MESSAGE = 'The chat is unavailable for a moment. Please try again shortly.'
export const CHAT_UNAVAILABLE_RETRY_AFTER_S = 5

/** A failed query's message holds its whole SQL: the log keeps its start, which names the cause. */
const LOGGED_MESSAGE_MAX_CHARS = 300

export function jsonError(error: unknown): Response {
  if (error instanceof ChatRequestError) {
    const headers: Record<string, string> = error.retryAfterS ? { 'Retry-After': String(error.retryAfterS) } : {}
    return Response.json({ ok: false, error: error.message }, { status: error.status, headers })
  }
  // The CMS refusing what it was given is the client's input, not a fault of the server.
  if (error instanceof APIError && error.status >= 400 && error.status < 500) {
    console.info('chat request refused by the CMS:', error.message)
    return Response.json({ ok: false, error: 'The chat could not accept this request.' }, { status: error.status })
  }
  // Anything else is the server's side failing (its database gone, most of all): the visitor may try again shortly.
  console.error(
    'chat request failed:',
    error instanceof Error ? error.message.slice(0, LOGGED_MESSAGE_MAX_CHARS) : error,
  )
  return Response.json(
    { ok: false, error: CHAT_UNAVAILABLE_MESSAGE },
    { status: 503, headers: { 'Retry-After': String(CHAT_UNAVAILABLE_RETRY_AFTER_S) } },
  )
}

/** Whether a posted `action` is one of `handlers`' (an own key: `toString` and the like are no action). */
export const isActionOf = <Action extends string>(
  handlers: Record<Action, unknown>,
  action: unknown,
): action is Action => typeof action === 'string' && Object.hasOwn(handlers, action)
