import net from 'node:net'
import type { BusMessage, ChatBus } from './bus'

/** The Redis channel every instance of the site publishes chat traffic on. */
export const CHAT_REDIS_CHANNEL = 'site:chat'

/** Encodes a command in Redis's wire protocol (RESP). */
const command = (...parts: string[]) =>
  `*${parts.length}\r\n${parts.map((part) => `$${Buffer.byteLength(part)}\r\n${part}\r\n`).join('')}`

function connect(url: URL): net.Socket {
  const socket = net.connect({ host: url.hostname, port: Number(url.port || 6379) })
  socket.setNoDelay(true)
  if (url.password) {
    const user = decodeURIComponent(url.username)
    socket.write(
      user
        ? command('AUTH', user, decodeURIComponent(url.password))
        : command('AUTH', decodeURIComponent(url.password)),
    )
  }
  return socket
}

/**
 * Pub/sub over Redis so that several app instances share chats: each message goes to Redis
 * and comes back to every instance (this one included), which hands it to its own streams.
 * One connection publishes, one subscribes; only PUBLISH and SUBSCRIBE are spoken.
 */
export function createRedisBus(redisUrl: string): ChatBus & { close(): void; subscribed: Promise<void> } {
  const url = new URL(redisUrl)
  const listeners = new Set<(message: BusMessage) => void>()
  const publisher = connect(url)
  publisher.on('data', () => {}) // replies (":<receivers>") are not needed
  publisher.on('error', (error) => console.error('chat redis publisher', error.message))

  const subscriber = connect(url)
  // Messages published before Redis confirms the subscription never reach this instance.
  let confirmSubscription = () => {}
  const subscribed = new Promise<void>((resolve) => (confirmSubscription = resolve))
  subscriber.write(command('SUBSCRIBE', CHAT_REDIS_CHANNEL))
  subscriber.on('error', (error) => console.error('chat redis subscriber', error.message))
  let buffer = Buffer.alloc(0)
  subscriber.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk])
    for (;;) {
      const parsed = parseReply(buffer, 0)
      if (!parsed) break
      buffer = buffer.subarray(parsed.end)
      const reply = parsed.value
      if (Array.isArray(reply) && reply[0] === 'subscribe') confirmSubscription()
      if (Array.isArray(reply) && reply[0] === 'message' && typeof reply[2] === 'string') {
        let message: BusMessage
        try {
          message = JSON.parse(reply[2])
        } catch {
          continue
        }
        listeners.forEach((listener) => listener(message))
      }
    }
  })

  return {
    subscribed,
    publish(message) {
      publisher.write(command('PUBLISH', CHAT_REDIS_CHANNEL, JSON.stringify(message)))
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    close() {
      publisher.destroy()
      subscriber.destroy()
    },
  }
}

type Reply = string | number | null | Reply[]

/** Parses one RESP reply at `offset`; null when the buffer does not hold all of it yet. */
function parseReply(buffer: Buffer, offset: number): { value: Reply; end: number } | null {
  const lineEnd = buffer.indexOf('\r\n', offset)
  if (lineEnd < 0) return null
  const type = String.fromCharCode(buffer[offset])
  const head = buffer.toString('utf8', offset + 1, lineEnd)
  switch (type) {
    case '+':
    case '-':
      return { value: head, end: lineEnd + 2 }
    case ':':
      return { value: Number(head), end: lineEnd + 2 }
    case '$': {
      const length = Number(head)
      if (length < 0) return { value: null, end: lineEnd + 2 }
      const start = lineEnd + 2
      if (buffer.length < start + length + 2) return null
      return { value: buffer.toString('utf8', start, start + length), end: start + length + 2 }
    }
    case '*': {
      const count = Number(head)
      const items: Reply[] = []
      let end = lineEnd + 2
      for (let i = 0; i < count; i++) {
        const item = parseReply(buffer, end)
        if (!item) return null
        items.push(item.value)
        end = item.end
      }
      return { value: items, end }
    }
    default:
      throw new Error(`Unexpected Redis reply type ${type}`)
  }
}
