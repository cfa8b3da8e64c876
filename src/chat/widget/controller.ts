import { CHAT_SOUND_THROTTLE_MS, type CustomerStatus } from '../constants'
import { openResumableStream } from '../browser/resumableStream'
import type { Availability, ChatEventView, StreamEvent, VisitorSnapshot, VisitorStreamEvents } from '../protocol'
import { onFirstGesture, onFirstInteraction, readActiveChat, writeActiveChat } from './activeChat'
import { apiEventOf, LiveChatApi } from './liveChatApi'
import { type Customer, initialWidgetState, isChatOpen, isInChat, type Visibility, type WidgetState } from './state'
import { sendVisitorRequest, VISITOR_STREAM_EVENTS, visitorStreamUrl } from './visitorClient'
import { pollAvailability } from './availability'
import { readWindowMemory, writeWindowMemory } from './windowMemory'
import { afterVisitorKnown } from './visitorIdentity'

/**
 * The visitor's chat: its state and its connection. React renders the state; page scripts use
 * window.LiveChatWidget (./liveChatApi.ts) on top of it; both go through here.
 */
/** The parts of the state the window's memory keeps (see remember); a change to others leaves it as is. */
const REMEMBERED_KEYS: readonly (keyof WidgetState)[] = ['visibility', 'ended', 'customer', 'conversationId', 'events']

export class WidgetController {
  state: WidgetState = initialWidgetState()
  private readonly api = new LiveChatApi(this)
  private renderListeners = new Set<() => void>()
  private seen = new Set<number>()
  private synced = false
  /** The visitor's stream, once asked for (it opens when the visitor's earlier requests are answered). */
  private stream: { current: ReturnType<typeof openResumableStream> | null; closed: boolean } | null = null
  private page: string | null = null
  private lastSoundAt = -Infinity
  private soundUnlocked = false
  private stopPolling = () => {}
  /** Set once the last page's window is restored: from then on each change is remembered for the next. */
  private remembering = false
  /** Events up to this id belong to chats the visitor has put away ("Start a new chat"). */
  private shownAfter = 0

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
    if (this.remembering && REMEMBERED_KEYS.some((key) => key in change)) this.remember()
    this.renderListeners.forEach((listener) => listener())
  }

  private remember() {
    const { visibility, ended, customer, conversationId, events } = this.state
    writeWindowMemory({
      open: visibility === 'maximized',
      ended,
      status: customer.status,
      conversationId,
      events,
      shownAfter: this.shownAfter,
    })
  }

  /** The window as this tab's last page left it: open at once, with the conversation shown so far. */
  private restoreWindow() {
    const memory = readWindowMemory()
    if (memory) {
      this.shownAfter = memory.shownAfter
      memory.events.forEach((event) => this.seen.add(event.id))
      this.set({
        events: memory.events,
        conversationId: memory.conversationId,
        ended: memory.ended,
        customer: { ...this.state.customer, status: memory.status },
      })
    }
    this.remembering = true
    if (memory?.open) this.setVisibility('maximized')
  }

  /** Replaces the page's window.LiveChatWidget stub with the real API. */
  install(api: Parameters<LiveChatApi['install']>[0]) {
    this.api.install(api)
  }

  /** Gives window.LiveChatWidget back to the page's stub when this widget stops (see LiveChatApi). */
  uninstall(api: Parameters<LiveChatApi['uninstall']>[0]) {
    this.api.uninstall(api)
  }

  /**
   * Prepares the widget without connecting: the stream opens on the visitor's first
   * interaction, when the window opens, or at once when a chat is already going on (a reload
   * or a second tab), so that a page nobody touches holds no connection. `availability` is what
   * the configuration lookup just said, so the poll need not ask again at once.
   */
  start(page: string, availability: Availability | null = null) {
    this.page = page
    onFirstGesture(() => {
      this.soundUnlocked = true
    })
    this.api.emit('ready', { state: this.api.get('state'), customerData: this.api.get('customer_data') })
    this.restoreWindow()
    this.stopPolling = pollAvailability(
      () => this.state.connection === 'open',
      (known) => this.setAvailability(known),
      availability,
    )
    if (readActiveChat()) return this.connect()
    onFirstInteraction(() => this.connect())
  }

  private connect() {
    if (this.stream || this.state.disabled || this.page === null) return
    const page = this.page
    const url = (lastEventId: number) => visitorStreamUrl(page, lastEventId)
    const stream = (this.stream = { current: null as ReturnType<typeof openResumableStream> | null, closed: false })
    // The stream is one of the visitor's requests: it listens under the same cookie as the others.
    void afterVisitorKnown(
      () =>
        new Promise<boolean>((answered) => {
          if (stream.closed) return answered(false)
          stream.current = openResumableStream<VisitorStreamEvents>(url, VISITOR_STREAM_EVENTS, {
            onMessage: (message) => this.onStreamMessage(message),
            onConnectionChange: (connection) => {
              this.set({ connection })
              if (connection === 'failed') this.setAvailability('offline')
            },
            onAttempt: answered,
          })
        }),
      (answered) => answered,
    )
  }

  retry() {
    if (this.stream?.current) this.stream.current.retryNow()
    else this.connect()
  }

  /** Back to a widget that has not started: what a stop (disable) closed stays closed until start. */
  reset() {
    this.stopConnections()
    this.page = null
    this.seen.clear()
    this.synced = false
    this.shownAfter = 0
    this.set(initialWidgetState())
  }

  disable() {
    // The widget stopped (it failed, or its settings changed); a new one reopens the window from memory.
    this.stopConnections()
    this.set({ disabled: true, visibility: 'hidden', availability: 'offline' })
  }

  /** Ends the availability poll and the stream, and remembers no more changes for the next page. */
  private stopConnections() {
    this.remembering = false
    this.stopPolling()
    this.stopPolling = () => {}
    if (this.stream) {
      this.stream.closed = true
      this.stream.current?.close()
    }
    this.stream = null
  }

  private onStreamMessage(message: StreamEvent<VisitorStreamEvents>) {
    switch (message.name) {
      case 'snapshot':
        return this.applySnapshot(message.data)
      case 'chat':
        return this.receive(message.data)
      case 'synced':
        this.synced = true
        return
      case 'status':
        return this.setStatus(message.data.status)
      case 'availability':
        return this.setAvailability(message.data.availability)
      case 'typing':
        return this.set({ agentTyping: message.data.typing ? message.data.who : null })
    }
  }

  /** What the server knows on connecting; a name or email the page already set is kept. */
  private applySnapshot(snapshot: VisitorSnapshot) {
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
  }

  private receive(event: ChatEventView) {
    if (this.seen.has(event.id) || event.id <= this.shownAfter) return
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
    this.api.emit('new_event', apiEventOf(event))
    if (fromAgent) this.maybePlaySound()
  }

  private maybePlaySound(now = performance.now()) {
    if (!this.soundUnlocked || now - this.lastSoundAt < CHAT_SOUND_THROTTLE_MS) return
    this.lastSoundAt = now
    this.playSound()
  }

  private setStatus(status: CustomerStatus) {
    const was = this.state.customer.status
    if (status === was) return
    const ended = isChatOpen(was) && !isInChat(status) && this.state.events.length > 0
    this.set({
      customer: { ...this.state.customer, status },
      ended: !isInChat(status) && (ended || this.state.ended),
      // Nobody types in a chat that is over, whatever the last signal said.
      ...(isInChat(status) ? {} : { agentTyping: null }),
    })
    writeActiveChat(isInChat(status))
    this.api.emit('customer_status_changed', { status })
  }

  private setAvailability(availability: Availability) {
    if (availability === this.state.availability) return
    this.set({ availability })
    this.api.emit('availability_changed', { availability })
  }

  setVisibility(visibility: Visibility) {
    if (this.state.disabled || visibility === this.state.visibility) return
    this.set({ visibility, ...(visibility === 'maximized' ? { unread: 0 } : {}) })
    if (visibility === 'maximized') this.connect()
    this.api.emit('visibility_changed', { visibility })
  }

  /** Puts the ended chat away: the window shows the form that starts a new one. */
  startNewChat() {
    this.shownAfter = Math.max(this.shownAfter, ...this.state.events.map((event) => event.id))
    this.set({ ended: false, events: [] })
  }

  /** What the page tells the widget about the visitor, kept here and sent to the server. */
  identify(change: Partial<Pick<Customer, 'name' | 'email' | 'sessionVariables'>>) {
    this.set({ customer: { ...this.state.customer, ...change } })
    void sendVisitorRequest({ action: 'identify', ...change })
  }
}
