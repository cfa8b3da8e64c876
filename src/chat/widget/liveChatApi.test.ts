import { describe, expect, it, vi } from 'vitest'
import { CHAT_WANTED_EVENT } from '../pageConfig'
import { CHAT_STUB_SCRIPT, type LiveChatWidgetApi } from '../stub'
import { type ApiTarget, LiveChatApi } from './liveChatApi'
import type { Visibility } from './state'

/** A page with the site's own stub script run in it: its window.LiveChatWidget and its document. */
function pageWithStub() {
  const page: { LiveChatWidget?: LiveChatWidgetApi } = {}
  const document = new EventTarget()
  new Function('window', 'document', CHAT_STUB_SCRIPT)(page, document)
  const api = page.LiveChatWidget!
  const run = (method: string, ...args: unknown[]) => (api[method] as (...a: unknown[]) => unknown)(...args)
  return { api, document, run }
}

/** A widget the API acts on, keeping the visibilities it was asked for. */
function widget() {
  const asked: Visibility[] = []
  const target: ApiTarget = {
    getState: () =>
      ({ availability: 'online', visibility: asked.at(-1) ?? 'minimized', customer: {} }) as ReturnType<
        ApiTarget['getState']
      >,
    setVisibility: (visibility) => asked.push(visibility),
    identify: () => {},
  }
  return { api: new LiveChatApi(target), asked }
}

describe("the page's window.LiveChatWidget when a widget stops", () => {
  it('is the stub again: calls wait, and the next widget runs them in order once installed', () => {
    const page = pageWithStub()
    const first = widget()
    first.api.install(page.api)
    first.api.uninstall(page.api)
    page.run('call', 'minimize')
    page.run('call', 'maximize')
    expect(first.asked).toEqual([])
    expect(page.run('get', 'state')).toEqual({ availability: 'offline', visibility: 'minimized' })
    const next = widget()
    next.api.install(page.api)
    expect(next.asked).toEqual(['minimized', 'maximized'])
    expect(page.api._q).toEqual([])
  })

  it('asks the loader for a new widget when the page asks it to open', () => {
    const page = pageWithStub()
    const wanted = vi.fn()
    page.document.addEventListener(CHAT_WANTED_EVENT, wanted)
    const stopped = widget()
    stopped.api.install(page.api)
    page.run('call', 'maximize')
    expect(wanted).not.toHaveBeenCalled()
    stopped.api.uninstall(page.api)
    page.run('call', 'minimize')
    expect(wanted).not.toHaveBeenCalled()
    page.run('call', 'maximize')
    expect(wanted).toHaveBeenCalledTimes(1)
  })

  it("keeps the page's listeners for the next widget: `on` for every event, `once` for one", () => {
    const page = pageWithStub()
    const ready = vi.fn()
    const firstMessage = vi.fn()
    page.run('on', 'ready', ready)
    const first = widget()
    first.api.install(page.api)
    page.run('once', 'new_event', firstMessage)
    first.api.uninstall(page.api)
    const next = widget()
    next.api.install(page.api)
    next.api.emit('ready', 'next')
    next.api.emit('new_event', 'one')
    next.api.emit('new_event', 'two')
    expect(ready.mock.calls).toEqual([['next']])
    expect(firstMessage.mock.calls).toEqual([['one']])
  })

  it('leaves the stub and its waiting calls as they are when the widget stops before it was installed', () => {
    const page = pageWithStub()
    page.run('call', 'maximize')
    widget().api.uninstall(page.api)
    page.run('call', 'minimize')
    const next = widget()
    next.api.install(page.api)
    expect(next.asked).toEqual(['maximized', 'minimized'])
  })

  it('gives the stub back, not its own methods, when it was installed twice (a second run of the same widget)', () => {
    const page = pageWithStub()
    const wanted = vi.fn()
    page.document.addEventListener(CHAT_WANTED_EVENT, wanted)
    const twice = widget()
    twice.api.install(page.api)
    twice.api.install(page.api)
    twice.api.uninstall(page.api)
    page.run('call', 'maximize')
    expect(twice.asked).toEqual([])
    expect(wanted).toHaveBeenCalledTimes(1)
  })

  it('does nothing more when stopped twice: the stub stays and still queues for the next widget', () => {
    const page = pageWithStub()
    const first = widget()
    first.api.install(page.api)
    first.api.uninstall(page.api)
    first.api.uninstall(page.api)
    page.run('call', 'minimize')
    const next = widget()
    next.api.install(page.api)
    expect(first.asked).toEqual([])
    expect(next.asked).toEqual(['minimized'])
  })
})

describe("window.LiveChatWidget's listeners", () => {
  it('`off` takes back a listener given to `once` before it ever ran, on this widget and on the next', () => {
    const page = pageWithStub()
    const first = widget()
    first.api.install(page.api)
    const taken = vi.fn()
    const kept = vi.fn()
    page.run('once', 'ready', taken)
    page.run('once', 'ready', kept)
    page.run('off', 'ready', taken)
    first.api.emit('ready', 'first')
    expect(taken).not.toHaveBeenCalled()
    expect(kept.mock.calls).toEqual([['first']])

    const late = vi.fn()
    page.run('once', 'new_event', late)
    first.api.uninstall(page.api)
    const next = widget()
    next.api.install(page.api)
    page.run('off', 'new_event', late)
    next.api.emit('new_event', 'one')
    expect(late).not.toHaveBeenCalled()
  })

  it('ignores what is not a function, with `once` as with `on`: the event still reaches the real listeners', () => {
    const page = pageWithStub()
    const { api } = widget()
    api.install(page.api)
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const listener = vi.fn()
    page.run('once', 'ready', 'not a function')
    page.run('on', 'ready', { handleEvent: true })
    page.run('once', 'ready', listener)
    api.emit('ready', 'first')
    api.emit('ready', 'second')
    expect(listener.mock.calls).toEqual([['first']])
    expect(errors).not.toHaveBeenCalled()
    errors.mockRestore()
  })
})
