import type { Block } from 'payload'
import { describe, expect, it } from 'vitest'
import { pageBlocks } from '@/blocks/configs'
import { FaqBlock } from '@/blocks/Faq/config'
import { notSearchText } from '@/content/fields/searchText'
import { richText, p, h, table } from '@/setup/seed/lexical'
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

describe('page text read from the block configs', () => {
  const timeline: Block = {
    slug: 'timeline',
    fields: [
      { name: 'title', type: 'text' },
      {
        name: 'milestones',
        type: 'array',
        fields: [
          { name: 'year', type: 'number' },
          { name: 'event', type: 'textarea' },
          { name: 'details', type: 'group', fields: [{ name: 'source', type: 'text' }] },
          { name: 'kind', type: 'select', options: ['deed', 'plat'] },
          { name: 'link', type: 'text', ...notSearchText },
        ],
      },
      { type: 'tabs', tabs: [{ label: 'More', fields: [{ name: 'summary', type: 'richText' }] }] },
    ],
  }

  it("finds the text of a new block's text, textarea, group and rich-text fields without a change to search", () => {
    const text = pageText(
      [
        {
          blockType: 'timeline',
          title: 'Our history',
          milestones: [
            {
              year: 1987,
              event: 'First abstract office.',
              details: { source: 'County minutes' },
              kind: 'deed',
              link: '/a',
            },
          ],
          summary: richText(p('Thirty years of searches.')),
        },
      ],
      [...pageBlocks, timeline],
    )
    expect(text).toBe('Our history First abstract office. County minutes Thirty years of searches.')
  })

  it('leaves out a block whose config it does not know', () => {
    expect(pageText([{ blockType: 'timeline', title: 'Our history' }])).toBe('')
  })

  it('leaves out the row ids and block names Payload adds as hidden fields', () => {
    const faqWithBaseFields: Block = {
      ...FaqBlock,
      fields: [
        { name: 'id', type: 'text', admin: { hidden: true } },
        { name: 'blockName', type: 'text', admin: { disabled: true } },
        ...FaqBlock.fields,
      ],
    }
    const text = pageText(
      [{ blockType: 'faq', id: '6b05', blockName: 'Questions', heading: 'Ask us', items: [] }],
      [faqWithBaseFields],
    )
    expect(text).toBe('Ask us')
  })
})
