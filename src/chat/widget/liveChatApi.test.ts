import { afterEach, describe, expect, it, vi } from 'vitest'
import { CHAT_WANTED_EVENT } from '../pageConfig'
import { type ApiTarget, LiveChatApi } from './liveChatApi'
import type { Visibility } from './state'

type PageApi = Record<string, unknown> & { _q?: [string, unknown[]][]; _w?: number }
const callOn = (api: PageApi, method: string, ...args: unknown[]) =>
  (api[method] as (...a: unknown[]) => unknown)(...args)

/** A widget the API acts on, keeping the visibilities it was asked for. */
function widget() {
  const asked: Visibility[] = []
  const target: ApiTarget = {
    getState: () =>
      ({ availability: 'online', visibility: asked.at(-1) ?? 'minimized' }) as ReturnType<ApiTarget['getState']>,
    setVisibility: (visibility) => asked.push(visibility),
    identify: () => {},
  }
  return { api: new LiveChatApi(target), asked }
}

afterEach(() => vi.unstubAllGlobals())

describe("the page's window.LiveChatWidget when a widget stops", () => {
  it('keeps the calls made after the stop, and the next widget runs them in order when installed', () => {
    const page: PageApi = { _q: [] }
    const first = widget()
    first.api.install(page)
    vi.stubGlobal('document', new EventTarget())
    first.api.uninstall(page)
    callOn(page, 'call', 'minimize')
    callOn(page, 'call', 'maximize')
    expect(first.asked).toEqual([])
    const next = widget()
    next.api.install(page)
    expect(next.asked).toEqual(['minimized', 'maximized'])
    expect(page._q).toEqual([])
  })

  it('asks the loader for a new widget when a stopped one is asked to open', () => {
    const page: PageApi = {}
    const document = new EventTarget()
    vi.stubGlobal('document', document)
    const wanted = vi.fn()
    document.addEventListener(CHAT_WANTED_EVENT, wanted)
    const stopped = widget()
    stopped.api.install(page)
    stopped.api.uninstall(page)
    callOn(page, 'call', 'minimize')
    expect(wanted).not.toHaveBeenCalled()
    callOn(page, 'call', 'maximize')
    expect(wanted).toHaveBeenCalledTimes(1)
    expect(page._w).toBe(1)
  })

  it('keeps the calls the page queued before a widget that stopped before it was installed', () => {
    const page: PageApi = { _q: [['call', ['maximize']]] }
    vi.stubGlobal('document', new EventTarget())
    widget().api.uninstall(page)
    callOn(page, 'call', 'minimize')
    const next = widget()
    next.api.install(page)
    expect(next.asked).toEqual(['maximized', 'minimized'])
  })
})
