import { describe, expect, it } from 'vitest'
import { BLOCK_SUMMARY_MAX_CHARS, BLOCK_TYPE_NAMES, blockSummary } from './blockSummary'
import { pageBlocks } from './configs'
import { blockThumbnail } from './thumbnails'

const paragraph = (words: string) => ({ type: 'paragraph', children: [{ type: 'text', text: words }] })

describe('what a block row says it holds', () => {
  it('is the block’s heading when it has one', () => {
    expect(blockSummary({ blockType: 'hero', heading: '  Clear titles,\n fast ' })).toBe('Clear titles, fast')
  })

  it('is the first words of rich text, the first question or the first row when there is no heading', () => {
    const content = { root: { type: 'root', children: [paragraph('A title search'), paragraph('looks back')] } }
    expect(blockSummary({ blockType: 'richText', content })).toBe('A title search looks back')
    expect(blockSummary({ blockType: 'faq', items: [{ question: 'How long?', answer: 'Days.' }] })).toBe('How long?')
    expect(blockSummary({ blockType: 'pricingTable', rows: [{ service: 'Full search' }] })).toBe('Full search')
    expect(blockSummary({ blockType: 'testimonials', items: [{ quote: 'Quick work.', name: 'Ann' }] })).toBe(
      'Quick work.',
    )
  })

  it('is a video’s title, an image’s caption or description, a gallery’s first caption, the first column’s words', () => {
    expect(blockSummary({ blockType: 'video', title: 'Our process', caption: 'Two minutes' })).toBe('Our process')
    expect(blockSummary({ blockType: 'image', caption: 'Lot 12', image: { alt: 'A plat' } })).toBe('Lot 12')
    expect(blockSummary({ blockType: 'image', image: { alt: 'A plat', filename: 'plat.png' } })).toBe('A plat')
    expect(blockSummary({ blockType: 'image', alt: 'Lot 12 outlined', image: 7 })).toBe('Lot 12 outlined')
    expect(blockSummary({ blockType: 'gallery', images: [{ image: 7, caption: 'Deeds' }] })).toBe('Deeds')
    const content = { root: { type: 'root', children: [paragraph('The recorder')] } }
    expect(blockSummary({ blockType: 'columns', columns: [{ content }, {}] })).toBe('The recorder')
  })

  it('is cut with an ellipsis past its length, and empty for an empty block', () => {
    const long = blockSummary({ heading: 'word '.repeat(40) })
    expect(long.length).toBeLessThanOrEqual(BLOCK_SUMMARY_MAX_CHARS)
    expect(long.endsWith('…')).toBe(true)
    expect(blockSummary({ blockType: 'hero' })).toBe('')
    expect(blockSummary(undefined)).toBe('')
  })

  it('names every block type an editor can place', () => {
    for (const block of pageBlocks) expect(BLOCK_TYPE_NAMES[block.slug], block.slug).toBeTruthy()
  })

  it('draws every block type for the block picker, as an SVG data URL', () => {
    for (const block of pageBlocks) {
      const url = blockThumbnail(block.slug)
      expect(url, block.slug).toMatch(/^data:image\/svg\+xml,/)
      expect(decodeURIComponent(url!.slice(url!.indexOf(',') + 1))).toMatch(/^<svg [^>]*viewBox="0 0 480 320"/)
    }
    expect(blockThumbnail('nope')).toBeUndefined()
  })
})
