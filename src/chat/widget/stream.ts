import { reconnectDelay } from '../reconnect'

export type StreamHandlers = {
  onMessage: (name: string, data: unknown, id: number | null) => void
  onConnectionChange: (state: 'connecting' | 'open' | 'failed') => void
}

const STREAM_EVENTS = [
  'snapshot',
  'chat',
  'synced',
  'status',
  'availability',
  'typing',
  'me',
  'agents',
  'visitors',
  'conversations',
  'conversation',
]

/**
 * An event stream that reconnects with backoff and resumes after the last event it saw;
 * after the last try it reports `failed` and stops.
 */
export function openResumableStream(url: (lastEventId: number) => string, handlers: StreamHandlers) {
  let lastEventId = 0
  let attempt = 0
  let source: EventSource | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopped = false

  const connect = () => {
    if (stopped) return
    handlers.onConnectionChange('connecting')
    source = new EventSource(url(lastEventId))
    for (const name of STREAM_EVENTS) {
      source.addEventListener(name, (message) => {
        const event = message as MessageEvent<string>
        const id = event.lastEventId ? Number(event.lastEventId) : null
        if (id && name === 'chat') lastEventId = Math.max(lastEventId, id)
        if (name === 'synced') {
          attempt = 0
          handlers.onConnectionChange('open')
        }
        handlers.onMessage(name, JSON.parse(event.data), id)
      })
    }
    source.onerror = () => {
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
