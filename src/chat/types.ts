import type { AgentPresence, AuthorType, ChatEventType, CustomerStatus } from './constants'

/** One chat event as every client sees it; `id` orders events and resumes streams. */
export type ChatEventView = {
  id: number
  conversationId: number
  type: ChatEventType
  author: { type: AuthorType; name: string }
  timestamp: string
  text?: string
  buttons?: string[]
  file?: { id: number; name: string; contentType: string; size: number; url: string }
  customData?: unknown
}

export type Availability = 'online' | 'offline'

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
