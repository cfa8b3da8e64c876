import type { CustomerStatus } from '../../constants'
import type {
  AgentOnDuty,
  AgentStreamEvents,
  Availability,
  ConsoleAvailability,
  ConversationSummary,
  VisitorListView,
  VisitorStreamEvents,
} from '../../protocol'
import type { Audience } from './bus'

/** A signal for `To`, named and shaped as the protocol's stream `Events` of that audience says. */
type SignalTo<To extends Audience, Events> = {
  [Name in keyof Events]: { kind: 'signal'; audience: To; name: Name; data: Events[Name] }
}[keyof Events]

type ToConversation = { kind: 'conversation'; conversationId: number }

/**
 * Every live signal the chat server sends (what streams hear beside stored events): the
 * visitor's stream hears its own conversation's status and the agent typing, and every visitor
 * the availability; agents hear the rest. Each is made by one of the functions below, never by hand,
 * so that a name and its payload are the ones the browser sides read (protocol.ts).
 */
export type ChatSignal =
  | SignalTo<ToConversation, Pick<VisitorStreamEvents, 'status' | 'typing'>>
  | SignalTo<{ kind: 'visitors' }, Pick<VisitorStreamEvents, 'availability'>>
  | SignalTo<
      { kind: 'agents' },
      Pick<AgentStreamEvents, 'agents' | 'visitors' | 'conversation' | 'availability' | 'typing'>
    >

const toConversation = (conversationId: number): ToConversation => ({ kind: 'conversation', conversationId })
const AGENTS = { kind: 'agents' } as const
const VISITORS = { kind: 'visitors' } as const

/** The visitor's chat changed status (queued, chatting, ended: browsing). */
export const statusSignal = (conversationId: number, status: CustomerStatus): ChatSignal => ({
  kind: 'signal',
  audience: toConversation(conversationId),
  name: 'status',
  data: { status },
})

/** An agent (`who`, their name) started or stopped typing in the visitor's chat. */
export const agentTypingSignal = (conversationId: number, typing: boolean, who: string): ChatSignal => ({
  kind: 'signal',
  audience: toConversation(conversationId),
  name: 'typing',
  data: { typing, who },
})

/** The visitor started or stopped typing in one of the agents' open chats. */
export const visitorTypingSignal = (conversationId: number, typing: boolean): ChatSignal => ({
  kind: 'signal',
  audience: AGENTS,
  name: 'typing',
  data: { conversationId, typing, who: 'customer' },
})

/** What every visitor's widget shows: whether an agent can answer now. */
export const availabilitySignal = (availability: Availability): ChatSignal => ({
  kind: 'signal',
  audience: VISITORS,
  name: 'availability',
  data: { availability },
})

/** What the agents' consoles show of the availability, and whether the opening hours decide it. */
export const consoleAvailabilitySignal = (seen: ConsoleAvailability): ChatSignal => ({
  kind: 'signal',
  audience: AGENTS,
  name: 'availability',
  data: seen,
})

/** The team on duty and each one's presence. */
export const agentsSignal = (agents: AgentOnDuty[]): ChatSignal => ({
  kind: 'signal',
  audience: AGENTS,
  name: 'agents',
  data: agents,
})

/** The visitors on the site, as the agents' list shows them. */
export const visitorListSignal = (list: VisitorListView): ChatSignal => ({
  kind: 'signal',
  audience: AGENTS,
  name: 'visitors',
  data: list,
})

/** A conversation as the agents' list shows it, after any change to it. */
export const conversationSignal = (summary: ConversationSummary): ChatSignal => ({
  kind: 'signal',
  audience: AGENTS,
  name: 'conversation',
  data: summary,
})
