import type { CustomerStatus } from '../constants'
import type { Availability, ChatEventView } from '../types'

export type Visibility = 'maximized' | 'minimized' | 'hidden'
export type Connection = 'idle' | 'connecting' | 'open' | 'failed'
export type Customer = { name: string; email: string; status: CustomerStatus; sessionVariables: Record<string, string> }

/** The statuses in which the window shows the composer; any other (browsing, or a chat's end) shows none. */
const IN_CHAT_STATUSES: readonly string[] = ['invited', 'queued', 'chatting']
export const isInChat = (status: string) => IN_CHAT_STATUSES.includes(status)
/** A chat the visitor is waiting in or holding: leaving it means it has ended. */
export const isChatOpen = (status: string) => status === 'queued' || status === 'chatting'

/** What the visitor widget renders, and what window.LiveChatWidget reports. */
export type WidgetState = {
  availability: Availability
  visibility: Visibility
  customer: Customer
  conversationId: number | null
  events: ChatEventView[]
  unread: number
  connection: Connection
  agentTyping: string | null
  disabled: boolean
  /** A chat has just ended: the window offers its transcript, a rating and a new chat. */
  ended: boolean
}

export const initialWidgetState = (): WidgetState => ({
  availability: 'offline',
  visibility: 'minimized',
  customer: { name: '', email: '', status: 'browsing', sessionVariables: {} },
  conversationId: null,
  events: [],
  unread: 0,
  connection: 'idle',
  agentTyping: null,
  disabled: false,
  ended: false,
})
