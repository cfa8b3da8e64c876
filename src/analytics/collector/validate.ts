import { type CollectedEvent, MAX_BATCH_BYTES, MAX_EVENTS_PER_BATCH } from './limits'

export const EVENT_NAME_PATTERN = /^[a-z][a-z0-9_]{0,63}$/
export const MAX_URL_LENGTH = 2048
export const MAX_PROPS = 20
export const MAX_PROP_KEY_LENGTH = 64
export const MAX_PROP_VALUE_LENGTH = 256
/** How old an event may be when it arrives (a beacon held by a sleeping tab), and how far ahead a skewed clock may be. */
export const MAX_EVENT_AGE_MS = 24 * 60 * 60 * 1000
export const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000

export type BatchVerdict =
  { ok: true; events: CollectedEvent[] } | { ok: false; status: 400 | 413; error: string; index?: number }

const EVENT_KEYS = new Set(['name', 'url', 'ts', 'referrer', 'props'])
const encoder = new TextEncoder()

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.getPrototypeOf(value) === Object.prototype

function parseHttpUrl(value: string): URL | null {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null
  } catch {
    return null
  }
}

/** Why one event is unacceptable, or null when it is fine. */
function eventProblem(event: unknown, siteHosts: readonly string[], now: number): string | null {
  if (!isPlainObject(event)) return 'an event must be an object'
  for (const key of Object.keys(event)) if (!EVENT_KEYS.has(key)) return `unknown field "${key.slice(0, 32)}"`
  const { name, url, ts, referrer, props } = event
  if (typeof name !== 'string' || !EVENT_NAME_PATTERN.test(name))
    return 'name must be 1-64 lower-case letters, digits or _'
  if (typeof url !== 'string' || url.length > MAX_URL_LENGTH) return 'url must be a string of at most 2048 characters'
  const parsed = parseHttpUrl(url)
  if (!parsed) return 'url must be an absolute http(s) URL'
  if (!siteHosts.includes(parsed.host.toLowerCase())) return 'url must belong to this site'
  if (typeof ts !== 'number' || !Number.isInteger(ts)) return 'ts must be an integer (milliseconds since 1970)'
  if (ts < now - MAX_EVENT_AGE_MS || ts > now + MAX_CLOCK_SKEW_MS) return 'ts is not a plausible time'
  if (referrer !== undefined) {
    if (typeof referrer !== 'string' || referrer.length > MAX_URL_LENGTH) return 'referrer must be a short string'
    if (referrer !== '' && !parseHttpUrl(referrer)) return 'referrer must be an absolute http(s) URL or empty'
  }
  if (props !== undefined) {
    if (!isPlainObject(props)) return 'props must be an object'
    const entries = Object.entries(props)
    if (entries.length > MAX_PROPS) return `props may have at most ${MAX_PROPS} keys`
    for (const [key, value] of entries) {
      if (key.length === 0 || key.length > MAX_PROP_KEY_LENGTH) return 'a props key must be 1-64 characters'
      const scalar =
        value === null || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))
      if (!scalar && !(typeof value === 'string' && value.length <= MAX_PROP_VALUE_LENGTH))
        return 'props values must be strings of at most 256 characters, finite numbers, booleans or null'
    }
  }
  return null
}

/**
 * Checks a parsed request body. The batch is accepted or refused whole, so a client never has
 * to guess which of its events were kept.
 */
export function validateBatch(body: unknown, siteHosts: readonly string[], now: number): BatchVerdict {
  if (!isPlainObject(body) || !Array.isArray(body.events))
    return { ok: false, status: 400, error: 'expected { "events": [...] }' }
  for (const key of Object.keys(body))
    if (key !== 'events') return { ok: false, status: 400, error: 'unknown field in body' }
  const { events } = body
  if (events.length === 0) return { ok: false, status: 400, error: 'no events' }
  if (events.length > MAX_EVENTS_PER_BATCH)
    return { ok: false, status: 400, error: `at most ${MAX_EVENTS_PER_BATCH} events per request` }
  for (const [index, event] of events.entries()) {
    if (encoder.encode(JSON.stringify(event) ?? '').length > MAX_BATCH_BYTES)
      return { ok: false, status: 413, error: `an event may take at most ${MAX_BATCH_BYTES} bytes`, index }
    const problem = eventProblem(event, siteHosts, now)
    if (problem) return { ok: false, status: 400, error: problem, index }
  }
  return { ok: true, events: events as CollectedEvent[] }
}
