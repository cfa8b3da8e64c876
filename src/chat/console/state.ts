import type {
  AgentOnDuty,
  ConsoleAvailability,
  AgentStreamEvents,
  ChatEventView,
  ConversationSummary,
  StreamEvent,
  VisitorOnSite,
} from '../protocol'

export type ConsoleState = {
  connection: 'connecting' | 'open' | 'failed'
  me: { id: number; name: string } | null
  agents: AgentOnDuty[]
  visitors: VisitorOnSite[]
  /** Visitors on the site beyond the bounded list the server sends. */
  moreVisitors: number
  conversations: Map<number, ConversationSummary>
  events: Map<number, ChatEventView[]>
  typing: Set<number>
  /**
   * Chats that ended while an agent held them, as they were just before: they stay on the agent's
   * screen, marked ended, until the agent closes them (a visitor's end no longer makes a chat vanish).
   */
  ended: Map<number, ConversationSummary>
  /** Chats the agent closed: their end is not shown again. */
  closed: Set<number>
  /** What visitors see of the chat; unknown until the stream says. */
  availability: ConsoleAvailability | null
  /** The chat the agent put on screen. */
  shown: number | null
  /** Visitors' messages that arrived in each chat while another was on screen. */
  unread: Map<number, number>
  /** The stream has replayed what the console missed: what arrives now is new. */
  synced: boolean
}

export const initialConsoleState: ConsoleState = {
  connection: 'connecting',
  me: null,
  agents: [],
  visitors: [],
  moreVisitors: 0,
  conversations: new Map(),
  events: new Map(),
  typing: new Set(),
  ended: new Map(),
  closed: new Set(),
  availability: null,
  shown: null,
  unread: new Map(),
  synced: false,
}

/** Whether a change of a conversation is the end of a chat an agent held. */
const endsHeldChat = (before: ConversationSummary | undefined, after: ConversationSummary) =>
  before !== undefined && before.status !== 'browsing' && before.agentId !== null && after.status === 'browsing'

/** What changes the console: a message of the agents' stream, the connection, or the agent closing an ended chat. */
export type ConsoleAction =
  | StreamEvent<AgentStreamEvents>
  | { name: 'connection'; data: ConsoleState['connection'] }
  | { name: 'close'; data: number }
  /** The agent puts a chat on screen, leaving the one that was (both are read now). */
  | { name: 'show'; data: { conversationId: number; leaving: number | null } }

/** Folds the agent stream's messages into what the console shows. */
export function consoleReducer(state: ConsoleState, action: ConsoleAction): ConsoleState {
  switch (action.name) {
    case 'connection':
      return { ...state, connection: action.data }
    case 'me':
      return { ...state, me: action.data }
    case 'agents':
      return { ...state, agents: action.data }
    case 'availability':
      return { ...state, availability: action.data }
    case 'visitors': {
      const { visitors, more } = action.data
      return { ...state, visitors, moreVisitors: more }
    }
    case 'conversations': {
      const conversations = new Map(state.conversations)
      for (const conversation of action.data) conversations.set(conversation.id, conversation)
      return { ...state, conversations }
    }
    case 'conversation': {
      const conversation = action.data
      const before = state.conversations.get(conversation.id)
      const ended = new Map(state.ended)
      const closed = new Set(state.closed)
      const typing = new Set(state.typing)
      // Nobody types in a chat that is over: an indicator left on would never be cleared.
      if (conversation.status === 'browsing') typing.delete(conversation.id)
      if (conversation.status !== 'browsing') {
        ended.delete(conversation.id)
        closed.delete(conversation.id)
      } else if (endsHeldChat(before, conversation) && !closed.has(conversation.id)) {
        ended.set(conversation.id, before!)
      }
      const conversations = new Map(state.conversations).set(conversation.id, conversation)
      return { ...state, ended, closed, typing, conversations }
    }
    case 'close': {
      const ended = new Map(state.ended)
      ended.delete(action.data)
      return { ...state, ended, closed: new Set(state.closed).add(action.data) }
    }
    case 'synced':
      return { ...state, synced: true }
    case 'show': {
      const { conversationId, leaving } = action.data
      const unread = new Map(state.unread)
      unread.delete(conversationId)
      if (leaving !== null) unread.delete(leaving)
      return { ...state, shown: conversationId, unread }
    }
    case 'chat': {
      const event = action.data
      const list = state.events.get(event.conversationId) ?? []
      if (list.some((existing) => existing.id === event.id)) return state
      const typing = new Set(state.typing)
      const fromVisitor = event.author.type === 'customer'
      if (fromVisitor) typing.delete(event.conversationId)
      const unread = new Map(state.unread)
      if (fromVisitor && state.synced && event.conversationId !== state.shown) {
        unread.set(event.conversationId, (unread.get(event.conversationId) ?? 0) + 1)
      }
      return {
        ...state,
        typing,
        unread,
        events: new Map(state.events).set(
          event.conversationId,
          [...list, event].sort((a, b) => a.id - b.id),
        ),
      }
    }
    case 'typing': {
      const signal = action.data
      const typing = new Set(state.typing)
      if (signal.typing) typing.add(signal.conversationId)
      else typing.delete(signal.conversationId)
      return { ...state, typing }
    }
    default:
      return state
  }
}
