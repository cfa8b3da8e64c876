import { createHash } from 'node:crypto'
import type { ScriptHash } from '@/security/headers'
import { SENT_NONCE } from '@/security/scriptMark'

/** `type` values a browser runs as script; anything else (JSON-LD, JSON data) is inert. */
const SCRIPT_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module', 'text/ecmascript'])

const SCRIPT_OPEN = /<script(?=[\s/>])/gi
const SCRIPT_CLOSE = /<\/script[\s/>]/i

/** Reads a start tag's attributes from `start` (just after `<script`, `<link`…) to its `>`, quotes respected. */
export function readAttributes(html: string, start: number): { attributes: Map<string, string>; end: number } | null {
  const attributes = new Map<string, string>()
  const attribute = /\s*([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?|\s*\/|\s*>/y
  let at = start
  while (at < html.length) {
    attribute.lastIndex = at
    const match = attribute.exec(html)
    if (!match) return null
    at = attribute.lastIndex
    if (match[0].trimStart() === '>') return { attributes, end: at }
    if (match[1]) attributes.set(match[1].toLowerCase(), match[2] ?? match[3] ?? match[4] ?? '')
  }
  return null
}

/** A script the browser would run inline: its text and the nonce its tag carries, if any. */
export type InlineScriptElement = { text: string; nonce: string | undefined }

/** Every script in the page that the browser would run inline, in order. */
export function inlineScriptElements(html: string): InlineScriptElement[] {
  const scripts: InlineScriptElement[] = []
  SCRIPT_OPEN.lastIndex = 0
  for (let open = SCRIPT_OPEN.exec(html); open; open = SCRIPT_OPEN.exec(html)) {
    const tag = readAttributes(html, open.index + open[0].length)
    if (!tag) break
    const close = SCRIPT_CLOSE.exec(html.slice(tag.end))
    const end = close ? tag.end + close.index : html.length
    SCRIPT_OPEN.lastIndex = end
    const type = (tag.attributes.get('type') ?? '').trim().toLowerCase()
    if (tag.attributes.has('src') || !SCRIPT_TYPES.has(type)) continue
    scripts.push({ text: html.slice(tag.end, end), nonce: tag.attributes.get('nonce') })
  }
  return scripts
}

/** The text of every script in the page that the browser would run inline, in order. */
export function inlineScripts(html: string): string[] {
  return inlineScriptElements(html).map((script) => script.text)
}

/** The CSP hash source of a script's text, after the line-break folding every HTML parser does. */
export function scriptHash(text: string): ScriptHash {
  const parsed = text.replace(/\r\n?/g, '\n')
  return `'sha256-${createHash('sha256').update(parsed, 'utf8').digest('base64')}'`
}

/**
 * The distinct hash sources of the inline scripts the site wrote itself: those carrying the
 * render's mark (src/security/scriptMark.ts), hashed as they are sent, the mark replaced.
 */
export function markedScriptHashes(html: string, mark: string): ScriptHash[] {
  const marked = inlineScriptElements(html).filter((script) => script.nonce === mark)
  return [...new Set(marked.map((script) => scriptHash(script.text.replaceAll(mark, SENT_NONCE))))]
}

/** The distinct hash sources of every inline script of a page, marked or not. */
export function inlineScriptHashes(html: string): ScriptHash[] {
  return [...new Set(inlineScripts(html).map(scriptHash))]
}
