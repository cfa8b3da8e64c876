import { EventEmitter } from 'node:events'
import type { AgentPresence } from '../../constants'
import type { ChatEventView, VisitorOnSite } from '../../protocol'

/** Who a bus message is for. */
export type Audience = { kind: 'conversation'; conversationId: number } | { kind: 'agents' } | { kind: 'visitors' }

/**
 * What streams hear: stored chat events and live signals. On the bus a signal is any name and
 * payload (it crosses Redis as JSON); the chat makes its own only as ./signals.ts's ChatSignal.
 */
export type StreamMessage =
  { kind: 'event'; event: ChatEventView } | { kind: 'signal'; audience: Audience; name: string; data: unknown }

/** Who is connected to one instance: what it announces to the others (see hub.ts). */
export type PresenceSnapshot = {
  agents: { id: number; name: string; presence: AgentPresence; connections: number }[]
  visitors: (VisitorOnSite & { connections: number; activeAt?: number })[]
}

/** Between instances only: presence announcements and changes any instance may make. */
export type PresenceMessage =
  | { kind: 'presence'; instance: string; snapshot: PresenceSnapshot; hello?: boolean }
  | { kind: 'presence_gone'; instance: string }
  | { kind: 'agent_presence'; agentId: number; presence: AgentPresence }
  | { kind: 'visitor_update'; visitorId: string; change: VisitorChange }

export type VisitorChange = Partial<Pick<VisitorOnSite, 'page' | 'status' | 'name' | 'conversationId'>>

export type BusMessage = StreamMessage | PresenceMessage

/** Fan-out between the streams of one instance, or of several (Redis). */
export interface ChatBus {
  publish(message: BusMessage): void
  subscribe(listener: (message: BusMessage) => void): () => void
  /**
   * Whether this process hears every instance now: always with one instance and no Redis; with
   * Redis, only while this process's own connection carries the messages (while it is away, other
   * instances' visitors and agents are out of sight, not gone). An instance that alone lost Redis
   * is not seen from here: its visitors drop out of the others' lists when its presence expires.
   */
  hearsEveryInstance(): boolean
}

/** The default: every stream of this process hears every message. */
export function createInProcessBus(): ChatBus {
  const emitter = new EventEmitter()
  emitter.setMaxListeners(0)
  return {
    publish: (message) => emitter.emit('message', message),
    hearsEveryInstance: () => true,
    subscribe(listener) {
      emitter.on('message', listener)
      return () => emitter.off('message', listener)
    },
  }
}
