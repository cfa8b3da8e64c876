/** Longest summary a block's row in the admin shows; longer text ends with an ellipsis. */
export const BLOCK_SUMMARY_MAX_CHARS = 60

/** What each block type is called in the admin's block rows (as its picker names it). */
export const BLOCK_TYPE_NAMES: Record<string, string> = {
  hero: 'Hero',
  richText: 'Rich Text',
  image: 'Image',
  gallery: 'Image gallery',
  video: 'Video',
  columns: 'Columns',
  faq: 'FAQ accordion',
  stats: 'Stats with progress counters',
  pricingTable: 'Pricing Table',
  testimonials: 'Testimonials carousel',
  callToAction: 'Call To Action',
  contactForm: 'Contact Form',
  countyList: 'County List',
  latestPosts: 'Latest posts',
}

type Row = Record<string, unknown>

const text = (value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '')

/** The words of a rich text value (Lexical's JSON), in order (up to a summary's length). */
export function richTextWords(value: unknown): string {
  const words: string[] = []
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object' || words.join(' ').length > BLOCK_SUMMARY_MAX_CHARS) return
    const { text: own, children, root } = node as { text?: unknown; children?: unknown; root?: unknown }
    if (typeof own === 'string') words.push(own)
    if (root) walk(root)
    if (Array.isArray(children)) children.forEach(walk)
  }
  walk(value)
  return text(words.join(' '))
}

/** The first item of a list field, by the field that names it. */
const firstOf = (rows: unknown, field: string) =>
  Array.isArray(rows) ? text((rows[0] as Row | undefined)?.[field]) : ''

/** The file name of an upload field's value, when the admin has the upload itself at hand. */
const uploadName = (value: unknown) =>
  value && typeof value === 'object' ? text((value as Row).alt) || text((value as Row).filename) : ''

/**
 * What a block's row says it holds, so an editor finds it in a long page without opening each:
 * its heading, else its first words (rich text, the first question, quote or row, a video's
 * title, an image's caption or description, the first column's text).
 */
export function blockSummary(row: Row | undefined): string {
  if (!row) return ''
  const found =
    text(row.heading) ||
    text(row.title) ||
    text(row.caption) ||
    text(row.alt) ||
    richTextWords(row.content) ||
    firstOf(row.images, 'caption') ||
    (Array.isArray(row.columns) ? richTextWords((row.columns[0] as Row | undefined)?.content) : '') ||
    uploadName(row.image) ||
    firstOf(row.items, 'question') ||
    firstOf(row.items, 'label') ||
    firstOf(row.items, 'quote') ||
    firstOf(row.rows, 'service') ||
    firstOf(row.counties, 'name') ||
    text(row.text) ||
    text(row.intro)
  return found.length > BLOCK_SUMMARY_MAX_CHARS ? `${found.slice(0, BLOCK_SUMMARY_MAX_CHARS - 1).trimEnd()}…` : found
}
