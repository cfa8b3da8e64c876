import type { Payload } from 'payload'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RichTextContent } from '@/blocks/RichText/RichTextContent'
import { UNSAFE_LINK_MESSAGE } from '@/content/fields/safeUrl'
import { saveRefusal, startTestPayload } from '../support/payload'

let payload: Payload
let cleanup: () => Promise<void>

beforeAll(async () => {
  ;({ payload, cleanup } = await startTestPayload())
})
afterAll(() => cleanup?.())

const linkNode = (url: string) => ({
  type: 'link',
  version: 3,
  direction: 'ltr',
  format: '',
  indent: 0,
  fields: { linkType: 'custom', url, newTab: false },
  children: [{ type: 'text', text: 'the link', format: 0, detail: 0, mode: 'normal', style: '', version: 1 }],
})

const richTextWith = (url: string) => ({
  root: {
    type: 'root',
    direction: 'ltr',
    format: '',
    indent: 0,
    version: 1,
    children: [
      {
        type: 'paragraph',
        direction: 'ltr',
        format: '',
        indent: 0,
        version: 1,
        textFormat: 0,
        children: [linkNode(url)],
      },
    ],
  },
})

const pageWithLink = (url: string, slug: string) =>
  payload.create({
    collection: 'pages',
    data: {
      title: 'Link test',
      slug,
      _status: 'published',
      layout: [{ blockType: 'richText', content: richTextWith(url) as never }],
    },
  })

describe('links in rich text', () => {
  it.each([
    'javascript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'java\tscript:alert(1)',
  ])('refuses %j with the reason beside the link field', async (url) => {
    const errors = await saveRefusal(pageWithLink(url, `bad-link-${Math.random().toString(36).slice(2, 8)}`))
    expect(errors.map((error) => error.path).join(' ')).toMatch(/layout\.0\.content/)
    const { totalDocs } = await payload.count({ collection: 'pages', where: { title: { equals: 'Link test' } } })
    expect(totalDocs).toBe(0)
  })

  it.each(['https://example.com/page', 'mailto:hello@example.com', 'tel:+16145550142', '/services', '#faq'])(
    'keeps %j',
    async (url) => {
      const page = await pageWithLink(url, `good-link-${Math.random().toString(36).slice(2, 8)}`)
      await payload.delete({ collection: 'pages', id: page.id })
    },
  )

  it('tells the editor which addresses are allowed', () => {
    expect(UNSAFE_LINK_MESSAGE).toMatch(/javascript:/)
  })

  it('renders a link saved before the check as plain text, never as a live link', () => {
    const html = renderToStaticMarkup(RichTextContent({ data: richTextWith('javascript:alert(1)') as never }))
    expect(html).toContain('the link')
    expect(html).not.toMatch(/<a\b/)
    expect(html).not.toContain('javascript:')
    const safe = renderToStaticMarkup(RichTextContent({ data: richTextWith('https://example.com/') as never }))
    expect(safe).toContain('<a href="https://example.com/">the link</a>')
  })
})
