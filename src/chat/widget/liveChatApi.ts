import { CHAT_WANTED_EVENT } from '../pageConfig'
import type { ChatEventView } from '../protocol'
import type { Customer, Visibility, WidgetState } from './state'

export type ApiEventName =
  'ready' | 'availability_changed' | 'visibility_changed' | 'customer_status_changed' | 'new_event'
type Listener = (payload: unknown) => void
type QueuedCall = [string, unknown[]]

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

/** What the API's methods act on: the widget controller. */
export type ApiTarget = {
  getState(): WidgetState
  setVisibility(visibility: Visibility): void
  identify(change: Partial<Pick<Customer, 'name' | 'email' | 'sessionVariables'>>): void
}

/** window.LiveChatWidget: LiveChat's method names and events over the built-in widget. */
export class LiveChatApi {
  private listeners = new Map<string, Set<Listener>>()

  constructor(private readonly widget: ApiTarget) {}

  emit(name: ApiEventName, payload: unknown) {
    for (const listener of [...(this.listeners.get(name) ?? [])]) {
      try {
        listener(payload)
      } catch (error) {
        console.error(error)
      }
    }
  }

  call(method: string, arg?: unknown) {
    switch (method) {
      case 'maximize':
      case 'minimize':
      case 'hide':
        this.widget.setVisibility(method === 'hide' ? 'hidden' : method === 'maximize' ? 'maximized' : 'minimized')
        return
      case 'set_customer_name':
      case 'set_customer_email': {
        const field = method === 'set_customer_name' ? 'name' : 'email'
        if (typeof arg !== 'string' || !arg.trim()) {
          console.error(`LiveChatWidget.call('${method}'): the ${field} must be a non-empty string.`)
          return
        }
        this.widget.identify({ [field]: arg.trim() })
        return
      }
      case 'set_session_variables': {
        if (!arg || typeof arg !== 'object' || Array.isArray(arg)) {
          console.error("LiveChatWidget.call('set_session_variables'): pass an object.")
          return
        }
        const sessionVariables = Object.fromEntries(Object.entries(arg).map(([key, value]) => [key, String(value)]))
        this.widget.identify({ sessionVariables })
        return
      }
      default:
        console.error(`LiveChatWidget.call: unknown method "${method}".`)
    }
  }

  get(key: string) {
    const state = this.widget.getState()
    if (key === 'state') return { availability: state.availability, visibility: state.visibility }
    if (key === 'customer_data') {
      const { name, email, status, sessionVariables } = state.customer
      return { name, email, status, sessionVariables: { ...sessionVariables } }
    }
    console.error(`LiveChatWidget.get: unknown key "${key}".`)
    return undefined
  }

  on(name: string, listener: Listener) {
    if (typeof listener !== 'function') return
    if (!this.listeners.has(name)) this.listeners.set(name, new Set())
    this.listeners.get(name)!.add(listener)
  }

  once(name: string, listener: Listener) {
    const wrapper: Listener = (payload) => {
      this.off(name, wrapper)
      listener(payload)
    }
    this.on(name, wrapper)
  }

  off(name: string, listener: Listener) {
    this.listeners.get(name)?.delete(listener)
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

  /**
   * Puts back what the page's stub did before the widget came (../stub.ts): calls wait in `_q` for
   * the next widget, and a maximize asks the loader for one. Without it, a widget that stopped (it
   * failed while running, or a client navigation replaced it) would leave every chat button
   * calling a stopped widget until the next page load. `get` keeps answering from the stopped one.
   */
  uninstall(api: Record<string, unknown> & { _q?: QueuedCall[]; _w?: number }) {
    // Calls still waiting (the widget stopped before it was installed) keep their place.
    const queue: QueuedCall[] = api._q ?? []
    for (const method of ['call', 'on', 'once', 'off']) {
      api[method] = (...args: unknown[]) => {
        queue.push([method, args])
        if (method === 'call' && args[0] === 'maximize') {
          api._w = 1
          document.dispatchEvent(new Event(CHAT_WANTED_EVENT))
        }
      }
    }
    api._q = queue
  }
}
