import { NEXT_CHUNKS_PATH } from '@/platform/next/addresses'
import { readAttributes } from './inlineScripts'

/**
 * Next writes its JavaScript chunks as `<script src async>` tags (and a `<link rel="preload">` for
 * its bootstrap chunk): they download and run while the document is parsed, before the first paint,
 * and a mobile visitor (or Lighthouse's simulation of one) waits for ~150 KB of script before the
 * page shows. This moves them behind the first paint: the tags (and the preloads of the same files)
 * leave the page, and one small inline script in the place of the first one inserts the same
 * scripts, in the same order and with the same attributes, once the browser has painted. A hidden
 * tab paints nothing, so there it inserts them at once.
 */

export { NEXT_CHUNKS_PATH }

/** The attribute on the inline loader, so a page already rewritten is recognised. */
export const CHUNK_LOADER_ATTRIBUTE = 'data-chunks-after-paint'

type ChunkScript = { attributes: Record<string, string>; start: number; end: number }
type Span = { start: number; end: number }

const TAG_OPEN = /<(script|link)(?=[\s/>])/gi
const SCRIPT_CLOSE = /<\/script[\s/>]/i
const SCRIPT_CLOSE_TAG = /^<\/script\s*>/i

/** A `<script src>` Next wrote for a chunk: async, classic, empty, from the chunks folder. */
function isNextChunkScript(attributes: Map<string, string>): boolean {
  const type = (attributes.get('type') ?? '').trim().toLowerCase()
  return (
    (attributes.get('src') ?? '').startsWith(NEXT_CHUNKS_PATH) &&
    attributes.has('async') &&
    !attributes.has('nomodule') &&
    (type === '' || type === 'text/javascript')
  )
}

/** A `<link rel="preload" as="script">` of a chunk. */
function isChunkPreload(attributes: Map<string, string>): boolean {
  return (
    (attributes.get('rel') ?? '').trim().toLowerCase() === 'preload' &&
    (attributes.get('as') ?? '').trim().toLowerCase() === 'script' &&
    (attributes.get('href') ?? '').startsWith(NEXT_CHUNKS_PATH)
  )
}

/** The chunk scripts and chunk preloads of a page, in document order; inline script text is skipped. */
function findChunkTags(html: string): { scripts: ChunkScript[]; preloads: (Span & { href: string })[] } {
  const scripts: ChunkScript[] = []
  const preloads: (Span & { href: string })[] = []
  TAG_OPEN.lastIndex = 0
  for (let open = TAG_OPEN.exec(html); open; open = TAG_OPEN.exec(html)) {
    const tag = readAttributes(html, open.index + open[0].length)
    if (!tag) break
    TAG_OPEN.lastIndex = tag.end
    if (open[1].toLowerCase() === 'link') {
      if (isChunkPreload(tag.attributes))
        preloads.push({ start: open.index, end: tag.end, href: tag.attributes.get('href') ?? '' })
      continue
    }
    const close = SCRIPT_CLOSE.exec(html.slice(tag.end))
    const closeAt = close ? tag.end + close.index : html.length
    const closeTag = SCRIPT_CLOSE_TAG.exec(html.slice(closeAt))
    TAG_OPEN.lastIndex = closeTag ? closeAt + closeTag[0].length : closeAt
    if (closeAt === tag.end && closeTag && isNextChunkScript(tag.attributes)) {
      // The loader carries the nonce; the scripts it inserts are allowed as this site's files.
      const attributes = Object.fromEntries([...tag.attributes].filter(([name]) => name !== 'nonce'))
      scripts.push({ attributes, start: open.index, end: closeAt + closeTag[0].length })
    }
  }
  return { scripts, preloads }
}

/**
 * How long after `load` the loader still waits for a paint report before it inserts the scripts
 * anyway (a browser that never reports one, a page with nothing contentful to paint).
 */
export const PAINT_REPORT_WAIT_AFTER_LOAD_MS = 1000

/**
 * The loader: once the browser reports the first contentful paint (the moment Lighthouse and
 * Chromium's own timing call it), or at once in a hidden tab, it appends each script to the head,
 * one a task (a message event: a background tab does not slow those down as it does timers).
 * Appending a script costs Chromium a millisecond or two, and all of them in one task made a long
 * one. A browser without paint timing loads them at `load`. Scripts a script inserts run as they
 * arrive, like `async` ones, and stay in the DOM with their `src`.
 */
function loaderScript(scripts: ChunkScript[]): string {
  const list = JSON.stringify(scripts.map((script) => script.attributes)).replace(/</g, '\\u003c')
  return (
    '(function(c){function l(){if(!c)return;var s=c,i=0,m=window.MessageChannel&&new MessageChannel();c=null;' +
    'function n(){var a=s[i++],e=document.createElement("script");for(var k in a)e.setAttribute(k,a[k]);' +
    'document.head.appendChild(e);if(i<s.length)m?m.port2.postMessage(0):n()}if(m)m.port1.onmessage=n;n()}' +
    'if(document.visibilityState==="hidden")return l();document.addEventListener("visibilitychange",l);' +
    'var P=window.PerformanceObserver;if(!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf("paint")<0)' +
    'return addEventListener("load",l);' +
    `addEventListener("load",function(){setTimeout(l,${PAINT_REPORT_WAIT_AFTER_LOAD_MS})});` +
    'new P(function(p,o){if(p.getEntriesByName("first-contentful-paint").length){o.disconnect();l()}})' +
    `.observe({type:"paint",buffered:true})})(${list})`
  )
}

/**
 * The page with Next's chunk scripts loaded after the first paint (see above). `nonce` goes on the
 * loader, so the server hashes it into the page's policy like the other scripts Next wrote. A page
 * without chunk scripts, or already rewritten, comes back unchanged.
 */
export function loadChunksAfterFirstPaint(html: string, nonce: string): string {
  const { scripts, preloads } = findChunkTags(html)
  if (scripts.length === 0) return html
  const sources = new Set(scripts.map((script) => script.attributes.src))
  const removed: (Span & { insert?: string })[] = [
    ...scripts.map((script, index) => ({
      start: script.start,
      end: script.end,
      insert:
        index === 0
          ? `<script nonce="${nonce}" ${CHUNK_LOADER_ATTRIBUTE}="">${loaderScript(scripts)}</script>`
          : undefined,
    })),
    ...preloads.filter((preload) => sources.has(preload.href)),
  ].sort((a, b) => a.start - b.start)
  let out = ''
  let at = 0
  for (const span of removed) {
    out += html.slice(at, span.start) + (span.insert ?? '')
    at = span.end
  }
  return out + html.slice(at)
}
