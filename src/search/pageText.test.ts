import { describe, expect, it } from 'vitest'
import { richText, p, h, table } from '@/cms/seed/lexical'
import { pageText } from './pageText'

describe('page text for search', () => {
  it('reads block headings, rich text, FAQ answers and table cells', () => {
    const text = pageText([
      { blockType: 'hero', heading: 'Full title search', text: 'Forty years back.', anchorId: 'intro' },
      {
        blockType: 'richText',
        content: richText(h(2, 'Chain of title'), p('Each deed, in order.'), table([['Fee'], ['$175']])),
      },
      { blockType: 'faq', items: [{ question: 'Why 40 years?', answer: 'The Marketable Title Act.', anchor: 'why' }] },
    ])
    for (const part of [
      'Full title search',
      'Forty years back.',
      'Chain of title',
      'Each deed',
      '$175',
      'Why 40 years?',
      'Marketable Title Act',
    ]) {
      expect(text).toContain(part)
    }
  })

  it('leaves out ids, anchors, block types and link targets', () => {
    const text = pageText([
      {
        id: 'abc123',
        blockType: 'callToAction',
        anchorId: 'order',
        link: { url: 'https://example.com/x', label: 'Order' },
      },
    ])
    expect(text).toBe('Order')
  })
})
