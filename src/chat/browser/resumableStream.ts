import type { StreamEvent } from '../protocol'
import { reconnectDelay } from './reconnect'

export type StreamHandlers<Events> = {
  onMessage: (message: StreamEvent<Events>, id: number | null) => void
  onConnectionChange: (state: 'connecting' | 'open' | 'failed') => void
  /** Each try's outcome: the server answered (its headers came), or the try failed. */
  onAttempt?: (answered: boolean) => void
}

/**
 * An event stream that reconnects with backoff and resumes after the last event it saw;
 * after the last try it reports `failed` and stops. `names` are the stream's events (protocol.ts),
 * each handed on with the payload type its name carries.
 */
export function openResumableStream<Events>(
  url: (lastEventId: number) => string,
  names: readonly (keyof Events & string)[],
  handlers: StreamHandlers<Events>,
) {
  let lastEventId = 0
  let attempt = 0
  let source: EventSource | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopped = false

  const connect = () => {
    if (stopped) return
    handlers.onConnectionChange('connecting')
    source = new EventSource(url(lastEventId))
    source.onopen = () => handlers.onAttempt?.(true)
    for (const name of names) {
      source.addEventListener(name, (message) => {
        const event = message as MessageEvent<string>
        const id = event.lastEventId ? Number(event.lastEventId) : null
        if (id && name === 'chat') lastEventId = Math.max(lastEventId, id)
        if (name === 'synced') {
          attempt = 0
          handlers.onConnectionChange('open')
        }
        // The server sends each name with its protocol payload (see server/sse.ts).
        const received: { name: typeof name; data: Events[typeof name] } = { name, data: JSON.parse(event.data) }
        handlers.onMessage(received as StreamEvent<Events>, id)
      })
    }
    source.onerror = () => {
      handlers.onAttempt?.(false)
      source?.close()
      source = null
      attempt += 1
      const delay = reconnectDelay(attempt)
      if (delay === null) {
        handlers.onConnectionChange('failed')
        return
      }
      handlers.onConnectionChange('connecting')
      timer = setTimeout(connect, delay)
    }
  }
  connect()
  return {
    retryNow() {
      clearTimeout(timer)
      source?.close()
      attempt = 0
      connect()
    },
    close() {
      stopped = true
      clearTimeout(timer)
      source?.close()
    },
  }
}
