import type { ChatEventView } from '../protocol'
import type { LiveChatWidgetApi } from '../stub'
import type { Customer, Visibility, WidgetState } from './state'

export type ApiEventName =
  'ready' | 'availability_changed' | 'visibility_changed' | 'customer_status_changed' | 'new_event'
type Listener = (payload: unknown) => void
/** The methods the stub defines and a widget replaces. */
const PAGE_METHODS = ['call', 'get', 'on', 'once', 'off']

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
  /** What the page asked `once` for, behind the wrapper that removes it. */
  private onceListeners = new WeakMap<Listener, Listener>()
  /** The page stub's methods while this widget stands in for them. */
  private stubMethods: Record<string, unknown> | null = null

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
    if (typeof listener !== 'function') return
    const wrapper: Listener = (payload) => {
      this.off(name, wrapper)
      listener(payload)
    }
    this.onceListeners.set(wrapper, listener)
    this.on(name, wrapper)
  }

  off(name: string, listener: Listener) {
    const listeners = this.listeners.get(name)
    if (!listeners) return
    listeners.delete(listener)
    // A listener the page gave to `once` is here behind its wrapper.
    for (const kept of listeners) if (this.onceListeners.get(kept) === listener) listeners.delete(kept)
  }

  /**
   * Replaces the page stub's methods with the real ones and runs what the page queued meanwhile,
   * emptying the stub's own queue in place (the stub's methods push to that very array).
   */
  install(api: LiveChatWidgetApi) {
    // Installed already: the methods in place are this widget's own, not the stub's to give back.
    if (this.stubMethods) return
    this.stubMethods = Object.fromEntries(PAGE_METHODS.map((method) => [method, api[method]]))
    const queued = api._q ? api._q.splice(0) : []
    api.call = (method: string, arg?: unknown) => this.call(method, arg)
    api.get = (key: string) => this.get(key)
    api.on = (name: string, listener: Listener) => this.on(name, listener)
    api.once = (name: string, listener: Listener) => this.once(name, listener)
    api.off = (name: string, listener: Listener) => this.off(name, listener)
    for (const [method, args] of queued) (api[method] as (...a: unknown[]) => unknown)(...args)
  }

  /**
   * Gives window.LiveChatWidget back to the page's stub (../stub.ts) when this widget stops (it
   * failed while running, or its settings changed): calls wait in the stub's queue again, and a
   * maximize asks the loader for a new widget. Without it, every chat button would call the
   * stopped widget until the next page load. The page's listeners are queued for the next widget.
   */
  uninstall(api: LiveChatWidgetApi) {
    const stub = this.stubMethods
    this.stubMethods = null
    // A page without the stub (none was inlined) has nothing to go back to.
    if (typeof stub?.on !== 'function' || typeof stub.once !== 'function') return
    Object.assign(api, stub)
    for (const [name, listeners] of this.listeners) {
      for (const listener of listeners) {
        const original = this.onceListeners.get(listener)
        if (original) (api.once as (...a: unknown[]) => unknown)(name, original)
        else (api.on as (...a: unknown[]) => unknown)(name, listener)
      }
    }
    this.listeners.clear()
  }
}
