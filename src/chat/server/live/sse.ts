import { onDraining } from '@/platform/draining'
import { siteMetrics } from '@/metrics/siteMetrics'
import { CHAT_STREAM_KEEPALIVE_MS } from '../../constants'
import type { ChatEventView } from '../../protocol'
import type { StreamMessage } from './bus'
import type { ChatHub } from './hub'

export type StreamOptions = {
  hub: ChatHub
  signal: AbortSignal
  /** The last event id the client holds (Last-Event-ID header, or ?lastEventId= on first connect). */
  lastEventId: number
  /** Stored events after a position that this stream may see. */
  replay: (afterId: number) => Promise<ChatEventView[]>
  /** Whether a live bus message is for this stream. */
  accepts: (message: StreamMessage) => boolean
  /** Signals sent first, before the replay (snapshot of state). */
  opening: () => Promise<{ name: string; data: unknown }[]>
  /** What the hub announced while the stream's snapshot was read (listenEarly), sent after the snapshot. */
  heardEarly?: EarlyListener
  onClose?: () => void
  /** Extra headers, e.g. the visitor cookie. */
  headers?: Record<string, string>
}

export const lastEventIdOf = (request: Request): number => {
  const header = request.headers.get('last-event-id') ?? new URL(request.url).searchParams.get('lastEventId')
  const id = Number(header)
  return Number.isSafeInteger(id) && id > 0 ? id : 0
}

/** A stream's hearing of the hub from before it read its snapshot until it opened. */
export type EarlyListener = { readonly heard: StreamMessage[]; stop: () => void }

/**
 * Starts hearing the hub before a stream reads the state its snapshot shows (the open chats, the
 * visitor's chat), so that a change announced during that read reaches the stream after the
 * snapshot instead of being lost. Give it to eventStreamResponse, or stop it if the request is refused.
 */
export function listenEarly(hub: ChatHub): EarlyListener {
  const heard: StreamMessage[] = []
  return { heard, stop: hub.subscribe((message) => heard.push(message)) }
}

/** How soon a client reconnects when its instance is stopping. */
export const DRAINING_RETRY_MS = 100

/** How many sent ids a stream remembers to skip repeats (late events arrive within seconds). */
const SENT_IDS_KEPT = 2000

const encoder = new TextEncoder()
const frame = (name: string, data: unknown, id?: number) =>
  encoder.encode(`${id !== undefined ? `id: ${id}\n` : ''}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`)

/**
 * A Server-Sent Events response: state snapshot, then every stored event after the client's
 * position, then live ones, each sent once and in id order (live events that arrive during the
 * replay wait; a live event is preceded by any stored event older than it not yet sent).
 */
export function eventStreamResponse(options: StreamOptions): Response {
  const { hub, signal } = options
  let close = () => {}
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      // Ids already sent on this stream: an event published late (after a newer one) is still
      // sent, once; `newest` is the position the stream reports.
      const sent = new Set<number>()
      let newest = options.lastEventId
      let replaying = true
      const pending: StreamMessage[] = []
      let closed = false
      // What the stream sends before it is synced (retry, opening, replay) leaves as one chunk: one
      // write to the connection instead of one per frame.
      let openingFrames: Uint8Array[] | null = []
      const enqueue = (chunk: Uint8Array) => {
        try {
          controller.enqueue(chunk)
        } catch {
          close()
        }
      }
      const sendOpening = () => {
        const frames = openingFrames
        openingFrames = null
        if (frames?.length && !closed) enqueue(Buffer.concat(frames))
      }
      const write = (chunk: Uint8Array) => {
        if (closed) return
        if (openingFrames) openingFrames.push(chunk)
        else enqueue(chunk)
      }
      const deliver = (message: StreamMessage) => {
        if (message.kind === 'event') {
          const { id } = message.event
          if (sent.has(id)) return
          sent.add(id)
          if (sent.size > SENT_IDS_KEPT) sent.delete(sent.values().next().value!)
          newest = Math.max(newest, id)
          write(frame('chat', message.event, id))
        } else {
          write(frame(message.name, message.data))
        }
      }
      // A live event newer than the stream's position is not sent straight from the bus: the
      // stored events after the position are read first, in id order. Ids become visible in the
      // store in order (see store.ts), so an older event published late by another instance is
      // sent before the newer one, and a client that resumes from the newest id it holds has
      // missed nothing.
      let catchingUp = Promise.resolve()
      const deliverLive = (message: StreamMessage) => {
        if (message.kind !== 'event' || message.event.id <= newest) return deliver(message)
        catchingUp = catchingUp.then(async () => {
          try {
            if (!closed && message.event.id > newest)
              for (const event of await options.replay(newest)) deliver({ kind: 'event', event })
          } catch (error) {
            console.error('chat stream catch-up failed', error)
          }
          deliver(message)
        })
      }
      const openStreams = siteMetrics().chatOpenStreams
      openStreams.inc()
      const unsubscribe = hub.subscribe((message) => {
        if (!options.accepts(message)) return
        if (replaying) pending.push(message)
        else deliverLive(message)
      })
      // Handed over in the same turn as the subscription above: nothing is heard twice or missed.
      if (options.heardEarly) {
        options.heardEarly.stop()
        pending.push(...options.heardEarly.heard.filter(options.accepts))
      }
      const keepalive = setInterval(() => write(encoder.encode(': keepalive\n\n')), CHAT_STREAM_KEEPALIVE_MS)
      // A stopping instance ends its streams; each client reconnects at once (to another instance
      // behind the front) and resumes after the last event it holds.
      const stopListening = onDraining(() => {
        write(encoder.encode(`retry: ${DRAINING_RETRY_MS}\n\n`))
        close()
      })
      close = () => {
        if (closed) return
        // A stream closed while opening (an instance stopping) still sends what it had.
        sendOpening()
        if (closed) return
        closed = true
        openStreams.dec()
        clearInterval(keepalive)
        stopListening()
        unsubscribe()
        options.onClose?.()
        try {
          controller.close()
        } catch {
          // already closed by the client going away
        }
      }
      signal.addEventListener('abort', close)
      if (signal.aborted) return close()
      try {
        write(encoder.encode('retry: 1000\n\n'))
        for (const opening of await options.opening()) write(frame(opening.name, opening.data))
        for (const event of await options.replay(options.lastEventId)) deliver({ kind: 'event', event })
        replaying = false
        for (const message of pending.splice(0)) deliverLive(message)
        write(frame('synced', { lastEventId: newest }))
      } catch (error) {
        console.error('chat stream replay failed', error)
      }
      sendOpening()
      replaying = false
      for (const message of pending.splice(0)) deliverLive(message)
    },
    cancel() {
      close()
    },
  })
  return new Response(body, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform keeps the server's compression from buffering the stream
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
      Connection: 'keep-alive',
      ...options.headers,
    },
  })
}
