import { describe, expect, it } from 'vitest'
import { withoutRouterCopyOfCss } from './routerCopyOfCss'

const NONCE = 'M'.repeat(32)
const SITE_CSS = '/_next/static/chunks/site.css'
const FORMS_CSS = '/_next/static/chunks/forms.css'
const CHAT_CSS = '/_next/static/chunks/chat.css'

/** CSS long enough for React to give it a row of its own, with characters of two, three and four bytes. */
const siteCss = `.site-header{position:relative}.note::before{content:"é → 🏠"}${'.a{color:#123}'.repeat(80)}`
const formsCss = `.dropdown{position:relative}${'.b{margin:0}'.repeat(90)}`

/** Rows of React's page data as its server writes them: a line of JSON, or text with its length in bytes. */
const jsonRow = (id: string, value: unknown) => `${id}:${JSON.stringify(value)}\n`
const textRow = (id: string, text: string) => `${id}:T${Buffer.byteLength(text).toString(16)},${text}`
const styleElement = (key: string, href: string, row: string) => [
  '$',
  'style',
  key,
  { nonce: NONCE, precedence: 'next', href, children: `$${row}` },
]

/** A string in a script as Next writes it: JSON with <, >, & and the line separators escaped. */
const scriptString = (text: string) =>
  JSON.stringify(text).replace(/[&<>\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
const dataScript = (piece: string) => `<script nonce="${NONCE}">self.__next_f.push([1,${scriptString(piece)}])</script>`

/** The page data cut into script pieces at the given places, as Next's stream cuts it. */
function dataScripts(data: string, cuts: number[]): string {
  const ends = [...cuts, data.length]
  return ends.map((end, index) => dataScript(data.slice(index === 0 ? 0 : ends[index - 1], end))).join('')
}

/** The page data of a document: every string piece joined. */
function dataOf(html: string): string {
  return [...html.matchAll(/self\.__next_f\.push\((\[1,"(?:[^"\\]|\\.)*"\])\)/g)]
    .map((match) => (JSON.parse(match[1]) as [number, string])[1])
    .join('')
}

const DATA_ROWS = {
  fragment: jsonRow('1', '$Sreact.fragment'),
  site: textRow('7', siteCss),
  forms: textRow('8', formsCss),
  layout: jsonRow('6', [
    styleElement('0', SITE_CSS, '7'),
    styleElement('1', FORMS_CSS, '8'),
    ['$', 'p', null, { children: 'Title searches </script> in every county & more' }],
  ]),
  page: jsonRow('0', { P: null, b: 'build', c: ['', ''] }),
}
const DATA = Object.values(DATA_ROWS).join('')

function page({ styleHrefs = [SITE_CSS, FORMS_CSS], data = DATA, cuts = [] as number[] } = {}) {
  return [
    '<!DOCTYPE html><html lang="en"><head>',
    `<style data-precedence="next" data-href="${styleHrefs.join(' ')}">${siteCss}${formsCss}</style>`,
    `<script nonce="${NONCE}">(self.__next_f=self.__next_f||[]).push([0])</script>`,
    '</head><body><main><p>Title searches in every county</p></main>',
    dataScripts(data, cuts),
    '</body></html>',
  ].join('')
}

describe("the router's copy of the page without the CSS the document carries", () => {
  it('empties the text rows of every stylesheet the document carries and leaves every other row as it was', () => {
    const result = withoutRouterCopyOfCss(page())
    const data = dataOf(result)
    expect(data).toBe([DATA_ROWS.fragment, '7:T0,', '8:T0,', DATA_ROWS.layout, DATA_ROWS.page].join(''))
    // Each sheet's text is in the document once: in its <style>, which is untouched.
    expect(result.split(siteCss).length - 1).toBe(1)
    expect(result.split(formsCss).length - 1).toBe(1)
    expect(result).toContain(`${siteCss}${formsCss}</style>`)
    expect(result.length).toBeLessThan(page().length - siteCss.length - formsCss.length)
  })

  it('finds a row cut across script pieces, in its header or its text, and counts its length in bytes', () => {
    const siteStart = DATA.indexOf('7:T')
    for (const cuts of [
      [siteStart + 2],
      [siteStart + 5, siteStart + 40],
      [DATA.indexOf('é'), DATA.indexOf('🏠') + 2, DATA.indexOf('8:T') + 100],
    ]) {
      const result = withoutRouterCopyOfCss(page({ cuts }))
      expect(dataOf(result), String(cuts)).toBe(
        [DATA_ROWS.fragment, '7:T0,', '8:T0,', DATA_ROWS.layout, DATA_ROWS.page].join(''),
      )
    }
  })

  it('keeps the text of a stylesheet the document does not carry (linked, or in no <style>)', () => {
    const data = DATA.replace(`"href":"${FORMS_CSS}"`, `"href":"${CHAT_CSS}"`)
    const result = withoutRouterCopyOfCss(page({ data, styleHrefs: [SITE_CSS] }))
    expect(dataOf(result)).toContain(DATA_ROWS.forms)
    expect(dataOf(result)).toContain('7:T0,')
  })

  it('writes each piece it changed as Next does (nonce kept, < > & escaped) and leaves the others byte for byte', () => {
    const cuts = [DATA.indexOf('6:[')]
    const before = page({ cuts })
    const result = withoutRouterCopyOfCss(before)
    const pieces = (html: string) =>
      html.match(/<script nonce="M{32}">self\.__next_f\.push\(\[1,"(?:[^"\\]|\\.)*"\]\)<\/script>/g)
    const [firstBefore, secondBefore] = pieces(before)!
    const [firstAfter, secondAfter] = pieces(result)!
    expect(firstAfter).not.toBe(firstBefore)
    expect(secondAfter).toBe(secondBefore)
    expect(secondAfter).toContain('\\u003c/script\\u003e')
    expect(result.match(/<\/script>/g)!.length).toBe(before.match(/<\/script>/g)!.length)
  })

  it('leaves the page as Next wrote it when the data does not read as rows', () => {
    const wrongLength = DATA.replace(/7:T[0-9a-f]+,/, '7:Tfffff,')
    expect(withoutRouterCopyOfCss(page({ data: wrongLength }))).toBe(page({ data: wrongLength }))
    const notRows = DATA.replace('6:[', '6 [')
    expect(withoutRouterCopyOfCss(page({ data: notRows }))).toBe(page({ data: notRows }))
    const noStyle = page().replace(/ data-href="[^"]*"/, '')
    expect(withoutRouterCopyOfCss(noStyle)).toBe(noStyle)
    const broken = page().replace('self.__next_f.push([1,"', 'self.__next_f.push([1,"\\x')
    expect(withoutRouterCopyOfCss(broken)).toBe(broken)
    // Bytes sent as base64 are part of the same data, in a piece this does not read.
    const withBytes = page().replace(
      '</body>',
      `<script nonce="${NONCE}">self.__next_f.push([3,"AAEC"])</script></body>`,
    )
    expect(withoutRouterCopyOfCss(withBytes)).toBe(withBytes)
  })

  it('empties a row once when two elements name it', () => {
    const data = DATA.replace(
      DATA_ROWS.layout,
      jsonRow('6', [
        styleElement('0', SITE_CSS, '7'),
        styleElement('1', SITE_CSS, '7'),
        styleElement('2', FORMS_CSS, '8'),
      ]),
    )
    const result = dataOf(withoutRouterCopyOfCss(page({ data })))
    expect(result.startsWith([DATA_ROWS.fragment, '7:T0,', '8:T0,'].join(''))).toBe(true)
    expect(result).toContain(DATA_ROWS.page)
  })

  it('leaves a page with nothing to take out unchanged, and taking out twice is taking out once', () => {
    const noCss = DATA_ROWS.fragment + DATA_ROWS.page
    expect(withoutRouterCopyOfCss(page({ data: noCss }))).toBe(page({ data: noCss }))
    const once = withoutRouterCopyOfCss(page())
    expect(withoutRouterCopyOfCss(once)).toBe(once)
  })
})
