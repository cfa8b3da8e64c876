/**
 * The contract between the chat's two browser sides (the visitor widget and the agent console)
 * and the chat server: what each side may ask, what it is answered, and what its event stream
 * carries. Types and a few constants only, imported by the widget, the console and the server, so
 * that a name on the wire means one thing. What only one browser side sends or listens for (its
 * endpoint, its stream's address and event names) sits in that side's client, checked against the
 * types here, so that each bundle carries only its own.
 */
import type { AgentPresence, AuthorType, ChatEventType, CustomerStatus } from './constants'

/** Who wrote an event; an agent's may carry the photo from their profile (an address on this site). */
export type EventAuthor = { type: AuthorType; name: string; photo?: string }

/** One chat event as every client sees it; `id` orders events and resumes streams. */
export type ChatEventView = {
  id: number
  conversationId: number
  type: ChatEventType
  author: EventAuthor
  timestamp: string
  text?: string
  buttons?: string[]
  file?: { id: number; name: string; contentType: string; size: number; url: string }
  customData?: unknown
}

export type Availability = 'online' | 'offline'

/** A value from the wire as an availability, or null when it is none. */
export const availabilityOf = (value: unknown): Availability | null =>
  value === 'online' || value === 'offline' ? value : null

/**
 * What agents are told about the chat visitors see: its availability, and whether it is within the
 * business's opening hours (outside them visitors see it offline, whoever is online).
 */
export type ConsoleAvailability = { availability: Availability; withinOpeningHours: boolean }

/** What a visitor's stream says first, and again after each reconnect. */
export type VisitorSnapshot = {
  conversationId: number | null
  status: CustomerStatus
  availability: Availability
  name: string
  email: string
}

export type ConversationSummary = {
  id: number
  visitorId: string
  name: string
  email: string
  status: CustomerStatus
  currentPage: string
  agentId: number | null
}

export type VisitorOnSite = {
  visitorId: string
  page: string
  status: CustomerStatus
  name: string
  conversationId: number | null
}

/** The visitors agents see: the most recently active, and how many more are on the site. */
export type VisitorListView = { visitors: VisitorOnSite[]; more: number }

export type AgentOnDuty = { id: number; name: string; presence: AgentPresence }

/** The signed-in agent, as their console's stream names them. */
export type AgentIdentity = { id: number; name: string; email: string; photo: string | null }

/** An agent as the author of what they write: their name, and their photo when their profile has one. */
export const agentAuthor = (agent: AgentIdentity): EventAuthor => ({
  type: 'agent',
  name: agent.name,
  ...(agent.photo ? { photo: agent.photo } : {}),
})

/** The one-click rating a visitor may give a chat once it has ended. */
export const CHAT_RATINGS = ['good', 'bad'] as const
export type ChatRating = (typeof CHAT_RATINGS)[number]

/** What a visitor may write into a chat (files go to FILES_ENDPOINT). */
export const VISITOR_EVENT_TYPES = ['message', 'emoji', 'custom'] as const
export type VisitorEventType = (typeof VISITOR_EVENT_TYPES)[number]
/** What an agent may write into a chat. */
export const AGENT_EVENT_TYPES = ['message', 'emoji', 'rich_message', 'custom'] as const
export type AgentEventType = (typeof AGENT_EVENT_TYPES)[number]

export type HistoryEntry = {
  id: number
  name: string
  email: string
  startedAt: string
  lastActiveAt: string
  /** The visitor's rating of the chat, if they gave one. */
  rating: ChatRating | null
}

export type CannedReply = { id: number; title: string; text: string }

/** Everything a visitor's widget may ask, by `action`. */
export type VisitorRequest =
  | { action: 'identify'; name?: string; email?: string; sessionVariables?: Record<string, string> }
  | { action: 'page'; page: string }
  | { action: 'start'; name?: string; email?: string }
  | { action: 'message'; type?: VisitorEventType; text?: string; customData?: unknown }
  | { action: 'typing'; typing: boolean }
  | { action: 'end' }
  | { action: 'rate'; rating: ChatRating }
  | { action: 'transcript' }
export type VisitorAction = VisitorRequest['action']

/** What the server answers to each accepted visitor request (beside `ok: true`). */
export type VisitorAnswers = {
  identify: Empty
  page: Empty
  start: { conversationId: number }
  message: { event: ChatEventView }
  typing: Empty
  end: Empty
  rate: { rating: ChatRating }
  transcript: { to: string }
}

/** Everything an agent's console may ask, by `action`. */
export type AgentRequest =
  | { action: 'presence'; presence: AgentPresence }
  | { action: 'invite'; visitorId: string; text?: string }
  | { action: 'accept'; conversationId: number }
  | {
      action: 'message'
      conversationId: number
      type?: AgentEventType
      text?: string
      buttons?: string[]
      customData?: unknown
    }
  | { action: 'typing'; conversationId: number; typing: boolean }
  | { action: 'end'; conversationId: number }
  | { action: 'dismiss'; conversationId: number }
  | { action: 'history'; query: string; from?: string; to?: string }
  | { action: 'canned_replies' }
  | { action: 'transcript'; conversationId: number; to?: string }
  | { action: 'transcript_view'; conversationId: number }
export type AgentAction = AgentRequest['action']

/** What the server answers to each accepted agent request (beside `ok: true`). */
export type AgentAnswers = {
  presence: Empty
  invite: { conversationId: number }
  accept: Empty
  message: { event: ChatEventView }
  typing: Empty
  end: Empty
  dismiss: Empty
  history: { conversations: HistoryEntry[] }
  canned_replies: { replies: CannedReply[] }
  transcript: Empty
  transcript_view: { events: ChatEventView[] }
}

/** A request as it reaches the server: the fields its action names, each unchecked until validated. */
export type Received<Request> = { [Field in Exclude<keyof Request, 'action'>]?: unknown }

/** An answer with nothing in it but `ok`. */
export type Empty = Record<never, never>

/** Every answer: accepted (with what was asked for), or refused with words for people. */
export type ChatAnswer<Accepted> = ({ ok: true } & Accepted) | { ok: false; error: string }

/** The position a stream has reached once it has replayed what the client missed. */
export type StreamSynced = { lastEventId: number }

/** The visitor's stream, by event name. */
export type VisitorStreamEvents = {
  snapshot: VisitorSnapshot
  chat: ChatEventView
  synced: StreamSynced
  status: { status: CustomerStatus }
  availability: { availability: Availability }
  /** An agent typing in the visitor's chat (`who` is their name). */
  typing: { typing: boolean; who: string }
}

/** The agents' stream, by event name. */
export type AgentStreamEvents = {
  me: AgentIdentity
  agents: AgentOnDuty[]
  visitors: VisitorListView
  conversations: ConversationSummary[]
  conversation: ConversationSummary
  chat: ChatEventView
  synced: StreamSynced
  availability: ConsoleAvailability
  /** A visitor typing in one of the open chats. */
  typing: { conversationId: number; typing: boolean; who: 'customer' }
}

/** One message of a stream whose events are `Events`: its name and the payload that name carries. */
export type StreamEvent<Events> = { [Name in keyof Events]: { name: Name; data: Events[Name] } }[keyof Events]

/** The events of a stream that a list of names leaves out. */
export type Unlisted<Events, Listed extends readonly unknown[]> = Exclude<keyof Events, Listed[number]>
/** Compiles only for `never`: a client's list of its stream's event names must leave none out. */
export type NoneLeftOut<Missing extends never> = Missing
