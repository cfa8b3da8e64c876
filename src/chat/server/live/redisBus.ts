import net from 'node:net'
import type { BusMessage, ChatBus } from './bus'

/** The Redis channel every instance of the site publishes chat traffic on. */
export const CHAT_REDIS_CHANNEL = 'site:chat'

/** Encodes a command in Redis's wire protocol (RESP). */
const command = (...parts: string[]) =>
  `*${parts.length}\r\n${parts.map((part) => `$${Buffer.byteLength(part)}\r\n${part}\r\n`).join('')}`

/** Longest a connection to Redis may take to open before it is tried again. */
export const CHAT_BUS_CONNECT_TIMEOUT_MS = 500
/** How often each connection asks Redis whether it is there (PING) when it has nothing else waiting. */
export const CHAT_BUS_PING_INTERVAL_MS = 500
/**
 * Longest Redis may leave a command unanswered (or a new connection unsubscribed) before it counts
 * as down: a paused or cut-off Redis keeps its sockets open and simply stops answering.
 */
export const CHAT_BUS_ANSWER_TIMEOUT_MS = 1_000
/** Pauses between attempts to reconnect: doubling from the first to the longest. */
const RECONNECT_FIRST_DELAY_MS = 50
export const CHAT_BUS_RECONNECT_MAX_DELAY_MS = 1_000
/** Messages held while the first connection is being made (at most CHAT_BUS_ANSWER_TIMEOUT_MS and one ping interval). */
const OUTBOX_MAX_MESSAGES = 1_000

/** One connection to Redis and the commands it sent that Redis has not answered yet, oldest first. */
type Connection = {
  socket: net.Socket
  /** When each command was sent, and the message it published, if it was a PUBLISH. */
  unanswered: { sentAt: number; message?: BusMessage }[]
  send(parts: string[], message?: BusMessage): void
}

/** Opens a connection whose every reply, and every message pushed to a subscriber, goes to `onReply`. */
function connect(url: URL, onReply: (reply: Reply) => void): Connection {
  const socket = net.connect({ host: url.hostname, port: Number(url.port || 6379) })
  socket.setNoDelay(true)
  socket.setTimeout(CHAT_BUS_CONNECT_TIMEOUT_MS, () => socket.destroy(new Error('connect timeout')))
  socket.once('connect', () => socket.setTimeout(0))
  const connection: Connection = {
    socket,
    unanswered: [],
    send(parts, message) {
      connection.unanswered.push({ sentAt: Date.now(), message })
      socket.write(command(...parts))
    },
  }
  let buffer = Buffer.alloc(0)
  socket.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk])
    for (;;) {
      const parsed = parseReply(buffer, 0)
      if (!parsed) break
      buffer = buffer.subarray(parsed.end)
      // A published message pushed to a subscriber answers no command of ours.
      const pushed = Array.isArray(parsed.value) && parsed.value[0] === 'message'
      if (!pushed) connection.unanswered.shift()
      onReply(parsed.value)
    }
  })
  if (url.password) {
    const user = decodeURIComponent(url.username)
    connection.send(
      user ? ['AUTH', user, decodeURIComponent(url.password)] : ['AUTH', decodeURIComponent(url.password)],
    )
  }
  return connection
}

/**
 * Pub/sub over Redis so that several app instances share chats: each message goes to Redis
 * and comes back to every instance (this one included), which hands it to its own streams.
 * One connection publishes, one subscribes; only PUBLISH, SUBSCRIBE and PING are spoken.
 *
 * While Redis is away, messages go straight to this instance's own streams (chat keeps working
 * within an instance; events are stored first, so a stream that missed one reads it from the
 * store with the next), and the bus reconnects by itself, crossing instances again once Redis
 * confirms the subscription. A Redis that stops answering with its connections still open counts
 * as away once a command waits CHAT_BUS_ANSWER_TIMEOUT_MS: messages it never answered for are
 * handed to this instance's streams, and its connections are dropped and made anew.
 */
export function createRedisBus(
  redisUrl: string,
): ChatBus & { close(): void; subscribed: Promise<void>; isShared(): boolean } {
  const url = new URL(redisUrl)
  const listeners = new Set<(message: BusMessage) => void>()
  const deliverHere = (message: BusMessage) => listeners.forEach((listener) => listener(message))
  let publisher: Connection | null = null
  let subscriber: Connection | null = null
  let shared = false
  let closed = false
  let attempts = 0
  let down = false
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null
  let livenessTimer: ReturnType<typeof setInterval> | null = null
  // Messages published while a connection is first being made: sent through Redis once it is
  // subscribed, or handed to this instance's streams if that attempt fails.
  let outbox: BusMessage[] = []
  const send = (message: BusMessage) =>
    publisher!.send(['PUBLISH', CHAT_REDIS_CHANNEL, JSON.stringify(message)], message)
  // Resolves the first time Redis confirms the subscription: before that, nothing crosses instances.
  let confirmFirst = () => {}
  const subscribed = new Promise<void>((resolve) => (confirmFirst = resolve))

  const stopLivenessCheck = () => {
    if (livenessTimer) clearInterval(livenessTimer)
    livenessTimer = null
  }

  const lost = (error?: Error) => {
    shared = false
    stopLivenessCheck()
    // Published but never answered: Redis did not pass them on, so this instance's streams get them here.
    const unanswered = (publisher?.unanswered ?? []).flatMap(({ message }) => (message ? [message] : []))
    const unsent = [...unanswered, ...outbox]
    outbox = []
    unsent.forEach(deliverHere)
    publisher?.socket.destroy()
    subscriber?.socket.destroy()
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

  const onSubscriberReply = (reply: Reply) => {
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
        return
      }
      deliverHere(message)
    }
  }

  const open = () => {
    const openedAt = Date.now()
    const pub = connect(url, () => {}) // replies (":<receivers>", "+PONG") only mark commands answered
    const sub = connect(url, onSubscriberReply)
    publisher = pub
    subscriber = sub
    for (const { socket } of [pub, sub]) {
      const current = () => socket === publisher?.socket || socket === subscriber?.socket
      socket.on('error', (error) => current() && lost(error))
      socket.on('close', () => current() && lost())
    }
    sub.send(['SUBSCRIBE', CHAT_REDIS_CHANNEL])
    const checkAnswers = () => {
      if (publisher !== pub) return // lost or closed meanwhile
      const now = Date.now()
      const waitedTooLong = (connection: Connection) =>
        connection.unanswered.length > 0 && now - connection.unanswered[0].sentAt >= CHAT_BUS_ANSWER_TIMEOUT_MS
      if (waitedTooLong(pub) || waitedTooLong(sub) || (!shared && now - openedAt >= CHAT_BUS_ANSWER_TIMEOUT_MS)) {
        lost(new Error(`no answer within ${CHAT_BUS_ANSWER_TIMEOUT_MS} ms`))
        return
      }
      for (const connection of [pub, sub]) if (connection.unanswered.length === 0) connection.send(['PING'])
    }
    // Judged after the event loop has read the sockets (setImmediate runs after I/O): when this
    // process itself was held up past the deadline (a long task, a collection), the answers that
    // came meanwhile are counted first, and a Redis that did answer is not taken for gone.
    livenessTimer = setInterval(() => setImmediate(checkAnswers), CHAT_BUS_PING_INTERVAL_MS)
    livenessTimer.unref?.()
  }
  open()

  return {
    subscribed,
    isShared: () => shared,
    hearsEveryInstance: () => shared,
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
      stopLivenessCheck()
      if (reconnectTimer) clearTimeout(reconnectTimer)
      // Forgotten first, so that their closing is not taken for Redis going away.
      const connections = [publisher, subscriber]
      publisher = subscriber = null
      connections.forEach((connection) => connection?.socket.destroy())
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
