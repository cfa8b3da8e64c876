import type { AgentPresence, CustomerStatus } from '../constants'
import type { AgentOnDuty, Availability, VisitorOnSite } from '../types'
import { type BusMessage, type ChatBus, createInProcessBus } from './bus'
import { withinBusinessHours } from './businessHours'
import { createRedisBus } from './redisBus'

type VisitorEntry = VisitorOnSite & { connections: number }

/** Agents get the list of visitors on the site at most this often. */
export const VISITOR_LIST_INTERVAL_MS = 250
type AgentEntry = AgentOnDuty & { connections: number }

/**
 * The live part of the chat in this process: who is connected (visitors and agents) and the
 * bus that carries events and signals to their streams.
 */
export class ChatHub {
  readonly visitors = new Map<string, VisitorEntry>()
  readonly agents = new Map<number, AgentEntry>()
  businessHours: string | null = null

  constructor(readonly bus: ChatBus) {}

  publish(message: BusMessage) {
    this.bus.publish(message)
  }

  availability(now = new Date()): Availability {
    const someoneOnline = [...this.agents.values()].some(
      (agent) => agent.connections > 0 && agent.presence === 'online',
    )
    return someoneOnline && withinBusinessHours(this.businessHours, now) ? 'online' : 'offline'
  }

  visitorConnected(entry: Omit<VisitorEntry, 'connections'>) {
    const existing = this.visitors.get(entry.visitorId)
    this.visitors.set(entry.visitorId, { ...existing, ...entry, connections: (existing?.connections ?? 0) + 1 })
    this.announceVisitors()
  }

  visitorDisconnected(visitorId: string) {
    const entry = this.visitors.get(visitorId)
    if (!entry) return
    entry.connections -= 1
    if (entry.connections <= 0) this.visitors.delete(visitorId)
    this.announceVisitors()
  }

  updateVisitor(
    visitorId: string,
    change: Partial<Pick<VisitorOnSite, 'page' | 'status' | 'name' | 'conversationId'>>,
  ) {
    const entry = this.visitors.get(visitorId)
    if (!entry) return
    Object.assign(entry, Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)))
    this.announceVisitors()
  }

  agentConnected(agent: { id: number; name: string }, presence: AgentPresence = 'online') {
    const before = this.availability()
    const existing = this.agents.get(agent.id)
    this.agents.set(agent.id, {
      id: agent.id,
      name: agent.name,
      presence: existing?.presence ?? presence,
      connections: (existing?.connections ?? 0) + 1,
    })
    this.afterAgentChange(before)
  }

  agentDisconnected(agentId: number) {
    const before = this.availability()
    const entry = this.agents.get(agentId)
    if (!entry) return
    entry.connections -= 1
    if (entry.connections <= 0) this.agents.delete(agentId)
    this.afterAgentChange(before)
  }

  setPresence(agentId: number, presence: AgentPresence) {
    const before = this.availability()
    const entry = this.agents.get(agentId)
    if (entry) entry.presence = presence
    this.afterAgentChange(before)
  }

  visitorList(): VisitorOnSite[] {
    return [...this.visitors.values()].map(({ visitorId, page, status, name, conversationId }) => ({
      visitorId,
      page,
      status,
      name,
      conversationId,
    }))
  }

  agentList(): AgentOnDuty[] {
    return [...this.agents.values()].map(({ id, name, presence }) => ({ id, name, presence }))
  }

  setStatus(conversationId: number, visitorId: string, status: CustomerStatus) {
    this.updateVisitor(visitorId, { status, conversationId })
    this.publish({
      kind: 'signal',
      audience: { kind: 'conversation', conversationId },
      name: 'status',
      data: { status },
    })
  }

  private afterAgentChange(availabilityBefore: Availability) {
    this.publish({ kind: 'signal', audience: { kind: 'agents' }, name: 'agents', data: this.agentList() })
    const now = this.availability()
    if (now !== availabilityBefore) {
      this.publish({
        kind: 'signal',
        audience: { kind: 'visitors' },
        name: 'availability',
        data: { availability: now },
      })
    }
  }

  private announceTimer: ReturnType<typeof setTimeout> | null = null

  /** Coalesced: a burst of page views sends agents one list, not one list per visitor. */
  private announceVisitors() {
    if (this.announceTimer) return
    this.announceTimer = setTimeout(() => {
      this.announceTimer = null
      this.publish({ kind: 'signal', audience: { kind: 'agents' }, name: 'visitors', data: this.visitorList() })
    }, VISITOR_LIST_INTERVAL_MS)
    this.announceTimer.unref?.()
  }
}

const globalHub = globalThis as unknown as { __chatHub?: ChatHub }

/**
 * One hub per process, shared by every route module that Next bundles separately; with
 * REDIS_URL set, its bus goes through Redis so that several instances share chats.
 */
export function chatHub(): ChatHub {
  globalHub.__chatHub ??= new ChatHub(
    process.env.REDIS_URL ? createRedisBus(process.env.REDIS_URL) : createInProcessBus(),
  )
  return globalHub.__chatHub
}
