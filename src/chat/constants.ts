/** Chat limits and timings. Required ones are listed in docs/constants.md. */

/** Reconnect backoff starts at 500 ms ... (docs/constants.md) */
export const CHAT_RECONNECT_MIN_DELAY_MS = 500
/** ... doubles up to 5 s ... */
export const CHAT_RECONNECT_MAX_DELAY_MS = 5000
/** ... and gives up after 20 tries, leaving a clear offline state. */
export const CHAT_RECONNECT_MAX_TRIES = 20
/** At most one new-message sound per 2 s (docs/constants.md). */
export const CHAT_SOUND_THROTTLE_MS = 2000

/** Longest text of a message, emoji or rich message, in characters. */
export const CHAT_MESSAGE_MAX_CHARS = 2000
/** Largest JSON body a chat POST accepts, in bytes (text plus envelope). */
export const CHAT_BODY_MAX_BYTES = 16 * 1024
/** Posts one visitor (or agent) may make within the window before answers become 429. */
export const CHAT_POST_LIMIT = 20
export const CHAT_POST_WINDOW_MS = 10_000
/** Largest file a visitor or agent may send. */
export const CHAT_FILE_MAX_BYTES = 5 * 1024 * 1024
/** File types a chat accepts; anything else is refused with 415. */
export const CHAT_FILE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'text/plain',
] as const

// Per-address caps (a household or an office shares one address: many people, many tabs, stay below).
/** New visitor tokens (first visits without the chat cookie) one address may get per window. */
export const CHAT_NEW_VISITORS_PER_ADDRESS = 100
export const CHAT_NEW_VISITORS_WINDOW_MS = 10 * 60_000
/** New conversations one address may open per window; the agents' queue is not floodable from one place. */
export const CHAT_NEW_CONVERSATIONS_PER_ADDRESS = 30
export const CHAT_NEW_CONVERSATIONS_WINDOW_MS = 60 * 60_000
/** Visitor event streams open at once from one address, on one instance. */
export const CHAT_STREAMS_PER_ADDRESS = 100
/** Visitor event streams open at once on one instance, whatever their addresses (within nginx's connections per worker). */
export const CHAT_STREAMS_PER_INSTANCE = 4000
/** Wait suggested to a refused stream: slots free as other tabs close, at no known time. */
export const CHAT_STREAM_RETRY_AFTER_S = 30
/** Visitors listed to agents at most, the most recently active first; the rest are only counted. */
export const CHAT_AGENT_VISITOR_LIST_MAX = 200

/** A comment line keeps proxies from closing an idle event stream. */
export const CHAT_STREAM_KEEPALIVE_MS = 15_000
/** Name of the cookie holding the visitor's random chat token. */
export const CHAT_VISITOR_COOKIE = 'chat_visitor'

export const CHAT_EVENT_TYPES = ['message', 'emoji', 'rich_message', 'file', 'custom', 'system'] as const
export type ChatEventType = (typeof CHAT_EVENT_TYPES)[number]
export const CUSTOMER_STATUSES = ['browsing', 'invited', 'queued', 'chatting'] as const
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number]
/** A chat in progress: the visitor invited, waiting or chatting (the console's open chats). */
export const IN_PROGRESS_STATUSES: readonly CustomerStatus[] = ['invited', 'queued', 'chatting']
/** A chat the visitor is waiting in or holding: leaving it means it has ended. */
export const OPEN_CHAT_STATUSES: readonly CustomerStatus[] = ['queued', 'chatting']
/** A stored conversation's status: the visitor's, or `ended` once its chat has ended (visitors then see `browsing`). */
export const CONVERSATION_STATUSES = [...CUSTOMER_STATUSES, 'ended'] as const
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number]
export const AGENT_PRESENCES = ['online', 'away', 'offline'] as const
export type AgentPresence = (typeof AGENT_PRESENCES)[number]
export const AUTHOR_TYPES = ['customer', 'agent', 'system'] as const
export type AuthorType = (typeof AUTHOR_TYPES)[number]
