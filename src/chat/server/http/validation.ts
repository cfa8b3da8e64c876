import { CHAT_MESSAGE_MAX_CHARS } from '../../constants'
import type { AgentEventType, VisitorEventType } from '../../protocol'
import { ChatRequestError } from '../errors'

/** Longest emoji event: a few code points (flags, skin tones, joiners). */
export const CHAT_EMOJI_MAX_CHARS = 16
export const CHAT_RICH_BUTTONS_MAX = 6
export const CHAT_NAME_MAX_CHARS = 120
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** A message's text: present, trimmed, and within the limit (413 when too long). */
export function messageText(value: unknown, max = CHAT_MESSAGE_MAX_CHARS): string {
  if (typeof value !== 'string') throw new ChatRequestError(400, 'The message needs text.')
  const text = value.trim()
  if (!text) throw new ChatRequestError(400, 'The message is empty.')
  if ([...text].length > max) throw new ChatRequestError(413, `The message is longer than ${max} characters.`)
  return text
}

export function customData(value: unknown): unknown {
  if (value === undefined) throw new ChatRequestError(400, 'A custom event needs data.')
  if (JSON.stringify(value).length > CHAT_MESSAGE_MAX_CHARS) {
    throw new ChatRequestError(413, `Custom data is longer than ${CHAT_MESSAGE_MAX_CHARS} characters.`)
  }
  return value
}

export function buttonLabels(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > CHAT_RICH_BUTTONS_MAX) {
    throw new ChatRequestError(400, `A rich message needs 1 to ${CHAT_RICH_BUTTONS_MAX} buttons.`)
  }
  return value.map((label) => messageText(label, 80))
}

export function optionalName(value: unknown): string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !value.trim()) throw new ChatRequestError(400, 'The name is empty.')
  if (value.length > CHAT_NAME_MAX_CHARS) throw new ChatRequestError(400, 'The name is too long.')
  return value.trim()
}

export function optionalEmail(value: unknown): string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !EMAIL_PATTERN.test(value.trim()) || value.length > 254) {
    throw new ChatRequestError(400, 'Please enter a valid email address.')
  }
  return value.trim()
}

export function sessionVariables(value: unknown): Record<string, string> | undefined {
  if (value === undefined) return undefined
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new ChatRequestError(400, 'Session variables must be an object.')
  }
  const entries = Object.entries(value as Record<string, unknown>)
  if (entries.length > 50 || JSON.stringify(value).length > CHAT_MESSAGE_MAX_CHARS) {
    throw new ChatRequestError(413, 'Too many session variables.')
  }
  return Object.fromEntries(entries.map(([key, entry]) => [key.slice(0, 100), String(entry).slice(0, 500)]))
}

export function pagePath(value: unknown): string {
  if (typeof value !== 'string') return ''
  return value.slice(0, 500)
}

export function positiveId(value: unknown, what: string): number {
  const id = Number(value)
  if (!Number.isSafeInteger(id) || id <= 0) throw new ChatRequestError(400, `${what} is missing.`)
  return id
}

/** The type of event a visitor or agent writes: one of `allowed`, `message` when none is named. */
export function eventTypeOf<Type extends string>(value: unknown, allowed: readonly Type[], refusal: string): Type {
  const type = allowed.find((known) => known === (value ?? 'message'))
  if (!type) throw new ChatRequestError(400, refusal)
  return type
}

/** What an event of `type` carries, checked: text (not for custom events), buttons (rich messages), data (custom). */
export function eventContent(
  type: VisitorEventType | AgentEventType,
  request: { text?: unknown; buttons?: unknown; customData?: unknown },
) {
  return {
    text:
      type === 'custom' ? undefined : messageText(request.text, type === 'emoji' ? CHAT_EMOJI_MAX_CHARS : undefined),
    buttons: type === 'rich_message' ? buttonLabels(request.buttons) : undefined,
    customData: type === 'custom' ? customData(request.customData) : undefined,
  }
}
