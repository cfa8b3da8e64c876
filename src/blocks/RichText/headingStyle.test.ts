import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { HEADING_STYLE_STATE_KEY, headingStyleOf, paragraphHeadingStyle } from './headingStyle'
import { RichTextContent } from './RichTextContent'

const text = (value: string, style?: string) => ({
  type: 'text',
  text: value,
  format: 0,
  detail: 0,
  mode: 'normal',
  style: '',
  version: 1,
  ...(style ? { $: { [HEADING_STYLE_STATE_KEY]: style } } : {}),
})
const paragraph = (...children: Record<string, unknown>[]) => ({
  type: 'paragraph',
  children,
  direction: 'ltr',
  format: '',
  indent: 0,
  version: 1,
})
const render = (...children: Record<string, unknown>[]) =>
  renderToStaticMarkup(
    createElement(RichTextContent, {
      data: {
        root: { type: 'root', children, direction: 'ltr', format: '', indent: 0, version: 1 },
      } as unknown as SerializedEditorState,
    }),
  )

describe('heading style in rich text', () => {
  it('reads only the six heading levels from a text node', () => {
    expect(headingStyleOf(text('a', 'h3'))).toBe('h3')
    expect(headingStyleOf(text('a'))).toBeNull()
    expect(headingStyleOf(text('a', 'h7'))).toBeNull()
    expect(headingStyleOf({ $: { [HEADING_STYLE_STATE_KEY]: '<script>' } })).toBeNull()
    expect(headingStyleOf({ $: 'h2' })).toBeNull()
  })

  it('gives a paragraph a style only when all its text shares it', () => {
    expect(paragraphHeadingStyle([text('a', 'h2'), text('b', 'h2')])).toBe('h2')
    expect(paragraphHeadingStyle([text('a', 'h2'), text('b')])).toBeNull()
    expect(paragraphHeadingStyle([text('a', 'h2'), text('b', 'h4')])).toBeNull()
    expect(paragraphHeadingStyle([])).toBeNull()
  })

  it('renders a paragraph in one heading style as a paragraph with that class, not a heading', () => {
    const html = render(paragraph(text('Questions to ask', 'h2')))
    expect(html).toContain('<p class="h2">Questions to ask</p>')
    expect(html).not.toMatch(/<h\d/)
  })

  it('renders a styled run inside other text as a span with the class', () => {
    const html = render(paragraph(text('Fee: '), text('$225', 'h3'), text(' per parcel')))
    expect(html).toContain('<p>Fee: <span class="h3">$225</span> per parcel</p>')
  })

  it('keeps bold and italic inside a styled run', () => {
    const html = render(paragraph(text('Plain '), { ...text('strong', 'h4'), format: 1 }))
    expect(html).toContain('<span class="h4"><strong>strong</strong></span>')
  })

  it('leaves text without a heading style as it was', () => {
    expect(render(paragraph(text('Just a sentence.')))).toContain('<p>Just a sentence.</p>')
  })
})
