import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedIfEmpty } from '@/setup/seed'
import { ELEMENTS_GUIDE_PATH } from '@/setup/seed/content/pages'
import { pageText } from '@/search/pageText'
import { parseSearchQuery } from '@/search/query'
import { searchPublishedPages } from '@/search/searchPages'
import { startTestPayload } from '../support/payload'

let payload: Payload
let cleanup: () => Promise<void>
const textByPath = new Map<string, string>()

beforeAll(async () => {
  ;({ payload, cleanup } = await startTestPayload())
  await seedIfEmpty(payload)
  const { docs } = await payload.find({ collection: 'pages', limit: 0, depth: 0, draft: false })
  for (const doc of docs) textByPath.set(doc.path ?? '/', pageText(doc.layout))
})
afterAll(() => cleanup?.())

async function pathsFound(phrase: string): Promise<string[]> {
  const parsed = parseSearchQuery(phrase)
  if (!parsed.ok || !parsed.query) throw new Error(`not a search: ${phrase}`)
  return (await searchPublishedPages(payload, parsed.query, 100)).map((result) => result.path)
}

const GUIDE = ELEMENTS_GUIDE_PATH

/** For every block type of the seed and each kind of text it holds, a phrase found only there. */
const SEEDED_PHRASES = [
  { block: 'hero', field: 'heading', path: '/', phrase: 'done carefully and delivered on time' },
  { block: 'hero', field: 'text', path: '/services', phrase: 'the narrowest search that answers your question' },
  { block: 'hero', field: 'action label', path: '/pricing', phrase: 'Compare services' },
  { block: 'richText', field: 'paragraph', path: '/', phrase: 'we read the documents themselves' },
  { block: 'richText', field: 'table cell', path: '/pricing', phrase: 'Same-day rush' },
  { block: 'faq', field: 'question', path: '/faq', phrase: 'Why does a lender or buyer need one?' },
  { block: 'faq', field: 'answer', path: '/faq', phrase: 'An old unreleased mortgage' },
  { block: 'stats', field: 'label', path: '/', phrase: 'Orders placed by returning clients' },
  { block: 'stats', field: 'description', path: '/', phrase: 'from Adams to Wyandot, online or at the courthouse' },
  { block: 'pricingTable', field: 'caption', path: '/pricing', phrase: 'Price and usual turnaround for each' },
  { block: 'pricingTable', field: 'service', path: '/pricing', phrase: 'Commercial full search' },
  { block: 'pricingTable', field: 'includes', path: '/pricing', phrase: 'Brings one of our own earlier reports' },
  { block: 'pricingTable', field: 'turnaround', path: '/pricing', phrase: 'Same day to 4 business days' },
  { block: 'pricingTable', field: 'price', path: '/pricing', phrase: 'From $375' },
  { block: 'pricingTable', field: 'note', path: '/pricing', phrase: 'Invoices are due within 30 days' },
  { block: 'testimonials', field: 'quote', path: '/', phrase: 'one surprise away from our closing table' },
  { block: 'testimonials', field: 'name', path: '/', phrase: 'Marcus T.' },
  { block: 'testimonials', field: 'role', path: '/', phrase: 'Closing manager at a community bank' },
  { block: 'callToAction', field: 'heading', path: '/', phrase: 'Have an Ohio property that needs a search?' },
  { block: 'callToAction', field: 'text', path: '/', phrase: 'We reply within one business day' },
  { block: 'callToAction', field: 'link label', path: '/contact', phrase: 'Order a search' },
  { block: 'contactForm', field: 'heading', path: '/contact', phrase: 'Send us your request' },
  { block: 'contactForm', field: 'intro', path: '/contact', phrase: 'Fields marked as required' },
  { block: 'countyList', field: 'heading', path: '/counties', phrase: 'Counties and county seats' },
  { block: 'countyList', field: 'name', path: '/counties', phrase: 'Tuscarawas' },
  { block: 'countyList', field: 'seat', path: '/counties', phrase: 'Wapakoneta' },
  { block: 'columns', field: 'heading', path: GUIDE, phrase: 'Three offices, three kinds of record' },
  { block: 'columns', field: 'column text', path: GUIDE, phrase: 'documents that make up the chain of title' },
  { block: 'gallery', field: 'heading', path: GUIDE, phrase: 'What the records look like' },
  { block: 'gallery', field: 'caption', path: GUIDE, phrase: 'the street and a drainage easement' },
  { block: 'image', field: 'caption', path: GUIDE, phrase: 'reads each plat against the deed' },
  { block: 'video', field: 'title', path: GUIDE, phrase: 'standing in for our own' },
  { block: 'video', field: 'caption', path: GUIDE, phrase: 'with tracking off, only when you press Play' },
]

/**
 * Seeded blocks with no text of their own for a search to find: the Latest posts block shows the
 * posts (each found at its own address) and nothing at all while there is none, as on a fresh site.
 */
const BLOCKS_WITHOUT_TEXT = new Set(['latestPosts'])

describe('search over the seeded site', () => {
  it.each(SEEDED_PHRASES)('finds $path by the $block block’s $field', async ({ path, phrase }) => {
    expect(textByPath.get(path)).toContain(phrase)
    expect(await pathsFound(phrase)).toContain(path)
  })

  it('covers every block type the seed uses', async () => {
    const { docs } = await payload.find({ collection: 'pages', limit: 0, depth: 0, draft: false })
    const seededTypes = new Set(
      docs
        .flatMap((doc) => doc.layout.map((block) => block.blockType))
        .filter((type) => !BLOCKS_WITHOUT_TEXT.has(type)),
    )
    expect(new Set(SEEDED_PHRASES.map((row) => row.block))).toEqual(seededTypes)
  })

  it('does not find a page by its anchor ids, question anchors or row ids', async () => {
    const { docs } = await payload.find({ collection: 'pages', where: { path: { equals: '/' } }, depth: 0 })
    const rowId = docs[0].layout[0].id
    expect(rowId).toEqual(expect.any(String))
    for (const identifier of ['get-started', 'faq-why-needed', rowId!]) {
      expect(await pathsFound(identifier), identifier).toEqual([])
    }
  })
})
