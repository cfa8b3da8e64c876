import vm from 'node:vm'
import { describe, expect, it } from 'vitest'
import { CHUNK_LOADER_ATTRIBUTE, loadChunksAfterFirstPaint } from './chunksAfterFirstPaint'
import { inlineScriptElements, inlineScripts } from './inlineScripts'

const NONCE = 'M'.repeat(32)

const chunk = (name: string, extra = '') =>
  `<script src="/_next/static/chunks/${name}.js" async=""${extra} nonce="${NONCE}"></script>`

/** The parts of a page as Next 16 writes them, with the site's and third parties' scripts between. */
const JSON_LD = '<script type="application/ld+json">{"@type":"Organization","url":"/_next/static/chunks/x.js"}</script>'
const CONSENT = `<script nonce="${NONCE}">window.dataLayer=window.dataLayer||[];gtag("consent","default",{})</script>`
const TAG_MANAGER = '<script src="https://www.googletagmanager.com/gtm.js?id=GTM-X" async=""></script>'
const OWN_FILE = '<script src="/scripts/site.js" async=""></script>'
const POLYFILLS = `<script src="/_next/static/chunks/polyfills.js" noModule="" nonce="${NONCE}"></script>`
const RSC = `<script nonce="${NONCE}">self.__next_f.push([1,"\\u003cscript src=\\"/_next/static/chunks/a.js\\" async\\u003e"])</script>`
const PRELOAD = '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/boot.js"/>'
const STYLE_PRELOAD = '<link rel="preload" as="style" href="/_next/static/chunks/site.css"/>'

const PAGE = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  PRELOAD,
  STYLE_PRELOAD,
  chunk('runtime'),
  chunk('framework', ' crossorigin="anonymous"'),
  POLYFILLS,
  CONSENT,
  JSON_LD,
  TAG_MANAGER,
  '</head><body><main><p>Title searches in every Ohio county.</p></main>',
  OWN_FILE,
  chunk('boot', ' id="_R_boot"'),
  RSC,
  '</body></html>',
].join('')

type Browser = { visibilityState?: 'visible' | 'hidden'; paintTiming?: boolean; messageChannels?: boolean }

/**
 * Runs the page's loader against a stand-in of the browser's document, paint timing and events,
 * and returns what it appended to the head: before anything, after a first paint (with no
 * content), after the first contentful paint, and after `load`. With `messageChannels`, the
 * messages the loader posts wait in `tasks` until the test runs them, as the browser's tasks do.
 */
function runLoader(
  html: string,
  { visibilityState = 'visible', paintTiming = true, messageChannels = false }: Browser = {},
) {
  const loader = inlineScriptElements(html).find((script) => script.text.includes('createElement'))
  if (!loader) throw new Error('no loader in the page')
  const appended: Record<string, string>[] = []
  const listeners: Record<string, (() => void)[]> = {}
  const listen = (type: string, listener: () => void) => (listeners[type] ??= []).push(listener)
  const observers: ((entries: { getEntriesByName: (name: string) => unknown[] }) => void)[] = []
  class PerformanceObserver {
    static supportedEntryTypes = ['paint', 'resource']
    constructor(private readonly callback: (list: unknown, observer: unknown) => void) {}
    observe() {
      observers.push((entries) => this.callback(entries, this))
    }
    disconnect() {
      observers.length = 0
    }
  }
  const tasks: (() => void)[] = []
  class MessageChannel {
    port1: { onmessage: (() => void) | null } = { onmessage: null }
    port2 = { postMessage: () => tasks.push(() => this.port1.onmessage?.()) }
  }
  const element = () => ({
    attributes: {} as Record<string, string>,
    setAttribute(name: string, value: string) {
      this.attributes[name] = value
    },
  })
  const window = {
    document: {
      visibilityState,
      addEventListener: listen,
      createElement: element,
      head: {
        appendChild: (appendedElement: { attributes: Record<string, string> }) =>
          appended.push(appendedElement.attributes),
      },
    },
    addEventListener: listen,
    setTimeout: (callback: () => void) => callback(),
    ...(paintTiming ? { PerformanceObserver } : {}),
    ...(messageChannels ? { MessageChannel } : {}),
  }
  vm.runInNewContext(loader.text, { ...window, window })
  const seen = (entries: string[]) => ({
    getEntriesByName: (name: string) => entries.filter((entry) => entry === name),
  })
  const atStart = appended.length
  observers.forEach((observer) => observer(seen(['first-paint'])))
  const afterFirstPaint = appended.length
  observers.forEach((observer) => observer(seen(['first-contentful-paint'])))
  const afterContentfulPaint = appended.length
  const contentfulPaintTasks = tasks.length
  listeners.load?.forEach((listener) => listener())
  return { atStart, afterFirstPaint, afterContentfulPaint, contentfulPaintTasks, appended, tasks }
}

describe("Next's chunks loaded after the first paint", () => {
  const out = loadChunksAfterFirstPaint(PAGE, NONCE)

  it('takes every async chunk script and its preload out of the page', () => {
    expect(out).not.toContain(chunk('runtime'))
    expect(out).not.toContain('chunks/framework.js" async')
    expect(out).not.toContain(chunk('boot', ' id="_R_boot"'))
    expect(out).not.toContain(PRELOAD)
  })

  it('puts one inline loader carrying the nonce where the first chunk script was', () => {
    const loaders = inlineScriptElements(out).filter((script) => script.text.includes('createElement'))
    expect(loaders).toHaveLength(1)
    expect(loaders[0].nonce).toBe(NONCE)
    expect(out.indexOf(CHUNK_LOADER_ATTRIBUTE)).toBeGreaterThan(out.indexOf(STYLE_PRELOAD))
    expect(out.indexOf(CHUNK_LOADER_ATTRIBUTE)).toBeLessThan(out.indexOf(POLYFILLS))
  })

  it('inserts the same scripts, in the same order, with the same attributes, once content has painted', () => {
    const { atStart, afterFirstPaint, afterContentfulPaint, appended } = runLoader(out)
    expect([atStart, afterFirstPaint, afterContentfulPaint]).toEqual([0, 0, 3])
    expect(appended).toEqual([
      { src: '/_next/static/chunks/runtime.js', async: '' },
      { src: '/_next/static/chunks/framework.js', async: '', crossorigin: 'anonymous' },
      { src: '/_next/static/chunks/boot.js', async: '', id: '_R_boot' },
    ])
  })

  it('inserts one script a task where the browser has message channels, all of them in order', () => {
    const { afterContentfulPaint, contentfulPaintTasks, appended, tasks } = runLoader(out, { messageChannels: true })
    expect([afterContentfulPaint, contentfulPaintTasks]).toEqual([1, 1])
    const eachTask: number[] = []
    while (tasks.length) {
      tasks.shift()!()
      eachTask.push(appended.length)
    }
    expect(eachTask).toEqual([2, 3])
    expect(appended.map((attributes) => attributes.src)).toEqual([
      '/_next/static/chunks/runtime.js',
      '/_next/static/chunks/framework.js',
      '/_next/static/chunks/boot.js',
    ])
  })

  it('inserts them at once in a hidden tab, which never paints', () => {
    expect(runLoader(out, { visibilityState: 'hidden' }).atStart).toBe(3)
  })

  it('inserts them once only, even when load and the paint report both come', () => {
    expect(runLoader(out).appended).toHaveLength(3)
  })

  it('inserts them at load in a browser without paint timing', () => {
    const { afterContentfulPaint, appended } = runLoader(out, { paintTiming: false })
    expect(afterContentfulPaint).toBe(0)
    expect(appended).toHaveLength(3)
  })

  it("leaves the site's, third parties', JSON-LD, polyfill and data scripts and other preloads as they were", () => {
    for (const part of [JSON_LD, CONSENT, TAG_MANAGER, OWN_FILE, POLYFILLS, RSC, STYLE_PRELOAD])
      expect(out).toContain(part)
    expect(inlineScripts(out).filter((text) => !text.includes('createElement'))).toEqual(inlineScripts(PAGE))
  })

  it('changes nothing the second time', () => {
    expect(loadChunksAfterFirstPaint(out, NONCE)).toBe(out)
  })

  it('changes nothing in a page without chunk scripts', () => {
    const page = `<html><head>${PRELOAD}${CONSENT}</head><body>${OWN_FILE}</body></html>`
    expect(loadChunksAfterFirstPaint(page, NONCE)).toBe(page)
  })

  it('keeps a chunk script that is not async, or has inline text, where it was', () => {
    const blocking = `<script src="/_next/static/chunks/sync.js" nonce="${NONCE}"></script>`
    const withText = `<script src="/_next/static/chunks/odd.js" async="">x()</script>`
    const page = `<html><head>${blocking}${withText}${chunk('runtime')}</head><body></body></html>`
    const rewritten = loadChunksAfterFirstPaint(page, NONCE)
    expect(rewritten).toContain(blocking)
    expect(rewritten).toContain(withText)
    expect(rewritten).not.toContain(chunk('runtime'))
  })
})
