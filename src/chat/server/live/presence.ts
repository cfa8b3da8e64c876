import { randomUUID } from 'node:crypto'
import type { ChatBus, PresenceMessage, PresenceSnapshot } from './bus'
import { VISITOR_LIST_INTERVAL_MS } from './roster'

/** Each instance announces who is connected to it this often (with REDIS_URL, to the others)... */
export const CHAT_PRESENCE_HEARTBEAT_MS = 5000
/** ...and an instance not heard from for this long is taken to be gone, with its agents and visitors. */
export const CHAT_PRESENCE_TTL_MS = 3 * CHAT_PRESENCE_HEARTBEAT_MS

export type PresenceOptions = { heartbeatMs?: number; ttlMs?: number }

/** An announcement or a goodbye from an instance. */
type InstanceMessage = Extract<PresenceMessage, { kind: 'presence' | 'presence_gone' }>

/**
 * This instance's side of presence across instances: it announces its own connections (when they
 * change, coalesced, and on a heartbeat) and keeps the other instances' last announcements until
 * they are older than the TTL, so that an instance that died stops counting.
 */
export class InstancePresence {
  readonly instance = randomUUID()
  private readonly remote = new Map<string, { snapshot: PresenceSnapshot; heardAt: number }>()
  private readonly heartbeatMs: number
  private readonly ttlMs: number
  private heartbeat: ReturnType<typeof setInterval> | undefined
  private pendingAnnouncement: ReturnType<typeof setTimeout> | null = null

  /** `own` is what this instance holds now; `othersChanged` runs when another instance's announcement changes what is known. */
  constructor(
    private readonly bus: ChatBus,
    private readonly own: () => PresenceSnapshot,
    private readonly othersChanged: () => void,
    options: PresenceOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? CHAT_PRESENCE_HEARTBEAT_MS
    this.ttlMs = options.ttlMs ?? CHAT_PRESENCE_TTL_MS
  }

  /** Starts the heartbeat and says hello, which makes the others announce themselves at once. */
  start() {
    this.heartbeat = setInterval(() => {
      this.announce()
      this.forgetSilentInstances()
    }, this.heartbeatMs)
    this.heartbeat.unref?.()
    this.announce(true)
  }

  /** Stops announcing this instance and tells the others it is gone. */
  stop() {
    clearInterval(this.heartbeat)
    if (this.pendingAnnouncement) clearTimeout(this.pendingAnnouncement)
    this.bus.publish({ kind: 'presence_gone', instance: this.instance })
  }

  /** This instance's own connections first, then the other instances' (newest announcement first). */
  snapshots(): PresenceSnapshot[] {
    const others = [...this.remote.values()].sort((a, b) => b.heardAt - a.heardAt).map((entry) => entry.snapshot)
    return [this.own(), ...others]
  }

  hear(message: InstanceMessage) {
    if (message.kind === 'presence_gone') {
      if (message.instance !== this.instance && this.remote.delete(message.instance)) this.othersChanged()
      return
    }
    if (message.instance === this.instance) return
    this.remote.set(message.instance, { snapshot: message.snapshot, heardAt: Date.now() })
    // A new instance asks to hear from the others at once rather than at their next heartbeat.
    if (message.hello) this.announce()
    this.othersChanged()
  }

  /** Coalesced like the visitor list: a burst of connections makes one announcement. */
  announceSoon() {
    if (this.pendingAnnouncement) return
    this.pendingAnnouncement = setTimeout(() => {
      this.pendingAnnouncement = null
      this.announce()
    }, VISITOR_LIST_INTERVAL_MS)
    this.pendingAnnouncement.unref?.()
  }

  private announce(hello = false) {
    const message: PresenceMessage = { kind: 'presence', instance: this.instance, snapshot: this.own() }
    this.bus.publish(hello ? { ...message, hello } : message)
  }

  private forgetSilentInstances(now = Date.now()) {
    let forgot = false
    for (const [instance, entry] of this.remote) {
      if (now - entry.heardAt > this.ttlMs) forgot = this.remote.delete(instance) || forgot
    }
    if (forgot) this.othersChanged()
  }
}
