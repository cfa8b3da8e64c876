import { EventEmitter } from 'node:events'
import type { AgentPresence, CustomerStatus } from '../../constants'
import type { AgentOnDuty, Availability, ConsoleAvailability, VisitorListView, VisitorOnSite } from '../../protocol'
import {
  type BusMessage,
  type ChatBus,
  createInProcessBus,
  type PresenceSnapshot,
  type StreamMessage,
  type VisitorChange,
} from './bus'
import { isOpenAt, type OpeningHoursRow } from '@/content/businessHours'
import { processWide } from '@/platform/processWide'
import { InstancePresence, type PresenceOptions } from './presence'
import { createRedisBus } from './redisBus'
import { type AgentEntry, boundVisitorList, mergeAgents, mergeVisitors, VISITOR_LIST_INTERVAL_MS } from './roster'
import { StreamSlots } from './streamSlots'
import { currentOpeningHours } from '../settings'
import {
  agentsSignal,
  availabilitySignal,
  type ChatSignal,
  consoleAvailabilitySignal,
  statusSignal,
  visitorListSignal,
} from './signals'

/**
 * How often the hub looks whether the opening hours have opened or closed the chat: nothing else
 * happens at that moment to tell the agents' consoles (visitors' widgets poll on their own).
 */
export const OPENING_HOURS_CHECK_MS = 30_000

/** `activeAt`: when the visitor last connected or changed (page, status, name), in ms since the epoch. */
type VisitorEntry = VisitorOnSite & { connections: number; activeAt: number }

export type HubOptions = PresenceOptions & {
  /** The business's opening hours in force (outside them the chat is offline); none: always open. */
  openingHours?: () => OpeningHoursRow[]
}

/** Counts one connection less; the entry goes with its last one. False when there was no entry. */
function dropConnection<Key>(entries: Map<Key, { connections: number }>, key: Key): boolean {
  const entry = entries.get(key)
  if (!entry) return false
  entry.connections -= 1
  if (entry.connections <= 0) entries.delete(key)
  return true
}

/**
 * The live part of the chat in this process: who is connected (visitors and agents) and the
 * bus that carries events and signals to their streams.
 *
 * Presence across instances: each instance owns the connections made to it (`visitors`,
 * `agents`) and announces them on the bus (see ./presence.ts). Availability and the lists agents
 * see are computed over every instance's announcement (./roster.ts), and each instance tells its
 * own streams when they change. A change made on one instance to a visitor or agent connected to
 * another (a page view, an accepted chat, a presence switch) travels on the bus to the instance
 * that owns the connection.
 */
export class ChatHub {
  readonly visitors = new Map<string, VisitorEntry>()
  readonly agents = new Map<number, AgentEntry>()
  /** The visitor event streams open on this instance, capped per address and in all. */
  readonly visitorStreams = new StreamSlots()
  private readonly presence: InstancePresence
  private readonly openingHours: () => OpeningHoursRow[]
  private readonly local = new EventEmitter()
  private lastAgents = '[]'
  private lastAvailability: Availability = 'offline'
  private lastConsoleAvailability = ''
  private visitorListTimer: ReturnType<typeof setTimeout> | null = null
  private readonly hoursCheck: ReturnType<typeof setInterval>

  constructor(
    readonly bus: ChatBus,
    options: HubOptions = {},
  ) {
    this.openingHours = options.openingHours ?? (() => [])
    this.local.setMaxListeners(0)
    this.presence = new InstancePresence(
      bus,
      () => this.ownSnapshot(),
      () => this.tellLocalStreams(),
      options,
    )
    bus.subscribe((message) => this.onBusMessage(message))
    this.presence.start()
    this.hoursCheck = setInterval(() => this.tellAvailability(), OPENING_HOURS_CHECK_MS)
    this.hoursCheck.unref?.()
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
    clearInterval(this.hoursCheck)
    this.presence.stop()
  }

  availability(now = new Date()): Availability {
    return this.consoleAvailability(now).availability
  }

  /** The availability visitors see, and whether the opening hours are what keeps it offline. */
  consoleAvailability(now = new Date()): ConsoleAvailability {
    const someoneOnline = this.allAgents().some((agent) => agent.connections > 0 && agent.presence === 'online')
    const withinOpeningHours = isOpenAt(this.openingHours(), now)
    return { availability: someoneOnline && withinOpeningHours ? 'online' : 'offline', withinOpeningHours }
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
    if (dropConnection(this.visitors, visitorId)) this.presenceChanged()
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
    if (dropConnection(this.agents, agentId)) this.presenceChanged()
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
    return mergeVisitors(this.presence.snapshots())
  }

  agentVisitorList(): VisitorListView {
    return boundVisitorList(this.visitorList())
  }

  agentList(): AgentOnDuty[] {
    return this.allAgents().map(({ id, name, presence }) => ({ id, name, presence }))
  }

  setStatus(conversationId: number, visitorId: string, status: CustomerStatus) {
    this.updateVisitor(visitorId, { status, conversationId })
    this.publish(statusSignal(conversationId, status))
  }

  private ownSnapshot(): PresenceSnapshot {
    return { agents: [...this.agents.values()], visitors: [...this.visitors.values()] }
  }

  private allAgents(): AgentEntry[] {
    return mergeAgents(this.presence.snapshots())
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
      case 'presence_gone':
        return this.presence.hear(message)
      case 'agent_presence':
        return this.applyAgentPresence(message.agentId, message.presence)
      case 'visitor_update':
        return this.applyVisitorChange(message.visitorId, message.change)
    }
  }

  private presenceChanged() {
    this.tellLocalStreams()
    this.presence.announceSoon()
  }

  /** Tells this instance's streams only: each instance tells its own what the presence it hears means. */
  private tellHere(signal: ChatSignal) {
    this.local.emit('signal', signal satisfies StreamMessage)
  }

  /** Tells visitors the availability, and agents also whether the opening hours decide it, when either changed. */
  private tellAvailability() {
    const seen = this.consoleAvailability()
    if (seen.availability !== this.lastAvailability) {
      this.lastAvailability = seen.availability
      this.tellHere(availabilitySignal(seen.availability))
    }
    if (JSON.stringify(seen) !== this.lastConsoleAvailability) {
      this.lastConsoleAvailability = JSON.stringify(seen)
      this.tellHere(consoleAvailabilitySignal(seen))
    }
  }

  /** Tells this instance's streams what changed: the team, availability, and (coalesced) the visitors. */
  private tellLocalStreams() {
    const agents = JSON.stringify(this.agentList())
    if (agents !== this.lastAgents) {
      this.lastAgents = agents
      this.tellHere(agentsSignal(JSON.parse(agents)))
    }
    this.tellAvailability()
    // A burst of page views sends agents one list, not one list per visitor.
    if (this.visitorListTimer) return
    this.visitorListTimer = setTimeout(() => {
      this.visitorListTimer = null
      this.tellHere(visitorListSignal(this.agentVisitorList()))
    }, VISITOR_LIST_INTERVAL_MS)
    this.visitorListTimer.unref?.()
  }
}

/**
 * One hub per process, shared by every route module that Next bundles separately; with
 * REDIS_URL set, its bus goes through Redis so that several instances share chats.
 */
export function chatHub(): ChatHub {
  return processWide(
    'chat.hub',
    () =>
      new ChatHub(process.env.REDIS_URL ? createRedisBus(process.env.REDIS_URL) : createInProcessBus(), {
        openingHours: currentOpeningHours,
      }),
  )
}
