import { createLocalReq, type Payload, ValidationError } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DRAFT_TITLE_MESSAGE, duplicateAddressMessage, slugifyTitle } from '@/content/collections/pageAddress'
import { database, sql } from '@/platform/sql'
import { startTestPayload } from '../support/payload'

let payload: Payload
let cleanup: () => Promise<void>

beforeAll(async () => {
  ;({ payload, cleanup } = await startTestPayload())
})
afterAll(() => cleanup?.())

const layout = [{ blockType: 'hero', heading: 'Heading' }]

async function createPage(data: Record<string, unknown>, draft = false) {
  return payload.create({ collection: 'pages', data: { layout, ...data } as never, draft })
}

/** The field paths and messages of the ValidationError the call was refused with. */
async function refusal(attempt: Promise<unknown>) {
  const error = await attempt.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(ValidationError)
  return (error as ValidationError).data.errors.map(({ path, message }) => ({ path, message }))
}

describe('errors on pages, said on the field at fault', () => {
  it('refuses a draft with no title, on the title', async () => {
    expect(await refusal(createPage({}, true))).toEqual([{ path: 'title', message: DRAFT_TITLE_MESSAGE }])
    expect(await refusal(createPage({ title: '   ' }, true))).toEqual([{ path: 'title', message: DRAFT_TITLE_MESSAGE }])
    expect((await payload.count({ collection: 'pages' })).totalDocs).toBe(0)
  })

  it('refuses a second page at the same address, on the slug', async () => {
    await createPage({ title: 'Fees', slug: 'fees', _status: 'published' })
    expect(await refusal(createPage({ title: 'Other fees', slug: 'fees', _status: 'published' }))).toEqual([
      { path: 'slug', message: duplicateAddressMessage('/fees') },
    ])
    expect(await refusal(createPage({ title: 'Draft fees', slug: 'fees' }, true))).toEqual([
      { path: 'slug', message: duplicateAddressMessage('/fees') },
    ])
  })

  it('refuses a rename onto the address of another page', async () => {
    const page = await createPage({ title: 'Closing', slug: 'closing', _status: 'published' })
    await createPage({ title: 'Escrow', slug: 'escrow', _status: 'published' })
    expect(await refusal(payload.update({ collection: 'pages', id: page.id, data: { slug: 'escrow' } }))).toEqual([
      { path: 'slug', message: duplicateAddressMessage('/escrow') },
    ])
    // Saving a page again at its own address is no conflict.
    const saved = await payload.update({ collection: 'pages', id: page.id, data: { title: 'Closing day' } })
    expect(saved.path).toBe('/closing')
  })

  it("says the clash in the slug's own check, the one the admin's form runs as the editor types", async () => {
    const parent = await createPage({ title: 'Guides', slug: 'guides', _status: 'published' })
    const taken = await createPage({ title: 'Deeds', slug: 'deeds', parent: parent.id, _status: 'published' })
    const editing = await createPage({ title: 'Liens', slug: 'liens', _status: 'published' })
    const slug = payload.collections.pages.config.flattenedFields.find((field) => field.name === 'slug')
    const req = await createLocalReq({}, payload)
    const check = (value: string, data: Record<string, unknown>, id?: number | string) =>
      (slug as { validate: (value: string, options: object) => Promise<string | true> }).validate(value, {
        data,
        id,
        req,
      })
    // The address is made with the parent the form holds, as the save would make it.
    expect(await check('deeds', { parent: parent.id }, editing.id)).toBe(duplicateAddressMessage('/guides/deeds'))
    expect(await check('deeds', { parent: null }, editing.id)).toBe(true)
    // The page at the address may keep it, and a slug out of pattern is said before any address.
    expect(await check('deeds', { parent: parent.id }, taken.id)).toBe(true)
    expect(await check('Deeds!', { parent: parent.id }, editing.id)).toMatch(/lower-case/)
  })

  it('lets pages under different parents share a slug', async () => {
    const buyers = await createPage({ title: 'Buyers', slug: 'buyers', _status: 'published' })
    const sellers = await createPage({ title: 'Sellers', slug: 'sellers', _status: 'published' })
    const first = await createPage({ title: 'Costs', slug: 'costs', parent: buyers.id, _status: 'published' })
    const second = await createPage({ title: 'Costs', slug: 'costs', parent: sellers.id, _status: 'published' })
    expect([first.path, second.path]).toEqual(['/buyers/costs', '/sellers/costs'])
  })

  it('makes the slug from the title when none is given', async () => {
    const page = await createPage({ title: 'Title Search: FAQ’s & Fees' }, true)
    expect(page.slug).toBe('title-search-faqs-fees')
    expect(page.path).toBe('/title-search-faqs-fees')
  })

  it('keeps the slug an editor gave, and "home" for the home page', async () => {
    expect((await createPage({ title: 'About us', slug: 'who-we-are' }, true)).slug).toBe('who-we-are')
    const home = await createPage({ title: 'Welcome', slug: 'home', _status: 'published' })
    expect([home.slug, home.path]).toEqual(['home', '/'])
  })

  it('never changes the slug of a saved page when its title changes', async () => {
    const page = await createPage({ title: 'Recording', slug: 'recording', _status: 'published' })
    // Rows that were there before the slug field had its checkbox start with it on (the column's default).
    await database(payload).run(sql`UPDATE pages SET generate_slug = true WHERE id = ${page.id}`)
    await database(payload).run(sql`UPDATE _pages_v SET version_generate_slug = true WHERE parent_id = ${page.id}`)
    const renamed = await payload.update({ collection: 'pages', id: page.id, data: { title: 'Deed recording' } })
    expect([renamed.slug, renamed.path]).toEqual(['recording', '/recording'])
  })
})

describe('slugs from titles', () => {
  it.each([
    ['Title Search: FAQ’s & Fees', 'title-search-faqs-fees'],
    ['  Résumé   of  Café Owners ', 'resume-of-cafe-owners'],
    ["Don't -- stop", 'dont-stop'],
    ['2026 Rates!', '2026-rates'],
    ['¿¡!?', ''],
  ])('turns %j into %j', (title, slug) => {
    expect(slugifyTitle(title)).toBe(slug)
  })
})
