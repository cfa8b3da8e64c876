import type { Payload } from 'payload'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CTA_TRAIL_LABEL, menuUsesOf } from '@/content/menus/menuLinks'
import { database, sql } from '@/platform/sql'
import { startTestPayload } from '../support/payload'

let payload: Payload
let cleanup: () => Promise<void>

beforeAll(async () => {
  ;({ payload, cleanup } = await startTestPayload())
})
afterAll(() => cleanup?.())

let pageCount = 0
async function newPage(title: string): Promise<number> {
  const page = await payload.create({
    collection: 'pages',
    data: {
      title,
      slug: `menu-page-${++pageCount}`,
      _status: 'published',
      layout: [{ blockType: 'countyList', counties: [{ name: 'Franklin' }] }],
    },
  })
  return page.id
}

const pageLink = (label: string, page: number) => ({ link: { label, kind: 'page' as const, page } })
const urlLink = (label: string, url: string) => ({ link: { label, kind: 'url' as const, url } })

const readHeader = () => payload.findGlobal({ slug: 'header', depth: 0 })
const readFooter = () => payload.findGlobal({ slug: 'footer', depth: 0 })
const labels = (rows: { link?: { label?: string | null } | null }[] | null | undefined) =>
  (rows ?? []).map((row) => row.link?.label)

let doomed: number
let kept: number
let other: number

beforeEach(async () => {
  doomed = await newPage('Lien search')
  kept = await newPage('About')
  other = await newPage('Services')
  await payload.updateGlobal({
    slug: 'header',
    data: {
      items: [
        {
          ...pageLink('Services', other),
          columns: [
            { heading: 'Searches', links: [pageLink('Title', kept), pageLink('Lien', doomed), pageLink('Tax', kept)] },
          ],
        },
        pageLink('Liens', doomed),
        { ...pageLink('Research', doomed), columns: [{ heading: 'More', links: [pageLink('About us', kept)] }] },
        urlLink('Blog', 'https://example.com/blog'),
      ],
      cta: { show: true, link: { label: 'Order', kind: 'page', page: doomed } },
    },
  })
  await payload.updateGlobal({
    slug: 'footer',
    data: {
      columns: [
        { heading: 'Services', links: [pageLink('Lien search', doomed)] },
        {
          heading: 'Company',
          links: [pageLink('About', kept), pageLink('Liens', doomed), urlLink('Call', 'tel:+16145550142')],
        },
      ],
    },
  })
})

describe('where a page is used in the menus', () => {
  it('finds header columns, footer columns and the header call to action', async () => {
    const uses = menuUsesOf(await readHeader(), await readFooter(), doomed)
    expect(uses.map((use) => [use.menu, ...use.trail].join(' › '))).toEqual([
      'Header › Services › Lien',
      'Header › Liens',
      'Header › Research',
      `Header › ${CTA_TRAIL_LABEL} › Order`,
      'Footer › Services › Lien search',
      'Footer › Company › Liens',
    ])
  })

  it('finds nothing for a page no menu links to', async () => {
    expect(menuUsesOf(await readHeader(), await readFooter(), await newPage('Unlinked'))).toEqual([])
  })
})

describe('deleting a page used in the menus', () => {
  it('removes its header and footer rows and keeps the others in order', async () => {
    await payload.delete({ collection: 'pages', id: doomed })
    const header = await readHeader()
    expect(labels(header.items)).toEqual(['Services', 'Research', 'Blog'])
    expect(labels(header.items?.[0].columns?.[0].links)).toEqual(['Title', 'Tax'])
    const footer = await readFooter()
    expect(footer.columns?.map((column) => column.heading)).toEqual(['Services', 'Company'])
    expect(labels(footer.columns?.[0].links)).toEqual([])
    expect(labels(footer.columns?.[1].links)).toEqual(['About', 'Call'])
    expect(menuUsesOf(header, footer, kept)).toHaveLength(4)
  })

  it('keeps a top-level entry with columns as a heading without a link, and hides a call to action', async () => {
    await payload.delete({ collection: 'pages', id: doomed })
    const header = await readHeader()
    const research = header.items?.find((item) => item.link?.label === 'Research')
    expect(research?.link?.page ?? null).toBeNull()
    expect(labels(research?.columns?.[0].links)).toEqual(['About us'])
    expect(header.cta?.show).toBe(false)
    expect(header.cta?.link?.page ?? null).toBeNull()
  })

  it('leaves menus that can be saved again unchanged', async () => {
    await payload.delete({ collection: 'pages', id: doomed })
    const header = await readHeader()
    const footer = await readFooter()
    await expect(payload.updateGlobal({ slug: 'header', data: header })).resolves.toBeTruthy()
    await expect(payload.updateGlobal({ slug: 'footer', data: footer })).resolves.toBeTruthy()
    expect(labels((await readFooter()).columns?.[1].links)).toEqual(['About', 'Call'])
  })
})

describe('saving a menu that holds a page that is gone', () => {
  it('succeeds without the footer link to the missing page', async () => {
    const missing = 999_999
    await payload.updateGlobal({
      slug: 'footer',
      data: { columns: [{ heading: 'Company', links: [pageLink('Gone', missing), pageLink('About', kept)] }] },
    })
    expect(labels((await readFooter()).columns?.[0].links)).toEqual(['About'])
  })

  it('succeeds without a footer row a deletion left without its page', async () => {
    // Rows emptied by a deletion made before the clean-up existed: the database set their page to null.
    await database(payload).run(sql`UPDATE footer_columns_links SET link_page_id = NULL WHERE link_page_id = ${doomed}`)
    const footer = await readFooter()
    await payload.updateGlobal({ slug: 'footer', data: footer })
    expect(labels((await readFooter()).columns?.[1].links)).toEqual(['About', 'Call'])
  })

  it('succeeds without header entries a deletion left without their page, hiding the call to action', async () => {
    const db = database(payload)
    await db.run(sql`UPDATE header_items SET link_page_id = NULL WHERE link_page_id = ${doomed}`)
    await db.run(sql`UPDATE header_items_columns_links SET link_page_id = NULL WHERE link_page_id = ${doomed}`)
    await db.run(sql`UPDATE header SET cta_link_page_id = NULL WHERE cta_link_page_id = ${doomed}`)
    await payload.updateGlobal({ slug: 'header', data: await readHeader() })
    const header = await readHeader()
    expect(labels(header.items)).toEqual(['Services', 'Research', 'Blog'])
    expect(labels(header.items?.[0].columns?.[0].links)).toEqual(['Title', 'Tax'])
    expect(header.cta?.show).toBe(false)
  })

  it('still refuses a new row whose page was never chosen', async () => {
    const footer = await readFooter()
    const columns = footer.columns ?? []
    columns[1].links = [...(columns[1].links ?? []), { link: { label: 'New', kind: 'page', page: null } }]
    await expect(payload.updateGlobal({ slug: 'footer', data: { ...footer, columns } })).rejects.toThrow(/Page/)
  })
})
