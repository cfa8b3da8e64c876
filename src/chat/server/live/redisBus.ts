import net from 'node:net'
import type { BusMessage, ChatBus } from './bus'

/** The Redis channel every instance of the site publishes chat traffic on. */
export const CHAT_REDIS_CHANNEL = 'site:chat'

/** Encodes a command in Redis's wire protocol (RESP). */
const command = (...parts: string[]) =>
  `*${parts.length}\r\n${parts.map((part) => `$${Buffer.byteLength(part)}\r\n${part}\r\n`).join('')}`

/** Longest a connection to Redis may take to open before it is tried again. */
export const CHAT_BUS_CONNECT_TIMEOUT_MS = 500
/** Pauses between attempts to reconnect: doubling from the first to the longest. */
const RECONNECT_FIRST_DELAY_MS = 50
export const CHAT_BUS_RECONNECT_MAX_DELAY_MS = 1_000
/** Messages held while the first connection is being made (at most CHAT_BUS_CONNECT_TIMEOUT_MS). */
const OUTBOX_MAX_MESSAGES = 1_000

function connect(url: URL): net.Socket {
  const socket = net.connect({ host: url.hostname, port: Number(url.port || 6379) })
  socket.setNoDelay(true)
  socket.setTimeout(CHAT_BUS_CONNECT_TIMEOUT_MS, () => socket.destroy(new Error('connect timeout')))
  socket.once('connect', () => socket.setTimeout(0))
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
 *
 * While Redis is away, messages go straight to this instance's own streams (chat keeps working
 * within an instance; events are stored first, so a stream that missed one reads it from the
 * store with the next), and the bus reconnects by itself, crossing instances again once Redis
 * confirms the subscription.
 */
export function createRedisBus(
  redisUrl: string,
): ChatBus & { close(): void; subscribed: Promise<void>; isShared(): boolean } {
  const url = new URL(redisUrl)
  const listeners = new Set<(message: BusMessage) => void>()
  const deliverHere = (message: BusMessage) => listeners.forEach((listener) => listener(message))
  let publisher: net.Socket | null = null
  let subscriber: net.Socket | null = null
  let shared = false
  let closed = false
  let attempts = 0
  let down = false
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null
  // Messages published while a connection is first being made: sent through Redis once it is
  // subscribed, or handed to this instance's streams if that attempt fails.
  let outbox: BusMessage[] = []
  const send = (message: BusMessage) =>
    publisher!.write(command('PUBLISH', CHAT_REDIS_CHANNEL, JSON.stringify(message)))
  // Resolves the first time Redis confirms the subscription: before that, nothing crosses instances.
  let confirmFirst = () => {}
  const subscribed = new Promise<void>((resolve) => (confirmFirst = resolve))

  const lost = (error?: Error) => {
    shared = false
    const unsent = outbox
    outbox = []
    unsent.forEach(deliverHere)
    publisher?.destroy()
    subscriber?.destroy()
    publisher = subscriber = null
    if (closed || reconnectTimer) return
    if (!down) {
      down = true
      console.error(
        `Chat bus: Redis is unavailable (${error?.message ?? 'connection closed'}); chats stay within this instance until it returns.`,
      )
    }
    const delay = Math.min(RECONNECT_FIRST_DELAY_MS * 2 ** attempts++, CHAT_BUS_RECONNECT_MAX_DELAY_MS)
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null
      open()
    }, delay)
    reconnectTimer.unref?.()
  }

  const open = () => {
    const pub = connect(url)
    const sub = connect(url)
    publisher = pub
    subscriber = sub
    pub.on('data', () => {}) // replies (":<receivers>") are not needed
    for (const socket of [pub, sub]) {
      socket.on('error', (error) => lost(error))
      socket.on('close', () => {
        if (socket === publisher || socket === subscriber) lost()
      })
    }
    sub.write(command('SUBSCRIBE', CHAT_REDIS_CHANNEL))
    let buffer = Buffer.alloc(0)
    sub.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk])
      for (;;) {
        const parsed = parseReply(buffer, 0)
        if (!parsed) break
        buffer = buffer.subarray(parsed.end)
        const reply = parsed.value
        if (Array.isArray(reply) && reply[0] === 'subscribe') {
          shared = true
          attempts = 0
          const queued = outbox
          outbox = []
          queued.forEach(send)
          if (down) console.info('Chat bus: Redis is back; chats cross instances again.')
          down = false
          confirmFirst()
        }
        if (Array.isArray(reply) && reply[0] === 'message' && typeof reply[2] === 'string') {
          let message: BusMessage
          try {
            message = JSON.parse(reply[2])
          } catch {
            continue
          }
          deliverHere(message)
        }
      }
    })
  }
  open()

  return {
    subscribed,
    isShared: () => shared,
    publish(message) {
      if (shared && publisher) send(message)
      else if (!down && outbox.length < OUTBOX_MAX_MESSAGES) outbox.push(message)
      else deliverHere(message)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    close() {
      closed = true
      if (reconnectTimer) clearTimeout(reconnectTimer)
      publisher?.destroy()
      subscriber?.destroy()
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
