import { EventEmitter } from 'node:events'
import type { ChatEventView } from '../types'

/** Who a bus message is for. */
export type Audience = { kind: 'conversation'; conversationId: number } | { kind: 'agents' } | { kind: 'visitors' }

export type BusMessage =
  { kind: 'event'; event: ChatEventView } | { kind: 'signal'; audience: Audience; name: string; data: unknown }

/** Fan-out between the streams of one instance, or of several (Redis). */
export interface ChatBus {
  publish(message: BusMessage): void
  subscribe(listener: (message: BusMessage) => void): () => void
}

/** The default: every stream of this process hears every message. */
export function createInProcessBus(): ChatBus {
  const emitter = new EventEmitter()
  emitter.setMaxListeners(0)
  return {
    publish: (message) => emitter.emit('message', message),
    subscribe(listener) {
      emitter.on('message', listener)
      return () => emitter.off('message', listener)
    },
  }
}
