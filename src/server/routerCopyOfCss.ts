/**
 * With `experimental.inlineCss`, Next writes a page's CSS twice into its document: once in the
 * `<style>` the browser paints with, and once more in the router's copy of the page (the script
 * pieces that call `self.__next_f.push`), as the text of the same `<style>` element in React's
 * page data. On `/` that second copy is about 25 KB of the document's 125 KB, parsed before the
 * first paint and never used: when React starts the page it finds a `<style>` by its `href` in
 * the document already (`style[data-href~="…"]`) and takes that one; the text is read only to make
 * a new element. Navigations inside the site ask for the page data alone, where Next links the CSS
 * files instead, so they carry no copy either.
 *
 * This takes the text out of the router's copy for every stylesheet the document's own `<style>`
 * elements name, and leaves everything else byte for byte. Whatever it does not recognise (another
 * shape of page data, a length that does not add up), it leaves as Next wrote it.
 */
import { ROUTER_DATA_KIND, ROUTER_DATA_PUSH } from '@/platform/next/document'

/** The push call as a regular expression's text. */
const PUSH = ROUTER_DATA_PUSH.replace(/[.()]/g, '\\$&')

/** One of Next's scripts that hands the router a piece of its page data (a string piece). */
const ROUTER_DATA_SCRIPT = new RegExp(
  `(<script\\b[^>]*>)${PUSH}\\(\\[${ROUTER_DATA_KIND.data},("(?:[^"\\\\]|\\\\.)*")\\]\\)(<\\/script>)`,
  'g',
)

/**
 * Any of Next's scripts that hands the router something: the first, `[0]`, opens the data; a
 * string piece is `[1,"…"]`. Another kind (bytes as base64, a form's state) is a shape this does not
 * read, and a page with one is left as it is.
 */
const ANY_ROUTER_DATA_SCRIPT = new RegExp(`${PUSH}\\(\\[(\\d+)`, 'g')

/** A `<style>` the document carries, with the stylesheets it holds in `data-href`. */
const DOCUMENT_STYLE = /<style\b[^>]*?\sdata-href="([^"]*)"/g

/**
 * A `<style>` element in React's page data as Next's CSS renderer writes it (key, nonce when there
 * is one, precedence, href, children), its text in a row of its own (`"$<row>"`).
 */
const STYLE_ELEMENT =
  /\["\$","style","[^"\\]*",\{(?:"nonce":"[^"\\]*",)?"precedence":"[^"\\]*","href":"([^"\\]+)","children":"\$([0-9a-f]+)"\}\]/g

/**
 * A row of React's page data whose length is given in bytes, as its reader knows them: text (`T`),
 * a buffer (`b`) and typed arrays; any other row ends at a line break.
 */
const SIZED_ROW_TAGS = new Set('TAOobUSsLlGgMmV')
const SIZED_ROW_LENGTH = /^([0-9a-f]{1,16}),/

type Piece = { start: number; end: number; open: string; close: string; text: string }
type Edit = { start: number; end: number; replacement: string }

/** Where the UTF-8 bytes `bytes` long that start at `from` end in `text`, or -1 past its end. */
function afterUtf8Bytes(text: string, from: number, bytes: number): number {
  let index = from
  let left = bytes
  while (left > 0) {
    if (index >= text.length) return -1
    const code = text.codePointAt(index) as number
    left -= code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4
    index += code < 0x10000 ? 1 : 2
  }
  return left === 0 ? index : -1
}

/** The text rows of the page data by id (where each row starts and its text ends), or null if it does not read as rows. */
function textRows(data: string): Map<string, { start: number; end: number }> | null {
  const rows = new Map<string, { start: number; end: number }>()
  let at = 0
  while (at < data.length) {
    const colon = data.indexOf(':', at)
    if (colon < 0) return null
    const id = data.slice(at, colon)
    if (!/^[0-9a-f]*$/.test(id)) return null
    const tag = data[colon + 1]
    if (SIZED_ROW_TAGS.has(tag)) {
      const length = SIZED_ROW_LENGTH.exec(data.slice(colon + 2, colon + 20))
      if (!length) return null
      const end = afterUtf8Bytes(data, colon + 2 + length[0].length, Number.parseInt(length[1], 16))
      if (end < 0) return null
      if (tag === 'T') rows.set(id, { start: at, end })
      at = end
      continue
    }
    const lineEnd = data.indexOf('\n', colon)
    if (lineEnd < 0) return null
    at = lineEnd + 1
  }
  return rows
}

/** The stylesheets whose text the document's own `<style>` elements carry. */
function stylesheetsInDocument(html: string): Set<string> {
  const hrefs = new Set<string>()
  for (const match of html.matchAll(DOCUMENT_STYLE))
    for (const href of match[1].split(/\s+/)) if (href) hrefs.add(href.replaceAll('&amp;', '&'))
  return hrefs
}

/** A string as Next writes it into a script: JSON, with what HTML or a script could misread escaped. */
function scriptString(text: string): string {
  return JSON.stringify(text).replace(
    /[&<>\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/** The pieces' texts after the edits (given in the joined data's positions, in order, not overlapping). */
function applyEdits(pieces: Piece[], edits: Edit[]): string[] {
  const texts: string[] = []
  let offset = 0
  for (const piece of pieces) {
    const pieceEnd = offset + piece.text.length
    let text = piece.text
    for (const edit of [...edits].reverse()) {
      if (edit.end <= offset || edit.start >= pieceEnd) continue
      const from = Math.max(edit.start, offset) - offset
      const to = Math.min(edit.end, pieceEnd) - offset
      const replacement = edit.start >= offset ? edit.replacement : ''
      text = text.slice(0, from) + replacement + text.slice(to)
    }
    texts.push(text)
    offset = pieceEnd
  }
  return texts
}

/** The document without the router's second copy of the CSS its `<style>` elements already carry. */
export function withoutRouterCopyOfCss(html: string): string {
  const inDocument = stylesheetsInDocument(html)
  if (inDocument.size === 0) return html
  for (const [, kind] of html.matchAll(ANY_ROUTER_DATA_SCRIPT))
    if (kind !== String(ROUTER_DATA_KIND.bootstrap) && kind !== String(ROUTER_DATA_KIND.data)) return html
  const pieces: Piece[] = []
  for (const match of html.matchAll(ROUTER_DATA_SCRIPT)) {
    let text: string
    try {
      text = JSON.parse(match[2]) as string
    } catch {
      return html
    }
    pieces.push({ start: match.index, end: match.index + match[0].length, open: match[1], close: match[3], text })
  }
  const data = pieces.map((piece) => piece.text).join('')
  const rows = textRows(data)
  if (!rows) return html
  // One edit per row, even where two elements name the same row: a second would cut stale positions.
  const editsByRow = new Map<string, Edit>()
  for (const [, href, id] of data.matchAll(STYLE_ELEMENT)) {
    const row = rows.get(id)
    if (row && inDocument.has(href)) editsByRow.set(id, { start: row.start, end: row.end, replacement: `${id}:T0,` })
  }
  if (editsByRow.size === 0) return html
  const texts = applyEdits(
    pieces,
    [...editsByRow.values()].sort((a, b) => a.start - b.start),
  )
  let result = ''
  let copied = 0
  pieces.forEach((piece, index) => {
    if (texts[index] === piece.text) return
    result += html.slice(copied, piece.start)
    result += `${piece.open}${ROUTER_DATA_PUSH}([${ROUTER_DATA_KIND.data},${scriptString(texts[index])}])${piece.close}`
    copied = piece.end
  })
  return result + html.slice(copied)
}
