import { randomUUID } from 'node:crypto'
import { EventEmitter } from 'node:events'
import { type AgentPresence, CHAT_AGENT_VISITOR_LIST_MAX, type CustomerStatus } from '../constants'
import type { AgentOnDuty, Availability, VisitorListView, VisitorOnSite } from '../types'
import {
  type BusMessage,
  type ChatBus,
  createInProcessBus,
  type PresenceMessage,
  type PresenceSnapshot,
  type StreamMessage,
  type VisitorChange,
} from './bus'
import { withinBusinessHours } from './businessHours'
import { createRedisBus } from './redisBus'
import { StreamSlots } from './streamSlots'

/** `activeAt`: when the visitor last connected or changed (page, status, name), in ms since the epoch. */
type VisitorEntry = VisitorOnSite & { connections: number; activeAt: number }
type AgentEntry = AgentOnDuty & { connections: number }

/** Agents get the list of visitors on the site at most this often. */
export const VISITOR_LIST_INTERVAL_MS = 250
/** Each instance announces who is connected to it this often (with REDIS_URL, to the others)... */
export const CHAT_PRESENCE_HEARTBEAT_MS = 5000
/** ...and an instance not heard from for this long is taken to be gone, with its agents and visitors. */
export const CHAT_PRESENCE_TTL_MS = 3 * CHAT_PRESENCE_HEARTBEAT_MS

export type HubOptions = { heartbeatMs?: number; ttlMs?: number }

/**
 * The live part of the chat in this process: who is connected (visitors and agents) and the
 * bus that carries events and signals to their streams.
 *
 * Presence across instances: each instance owns the connections made to it (`visitors`,
 * `agents`) and announces them on the bus when they change and on a heartbeat; it keeps the
 * other instances' last announcements until they are older than the TTL (an instance that
 * died stops counting). Availability and the lists agents see are computed over all of them,
 * and each instance tells its own streams when they change. A change made on one instance to a
 * visitor or agent connected to another (a page view, an accepted chat, a presence switch)
 * travels on the bus to the instance that owns the connection.
 */
export class ChatHub {
  readonly visitors = new Map<string, VisitorEntry>()
  readonly agents = new Map<number, AgentEntry>()
  /** The visitor event streams open on this instance, capped per address and in all. */
  readonly visitorStreams = new StreamSlots()
  businessHours: string | null = null
  readonly instance = randomUUID()
  private readonly remote = new Map<string, { snapshot: PresenceSnapshot; heardAt: number }>()
  private readonly local = new EventEmitter()
  private readonly heartbeat: ReturnType<typeof setInterval>
  private readonly ttlMs: number
  private lastAgents = '[]'
  private lastAvailability: Availability = 'offline'

  constructor(
    readonly bus: ChatBus,
    options: HubOptions = {},
  ) {
    this.local.setMaxListeners(0)
    this.ttlMs = options.ttlMs ?? CHAT_PRESENCE_TTL_MS
    bus.subscribe((message) => this.onBusMessage(message))
    this.heartbeat = setInterval(() => {
      this.announcePresence()
      this.forgetSilentInstances()
    }, options.heartbeatMs ?? CHAT_PRESENCE_HEARTBEAT_MS)
    this.heartbeat.unref?.()
    this.announcePresence(true)
  }

  publish(message: StreamMessage) {
    this.bus.publish(message)
  }

  /** What a stream on this instance hears: bus traffic for streams, and this instance's presence signals. */
  subscribe(listener: (message: StreamMessage) => void): () => void {
    const fromBus = this.bus.subscribe((message) => {
      if (message.kind === 'event' || message.kind === 'signal') listener(message)
    })
    this.local.on('signal', listener)
    return () => {
      fromBus()
      this.local.off('signal', listener)
    }
  }

  /** Stops announcing this instance and tells the others it is gone. */
  close() {
    clearInterval(this.heartbeat)
    if (this.announceSoon) clearTimeout(this.announceSoon)
    this.bus.publish({ kind: 'presence_gone', instance: this.instance })
  }

  availability(now = new Date()): Availability {
    const someoneOnline = this.allAgents().some((agent) => agent.connections > 0 && agent.presence === 'online')
    return someoneOnline && withinBusinessHours(this.businessHours, now) ? 'online' : 'offline'
  }

  visitorConnected(entry: VisitorOnSite) {
    const existing = this.visitors.get(entry.visitorId)
    this.visitors.set(entry.visitorId, {
      ...existing,
      ...entry,
      connections: (existing?.connections ?? 0) + 1,
      activeAt: Date.now(),
    })
    this.presenceChanged()
  }

  visitorDisconnected(visitorId: string) {
    const entry = this.visitors.get(visitorId)
    if (!entry) return
    entry.connections -= 1
    if (entry.connections <= 0) this.visitors.delete(visitorId)
    this.presenceChanged()
  }

  /** Updates a visitor wherever their stream is connected. */
  updateVisitor(visitorId: string, change: VisitorChange) {
    const defined = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined))
    this.applyVisitorChange(visitorId, defined)
    this.bus.publish({ kind: 'visitor_update', visitorId, change: defined })
  }

  agentConnected(agent: { id: number; name: string }, presence: AgentPresence = 'online') {
    const existing = this.agents.get(agent.id)
    this.agents.set(agent.id, {
      id: agent.id,
      name: agent.name,
      presence: existing?.presence ?? presence,
      connections: (existing?.connections ?? 0) + 1,
    })
    this.presenceChanged()
  }

  agentDisconnected(agentId: number) {
    const entry = this.agents.get(agentId)
    if (!entry) return
    entry.connections -= 1
    if (entry.connections <= 0) this.agents.delete(agentId)
    this.presenceChanged()
  }

  /** Sets an agent's presence wherever their console is connected. */
  setPresence(agentId: number, presence: AgentPresence) {
    this.applyAgentPresence(agentId, presence)
    this.bus.publish({ kind: 'agent_presence', agentId, presence })
  }

  /** A visitor on the site, on this instance or another. */
  visitor(visitorId: string): VisitorOnSite | undefined {
    return this.visitorList().find((entry) => entry.visitorId === visitorId)
  }

  /** Every visitor on the site, on any instance, the most recently active first. */
  visitorList(): VisitorOnSite[] {
    const merged = new Map<string, VisitorOnSite & { activeAt: number }>()
    for (const snapshot of this.snapshots()) {
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
  agentVisitorList(): VisitorListView {
    const all = this.visitorList()
    return {
      visitors: all.slice(0, CHAT_AGENT_VISITOR_LIST_MAX),
      more: Math.max(0, all.length - CHAT_AGENT_VISITOR_LIST_MAX),
    }
  }

  agentList(): AgentOnDuty[] {
    return this.allAgents().map(({ id, name, presence }) => ({ id, name, presence }))
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

  /** This instance's own connections first, then the other instances' (newest announcement wins per id). */
  private snapshots(): PresenceSnapshot[] {
    const others = [...this.remote.values()].sort((a, b) => b.heardAt - a.heardAt).map((entry) => entry.snapshot)
    return [this.ownSnapshot(), ...others]
  }

  private ownSnapshot(): PresenceSnapshot {
    return { agents: [...this.agents.values()], visitors: [...this.visitors.values()] }
  }

  private allAgents(): AgentEntry[] {
    const merged = new Map<number, AgentEntry>()
    for (const snapshot of this.snapshots()) {
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

  private applyVisitorChange(visitorId: string, change: VisitorChange) {
    const entry = this.visitors.get(visitorId)
    if (!entry) return
    Object.assign(entry, change, { activeAt: Date.now() })
    this.presenceChanged()
  }

  private applyAgentPresence(agentId: number, presence: AgentPresence) {
    const entry = this.agents.get(agentId)
    if (!entry || entry.presence === presence) return
    entry.presence = presence
    this.presenceChanged()
  }

  private onBusMessage(message: BusMessage) {
    switch (message.kind) {
      case 'presence':
        if (message.instance === this.instance) return
        this.remote.set(message.instance, { snapshot: message.snapshot, heardAt: Date.now() })
        // A new instance asks to hear from the others at once rather than at their next heartbeat.
        if (message.hello) this.announcePresence()
        this.tellLocalStreams()
        return
      case 'presence_gone':
        if (message.instance !== this.instance && this.remote.delete(message.instance)) this.tellLocalStreams()
        return
      case 'agent_presence':
        return this.applyAgentPresence(message.agentId, message.presence)
      case 'visitor_update':
        return this.applyVisitorChange(message.visitorId, message.change)
    }
  }

  private announceSoon: ReturnType<typeof setTimeout> | null = null

  /** Coalesced like the visitor list: a burst of connections makes one announcement. */
  private presenceChanged() {
    this.tellLocalStreams()
    if (this.announceSoon) return
    this.announceSoon = setTimeout(() => {
      this.announceSoon = null
      this.announcePresence()
    }, VISITOR_LIST_INTERVAL_MS)
    this.announceSoon.unref?.()
  }

  private announcePresence(hello = false) {
    const message: PresenceMessage = { kind: 'presence', instance: this.instance, snapshot: this.ownSnapshot() }
    this.bus.publish(hello ? { ...message, hello } : message)
  }

  private forgetSilentInstances(now = Date.now()) {
    let forgot = false
    for (const [instance, entry] of this.remote) {
      if (now - entry.heardAt > this.ttlMs) forgot = this.remote.delete(instance) || forgot
    }
    if (forgot) this.tellLocalStreams()
  }

  private signal(audience: 'agents' | 'visitors', name: string, data: unknown) {
    this.local.emit('signal', { kind: 'signal', audience: { kind: audience }, name, data } satisfies StreamMessage)
  }

  private announceTimer: ReturnType<typeof setTimeout> | null = null

  /** Tells this instance's streams what changed: the team, availability, and (coalesced) the visitors. */
  private tellLocalStreams() {
    const agents = JSON.stringify(this.agentList())
    if (agents !== this.lastAgents) {
      this.lastAgents = agents
      this.signal('agents', 'agents', JSON.parse(agents))
    }
    const availability = this.availability()
    if (availability !== this.lastAvailability) {
      this.lastAvailability = availability
      this.signal('visitors', 'availability', { availability })
    }
    // A burst of page views sends agents one list, not one list per visitor.
    if (this.announceTimer) return
    this.announceTimer = setTimeout(() => {
      this.announceTimer = null
      this.signal('agents', 'visitors', this.agentVisitorList())
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
