import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HEADING_STYLE_STATE_KEY } from '@/blocks/RichText/headingStyle'
import { pageBlocks } from '@/blocks/configs'
import { seedIfEmpty } from '@/setup/seed'
import { CONTACT_FORM_ID } from '@/setup/seed/content/forms'
import { ELEMENTS_GUIDE_PATH } from '@/setup/seed/content/pages'
import { startTestPayload } from '../support/payload'

let payload: Payload
let cleanup: () => Promise<void>

beforeAll(async () => {
  ;({ payload, cleanup } = await startTestPayload())
  await seedIfEmpty(payload)
})
afterAll(() => cleanup?.())

type Node = { type?: string; children?: Node[]; $?: Record<string, unknown>; relationTo?: string }
const walk = (node: Node): Node[] => [node, ...(node.children ?? []).flatMap(walk)]

async function guidePage() {
  const { docs } = await payload.find({
    collection: 'pages',
    where: { path: { equals: ELEMENTS_GUIDE_PATH } },
    overrideAccess: false,
    depth: 1,
  })
  expect(docs).toHaveLength(1)
  return docs[0]
}

describe('the seeded page holding every page element', () => {
  it('is published and uses every block an editor can place', async () => {
    const page = await guidePage()
    expect(page._status).toBe('published')
    const used = new Set(page.layout.map((block) => block.blockType))
    expect([...used].sort()).toEqual(pageBlocks.map((block) => block.slug).sort())
  })

  it('has rich text with a table, an image and heading-style text', async () => {
    const page = await guidePage()
    const nodes = page.layout
      .flatMap((block) => (block.blockType === 'richText' ? [block.content.root as unknown as Node] : []))
      .flatMap(walk)
    expect(nodes.some((node) => node.type === 'table')).toBe(true)
    expect(nodes.some((node) => node.type === 'upload' && node.relationTo === 'media')).toBe(true)
    expect(nodes.some((node) => node.type === 'text' && node.$?.[HEADING_STYLE_STATE_KEY])).toBe(true)
  })

  it('holds the contact form, whose fields include a checkbox and a radio group', async () => {
    const page = await guidePage()
    const block = page.layout.find((item) => item.blockType === 'contactForm')
    const form = block?.blockType === 'contactForm' && typeof block.form === 'object' ? block.form : null
    expect(form?.id).toBe(CONTACT_FORM_ID)
    const types = form?.fields.map((field) => field.blockType) ?? []
    expect(types).toEqual(expect.arrayContaining(['checkbox', 'radio', 'select', 'textarea']))
  })

  it('is linked from the footer', async () => {
    const page = await guidePage()
    const footer = await payload.findGlobal({ slug: 'footer', depth: 1 })
    const linked = footer.columns?.flatMap((column) =>
      (column.links ?? []).map((entry) => {
        const target = entry.link?.page
        return typeof target === 'object' && target ? target.id : target
      }),
    )
    expect(linked).toContain(page.id)
  })
})
