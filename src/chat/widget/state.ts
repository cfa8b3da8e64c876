import { type CustomerStatus, IN_PROGRESS_STATUSES, OPEN_CHAT_STATUSES } from '../constants'
import type { Availability, ChatEventView } from '../protocol'

export type Visibility = 'maximized' | 'minimized' | 'hidden'
export type Connection = 'idle' | 'connecting' | 'open' | 'failed'
export type Customer = { name: string; email: string; status: CustomerStatus; sessionVariables: Record<string, string> }

/** Whether the window shows the composer: in a chat in progress, not while browsing or after its end. */
export const isInChat = (status: string) => (IN_PROGRESS_STATUSES as readonly string[]).includes(status)
/** A chat the visitor is waiting in or holding: leaving it means it has ended. */
export const isChatOpen = (status: string) => (OPEN_CHAT_STATUSES as readonly string[]).includes(status)

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
