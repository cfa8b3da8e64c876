import { CHAT_SOUND_THROTTLE_MS, type CustomerStatus } from '../constants'
import type { Availability, ChatEventView, VisitorSnapshot } from '../types'
import { streamUrl, visitorAction } from './client'
import { openResumableStream } from './stream'

export type Visibility = 'maximized' | 'minimized' | 'hidden'
export type Connection = 'idle' | 'connecting' | 'open' | 'failed'
export type ApiEventName =
  'ready' | 'availability_changed' | 'visibility_changed' | 'customer_status_changed' | 'new_event'

export type WidgetState = {
  availability: Availability
  visibility: Visibility
  customer: { name: string; email: string; status: CustomerStatus; sessionVariables: Record<string, string> }
  conversationId: number | null
  events: ChatEventView[]
  unread: number
  connection: Connection
  agentTyping: string | null
  disabled: boolean
}

/** The event shape LiveChat's widget API hands to `new_event` listeners. */
export const apiEventOf = (event: ChatEventView) => ({
  id: String(event.id),
  type: event.type,
  author: { type: event.author.type, name: event.author.name },
  timestamp: Date.parse(event.timestamp),
  ...(event.text !== undefined ? { text: event.text } : {}),
  ...(event.buttons ? { buttons: event.buttons } : {}),
  ...(event.file ? { file: event.file } : {}),
  ...(event.customData !== undefined ? { customData: event.customData } : {}),
})

/** What counts as the visitor's first interaction (it opens the chat's connection). */
export const INTERACTION_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'scroll', 'touchstart', 'focusin'] as const
/** Marks, across reloads and tabs, that this browser has a chat going on. */
export const ACTIVE_CHAT_KEY = 'chat:active'

function readActiveChat(): boolean {
  try {
    return window.localStorage.getItem(ACTIVE_CHAT_KEY) === '1'
  } catch {
    return false
  }
}

function writeActiveChat(active: boolean) {
  try {
    if (active) window.localStorage.setItem(ACTIVE_CHAT_KEY, '1')
    else window.localStorage.removeItem(ACTIVE_CHAT_KEY)
  } catch {
    // storage may be blocked; the chat then connects on interaction
  }
}

type Listener = (payload: unknown) => void
type QueuedCall = [string, unknown[]]

/**
 * The visitor's chat: its state, its connection, and window.LiveChatWidget on top of them.
 * React renders the state; page scripts use the API; both go through here.
 */
export class WidgetController {
  state: WidgetState = {
    availability: 'offline',
    visibility: 'minimized',
    customer: { name: '', email: '', status: 'browsing', sessionVariables: {} },
    conversationId: null,
    events: [],
    unread: 0,
    connection: 'idle',
    agentTyping: null,
    disabled: false,
  }
  private renderListeners = new Set<() => void>()
  private apiListeners = new Map<string, Set<Listener>>()
  private seen = new Set<number>()
  private synced = false
  private stream: ReturnType<typeof openResumableStream> | null = null
  private page: string | null = null
  private lastSoundAt = -Infinity
  private soundUnlocked = false

  /** `playSound` plays the new-message sound (throttled here, not there). */
  constructor(private readonly playSound: () => void = () => {}) {}

  /** For React's useSyncExternalStore. */
  subscribe = (listener: () => void) => {
    this.renderListeners.add(listener)
    return () => this.renderListeners.delete(listener)
  }
  getState = () => this.state

  private set(change: Partial<WidgetState>) {
    this.state = { ...this.state, ...change }
    this.renderListeners.forEach((listener) => listener())
  }

  private emit(name: ApiEventName, payload: unknown) {
    for (const listener of [...(this.apiListeners.get(name) ?? [])]) {
      try {
        listener(payload)
      } catch (error) {
        console.error(error)
      }
    }
  }

  /**
   * Prepares the widget without connecting: the stream opens on the visitor's first
   * interaction, when the window opens, or at once when a chat is already going on (a reload
   * or a second tab), so that a page nobody touches holds no connection.
   */
  start(page: string) {
    this.page = page
    const unlock = () => {
      this.soundUnlocked = true
    }
    window.addEventListener('pointerdown', unlock, { once: true, capture: true })
    window.addEventListener('keydown', unlock, { once: true, capture: true })
    this.emit('ready', { state: this.get('state'), customerData: this.get('customer_data') })
    if (readActiveChat()) return this.connect()
    const connectOnce = () => {
      for (const name of INTERACTION_EVENTS) window.removeEventListener(name, connectOnce, true)
      this.connect()
    }
    for (const name of INTERACTION_EVENTS) window.addEventListener(name, connectOnce, { capture: true, passive: true })
  }

  private connect() {
    if (this.stream || this.state.disabled || this.page === null) return
    const page = this.page
    this.stream = openResumableStream((lastEventId) => streamUrl(page, lastEventId), {
      onMessage: (name, data) => this.onStreamMessage(name, data),
      onConnectionChange: (connection) => {
        this.set({ connection })
        if (connection === 'failed') this.setAvailability('offline')
      },
    })
  }

  retry() {
    if (this.stream) this.stream.retryNow()
    else this.connect()
  }

  disable() {
    this.stream?.close()
    this.set({ disabled: true, visibility: 'hidden', availability: 'offline' })
  }

  private onStreamMessage(name: string, data: unknown) {
    switch (name) {
      case 'snapshot': {
        const snapshot = data as VisitorSnapshot
        this.set({
          conversationId: snapshot.conversationId,
          customer: {
            ...this.state.customer,
            name: this.state.customer.name || snapshot.name,
            email: this.state.customer.email || snapshot.email,
          },
        })
        this.setStatus(snapshot.status)
        this.setAvailability(snapshot.availability)
        break
      }
      case 'chat':
        this.receive(data as ChatEventView)
        break
      case 'synced':
        this.synced = true
        break
      case 'status':
        this.setStatus((data as { status: CustomerStatus }).status)
        break
      case 'availability':
        this.setAvailability((data as { availability: Availability }).availability)
        break
      case 'typing': {
        const typing = data as { typing: boolean; who: string }
        this.set({ agentTyping: typing.typing ? typing.who : null })
        break
      }
    }
  }

  private receive(event: ChatEventView) {
    if (this.seen.has(event.id)) return
    this.seen.add(event.id)
    const events = [...this.state.events, event].sort((a, b) => a.id - b.id)
    const fromAgent = event.author.type === 'agent'
    const unseen = this.synced && fromAgent && this.state.visibility !== 'maximized'
    this.set({
      events,
      conversationId: event.conversationId,
      unread: unseen ? this.state.unread + 1 : this.state.unread,
      agentTyping: event.author.type === 'agent' ? null : this.state.agentTyping,
    })
    if (!this.synced) return
    this.emit('new_event', apiEventOf(event))
    if (fromAgent) this.maybePlaySound()
  }

  private maybePlaySound(now = performance.now()) {
    if (!this.soundUnlocked || now - this.lastSoundAt < CHAT_SOUND_THROTTLE_MS) return
    this.lastSoundAt = now
    this.playSound()
  }

  private setStatus(status: CustomerStatus) {
    if (status === this.state.customer.status) return
    this.set({ customer: { ...this.state.customer, status } })
    writeActiveChat(status !== 'browsing')
    this.emit('customer_status_changed', { status })
  }

  private setAvailability(availability: Availability) {
    if (availability === this.state.availability) return
    this.set({ availability })
    this.emit('availability_changed', { availability })
  }

  setVisibility(visibility: Visibility) {
    if (this.state.disabled || visibility === this.state.visibility) return
    this.set({ visibility, ...(visibility === 'maximized' ? { unread: 0 } : {}) })
    if (visibility === 'maximized') this.connect()
    this.emit('visibility_changed', { visibility })
  }

  // ---- window.LiveChatWidget ----

  call(method: string, arg?: unknown) {
    switch (method) {
      case 'maximize':
      case 'minimize':
      case 'hide':
        this.setVisibility(method === 'hide' ? 'hidden' : method === 'maximize' ? 'maximized' : 'minimized')
        return
      case 'set_customer_name':
      case 'set_customer_email': {
        const field = method === 'set_customer_name' ? 'name' : 'email'
        if (typeof arg !== 'string' || !arg.trim()) {
          console.error(`LiveChatWidget.call('${method}'): the ${field} must be a non-empty string.`)
          return
        }
        this.set({ customer: { ...this.state.customer, [field]: arg.trim() } })
        void visitorAction('identify', { [field]: arg.trim() })
        return
      }
      case 'set_session_variables': {
        if (!arg || typeof arg !== 'object' || Array.isArray(arg)) {
          console.error("LiveChatWidget.call('set_session_variables'): pass an object.")
          return
        }
        const sessionVariables = Object.fromEntries(Object.entries(arg).map(([key, value]) => [key, String(value)]))
        this.set({ customer: { ...this.state.customer, sessionVariables } })
        void visitorAction('identify', { sessionVariables })
        return
      }
      default:
        console.error(`LiveChatWidget.call: unknown method "${method}".`)
    }
  }

  get(key: string) {
    if (key === 'state') return { availability: this.state.availability, visibility: this.state.visibility }
    if (key === 'customer_data') {
      const { name, email, status, sessionVariables } = this.state.customer
      return { name, email, status, sessionVariables: { ...sessionVariables } }
    }
    console.error(`LiveChatWidget.get: unknown key "${key}".`)
    return undefined
  }

  on(name: string, listener: Listener) {
    if (typeof listener !== 'function') return
    if (!this.apiListeners.has(name)) this.apiListeners.set(name, new Set())
    this.apiListeners.get(name)!.add(listener)
  }

  once(name: string, listener: Listener) {
    const wrapper: Listener = (payload) => {
      this.off(name, wrapper)
      listener(payload)
    }
    this.on(name, wrapper)
  }

  off(name: string, listener: Listener) {
    this.apiListeners.get(name)?.delete(listener)
  }

  /** Replaces the stub's methods with the real ones and runs what the page queued meanwhile. */
  install(api: Record<string, unknown> & { _q?: QueuedCall[] }) {
    const queued = api._q ?? []
    api.call = (method: string, arg?: unknown) => this.call(method, arg)
    api.get = (key: string) => this.get(key)
    api.on = (name: string, listener: Listener) => this.on(name, listener)
    api.once = (name: string, listener: Listener) => this.once(name, listener)
    api.off = (name: string, listener: Listener) => this.off(name, listener)
    api._q = []
    for (const [method, args] of queued) (api[method] as (...a: unknown[]) => unknown)(...args)
  }
}
