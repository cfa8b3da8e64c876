import { analyticsWindow, type PendingEvent } from '../globals'
import { redactUrl } from '../redact'
import { COLLECT_PATH, MAX_BATCH_BYTES, MAX_EVENTS_PER_BATCH } from './limits'

/** How long events wait to be sent together, unless a batch fills first or the page is hidden. */
export const FLUSH_DELAY_MS = 5000

const encoder = new TextEncoder()
const bytes = (text: string) => encoder.encode(text).length
const ENVELOPE_BYTES = bytes('{"events":[]}')

/** Request bodies of at most MAX_EVENTS_PER_BATCH events and MAX_BATCH_BYTES bytes each; an event too big alone is dropped. */
export function packBatches(events: PendingEvent[]): string[] {
  const bodies: string[] = []
  let current: string[] = []
  let size = ENVELOPE_BYTES
  for (const event of events) {
    const text = JSON.stringify(event)
    const eventBytes = bytes(text)
    if (ENVELOPE_BYTES + eventBytes > MAX_BATCH_BYTES) continue
    if (current.length === MAX_EVENTS_PER_BATCH || size + eventBytes + 1 > MAX_BATCH_BYTES) {
      bodies.push(`{"events":[${current.join(',')}]}`)
      current = []
      size = ENVELOPE_BYTES
    }
    current.push(text)
    size += eventBytes + (current.length > 1 ? 1 : 0)
  }
  if (current.length) bodies.push(`{"events":[${current.join(',')}]}`)
  return bodies
}

function send(body: string, onHide: boolean) {
  const blob = new Blob([body], { type: 'application/json' })
  if (onHide && navigator.sendBeacon?.(COLLECT_PATH, blob)) return
  void fetch(COLLECT_PATH, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json' },
    keepalive: true,
    credentials: 'omit',
  }).catch(() => undefined)
}

/**
 * The first-party collector's browser side: takes over `window.__firstParty` (events queued
 * before it loaded included), batches them and sends them to /api/collect; on page hide what is
 * left goes by sendBeacon. Started while the page is being left (`leaving`), it sends what was
 * queued by sendBeacon at once. Returns a stop function for a visitor who turns analytics off.
 */
export function startFirstPartyCollector({ leaving = false } = {}): () => void {
  const w = analyticsWindow()
  let queue: PendingEvent[] = []
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopped = false

  const flush = (onHide = false) => {
    clearTimeout(timer)
    timer = undefined
    const events = queue
    queue = []
    for (const body of packBatches(events)) send(body, onHide)
  }
  const enqueue = (event: PendingEvent) => {
    if (stopped) return
    queue.push({
      ...event,
      url: redactUrl(event.url),
      ...(event.referrer ? { referrer: redactUrl(event.referrer) } : {}),
    })
    if (queue.length >= MAX_EVENTS_PER_BATCH) flush()
    else timer ??= setTimeout(flush, FLUSH_DELAY_MS)
  }
  const onHide = () => flush(true)
  const onVisibility = () => document.visibilityState === 'hidden' && flush(true)

  const waiting = Array.isArray(w.__firstParty) ? (w.__firstParty as PendingEvent[]) : []
  w.__firstParty = { push: enqueue }
  waiting.forEach(enqueue)
  if (leaving) flush(true)
  addEventListener('pagehide', onHide)
  document.addEventListener('visibilitychange', onVisibility)
  return () => {
    stopped = true
    queue = []
    clearTimeout(timer)
    removeEventListener('pagehide', onHide)
    document.removeEventListener('visibilitychange', onVisibility)
  }
}
