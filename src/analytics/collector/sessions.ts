import { createHash } from 'node:crypto'
import { SESSION_TIMEOUT_MS } from './limits'

/** Visitors whose last event is remembered in memory; beyond this the oldest are looked up again. */
export const SESSION_MEMORY_MAX = 100_000

export type OpenSession = { id: string; lastTs: number }

/** Finds a visitor's latest session when this process has not seen them (after a restart, or on another instance). */
export type RecallSession = (visitor: string) => Promise<OpenSession | null>

/**
 * Assigns sessions: a visitor's event belongs to their open session unless more than
 * SESSION_TIMEOUT_MS passed since their previous event, in which case a new session starts.
 */
export function createSessionTracker(recall: RecallSession = async () => null) {
  const open = new Map<string, OpenSession>()
  return {
    async sessionFor(visitor: string, ts: number): Promise<string> {
      const current = open.get(visitor) ?? (await recall(visitor))
      open.delete(visitor)
      let session: OpenSession
      if (current && Math.abs(ts - current.lastTs) <= SESSION_TIMEOUT_MS) {
        session = { id: current.id, lastTs: Math.max(current.lastTs, ts) }
      } else {
        const id = createHash('sha256').update(`${visitor}:${ts}`).digest('base64url').slice(0, 16)
        session = { id, lastTs: ts }
      }
      open.set(visitor, session)
      if (open.size > SESSION_MEMORY_MAX) open.delete(open.keys().next().value as string)
      return session.id
    },
  }
}
