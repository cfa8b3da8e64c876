/**
 * Small builders for Lexical rich-text JSON, so seed content reads as prose and not as
 * nested editor state.
 */
import type { RichTextBlock } from '@/payload-types'
import { BUSINESS_DETAIL_BLOCK, BUSINESS_DETAILS, type BusinessDetail } from '@/blocks/RichText/businessDetail'
import { HEADING_STYLE_STATE_KEY, type HeadingStyle } from '@/blocks/RichText/headingStyle'
import type { MediaRef } from './refs'

type RichTextValue = RichTextBlock['content']
type LexicalNode = RichTextValue['root']['children'][number]

const textNode = (text: string, format = 0): LexicalNode => ({
  type: 'text',
  text,
  format,
  detail: 0,
  mode: 'normal',
  style: '',
  version: 1,
})

const element = (type: string, children: LexicalNode[], extra: Record<string, unknown> = {}): LexicalNode => ({
  type,
  children,
  direction: 'ltr',
  format: '',
  indent: 0,
  version: 1,
  ...extra,
})

let detailCount = 0

/** A business detail from site settings placed in the text (src/blocks/RichText/businessDetail.ts). */
const businessDetail = (detail: BusinessDetail): LexicalNode => ({
  type: 'inlineBlock',
  version: 1,
  fields: { id: `seed${String(++detailCount).padStart(20, '0')}`, blockType: BUSINESS_DETAIL_BLOCK, detail },
})

const DETAIL_TOKEN = new RegExp(`^\\{(${BUSINESS_DETAILS.join('|')})\\}$`)

/** `**bold**` spans inside a string become bold text; `{phone}`, `{email}`, `{address}`, `{hours}` the settings' details. */
function inline(text: string): LexicalNode[] {
  return text
    .split(/(\*\*[^*]+\*\*|\{\w+\})/)
    .filter(Boolean)
    .map((part) => {
      const detail = DETAIL_TOKEN.exec(part)?.[1] as BusinessDetail | undefined
      if (detail) return businessDetail(detail)
      return part.startsWith('**') ? textNode(part.slice(2, -2), 1) : textNode(part)
    })
}

export const p = (text: string) => element('paragraph', inline(text), { textFormat: 0, textStyle: '' })
/**
 * A paragraph with the typography of a heading level but no place in the outline: the rich-text
 * editor's heading-style state on each of its text runs (see src/blocks/RichText/headingStyle.ts).
 */
export const looksLike = (level: HeadingStyle, text: string) =>
  element(
    'paragraph',
    inline(text).map((run) => ({ ...run, $: { [HEADING_STYLE_STATE_KEY]: level } })),
    { textFormat: 0, textStyle: '' },
  )
export const h = (level: 2 | 3 | 4, text: string) => element('heading', inline(text), { tag: `h${level}` })
export const ul = (items: string[]) =>
  element(
    'list',
    items.map((item, i) => element('listitem', inline(item), { value: i + 1 })),
    { listType: 'bullet', start: 1, tag: 'ul' },
  )
export const ol = (items: string[]) =>
  element(
    'list',
    items.map((item, i) => element('listitem', inline(item), { value: i + 1 })),
    { listType: 'number', start: 1, tag: 'ol' },
  )

/** A table whose first row is the header row. */
export function table(rows: string[][]): LexicalNode {
  return element(
    'table',
    rows.map((row, rowIndex) =>
      element(
        'tablerow',
        row.map((cell) =>
          element('tablecell', [p(cell)], {
            headerState: rowIndex === 0 ? 1 : 0,
            colSpan: 1,
            rowSpan: 1,
            backgroundColor: null,
          }),
        ),
      ),
    ),
  )
}

export function richText(...children: LexicalNode[]): RichTextValue {
  return { root: { type: 'root', children, direction: 'ltr', format: '', indent: 0, version: 1 } }
}

/** An uploaded image; `media` is a media reference that the seed runner resolves to an id. */
export const image = (media: MediaRef, id: string): LexicalNode => ({
  type: 'upload',
  version: 3,
  format: '',
  id,
  fields: null,
  relationTo: 'media',
  value: media,
})
