import { CHAT_AGENT_VISITOR_LIST_MAX } from '../../constants'
import type { AgentOnDuty, VisitorListView, VisitorOnSite } from '../../protocol'
import type { PresenceSnapshot } from './bus'

/** Agents get the list of visitors on the site at most this often. */
export const VISITOR_LIST_INTERVAL_MS = 250

/** An agent as one instance counts them: `connections` is how many consoles they have open there. */
export type AgentEntry = AgentOnDuty & { connections: number }

/** Every visitor in the snapshots (the first snapshot that names one wins), the most recently active first. */
export function mergeVisitors(snapshots: PresenceSnapshot[]): VisitorOnSite[] {
  const merged = new Map<string, VisitorOnSite & { activeAt: number }>()
  for (const snapshot of snapshots) {
    for (const { visitorId, page, status, name, conversationId, activeAt } of snapshot.visitors) {
      // An instance that predates activity times announces none; its visitors sort last.
      if (!merged.has(visitorId))
        merged.set(visitorId, { visitorId, page, status, name, conversationId, activeAt: activeAt ?? 0 })
    }
  }
  return [...merged.values()]
    .sort((a, b) => b.activeAt - a.activeAt)
    .map(({ visitorId, page, status, name, conversationId }) => ({ visitorId, page, status, name, conversationId }))
}

/** What agents are shown: a bounded list, so that a crowd of visitors cannot swamp every console. */
export function boundVisitorList(all: VisitorOnSite[]): VisitorListView {
  return {
    visitors: all.slice(0, CHAT_AGENT_VISITOR_LIST_MAX),
    more: Math.max(0, all.length - CHAT_AGENT_VISITOR_LIST_MAX),
  }
}

/** Every agent in the snapshots, once each. */
export function mergeAgents(snapshots: PresenceSnapshot[]): AgentEntry[] {
  const merged = new Map<number, AgentEntry>()
  for (const snapshot of snapshots) {
    for (const agent of snapshot.agents) {
      const seen = merged.get(agent.id)
      // An agent online anywhere is online; their consoles on every instance add up.
      if (!seen) merged.set(agent.id, { ...agent })
      else {
        seen.connections += agent.connections
        if (agent.presence === 'online') seen.presence = 'online'
      }
    }
  }
  return [...merged.values()]
}
