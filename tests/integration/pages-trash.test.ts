import type { Payload } from 'payload'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PARENT_IN_TRASH_MESSAGE, trashedAddressMessage } from '@/content/collections/pageMessages'
import { readKnownAddresses } from '@/content/knownAddressesLoader'
import { readFooter, readHeader, readPublishedPage, readPublishedPageList } from '@/content/queries'
import { readRedirectLocation } from '@/content/redirects/lookup'
import { PUBLISHED_PAGES_TAG } from '@/content/revalidate'
import { searchPublishedPages } from '@/search/searchPages'
import { parseSearchQuery, TYPEAHEAD_MAX_ITEMS } from '@/search/query'
import { menuModel } from '@/site/menu'
import { hrefOf } from '@/content/fields/linkHref'
import { setUpSuitePayload, SUITE_DATABASES } from '../support/payload'
import { standInPageCacheEachTest } from '../support/pageCache'

let payload: Payload

type Id = number
let made = 0

async function publishPage(title: string, extra: Record<string, unknown> = {}) {
  const slug = `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${++made}`
  return payload.create({
    collection: 'pages',
    data: { title, slug, layout: [{ blockType: 'hero', heading: title }], _status: 'published', ...extra } as never,
  })
}

/** What the admin's Delete does with the trash on: Payload's own trash update. */
const moveToTrash = (id: Id) =>
  payload.update({ collection: 'pages', id, data: { deletedAt: new Date().toISOString() } as never })

/** What the trash view's Restore sends (a draft unless "restore as published" is ticked). */
const restore = (id: Id, status: 'draft' | 'published' = 'draft') =>
  payload.update({
    collection: 'pages',
    where: { id: { equals: id } },
    trash: true,
    data: { deletedAt: null, _status: status } as never,
  })

/** What the trash view's "Delete permanently" does. */
const deleteForGood = (id: Id) => payload.delete({ collection: 'pages', id, trash: true })

const headerHrefs = async () => menuModel(await readHeader(payload)).map((item) => item.href)
const footerHrefs = async () =>
  ((await readFooter(payload)).columns ?? []).flatMap((column) =>
    (column.links ?? []).map((row) => hrefOf(row.link)).filter(Boolean),
  )
const storedFooterPages = async () =>
  ((await payload.findGlobal({ slug: 'footer', depth: 0 })).columns ?? []).flatMap((column) =>
    (column.links ?? []).map((row) => row.link.page),
  )

/** The site search as visitors get it (an edit here clears its index at once). */
async function searchFinds(word: string): Promise<string[]> {
  const parsed = parseSearchQuery(word)
  if (!parsed.ok || !parsed.query) throw new Error(`not a search: ${word}`)
  return (await searchPublishedPages(payload, parsed.query, TYPEAHEAD_MAX_ITEMS)).map((result) => result.path)
}

/** Next's page cache for this process, as a scheduled publish would find it: what it is told is stale. */
let toldStale: string[]
beforeEach(() => {
  toldStale = []
})
standInPageCacheEachTest((tags) => void toldStale.push(...tags))

async function linkFromMenus(pageId: Id) {
  await payload.updateGlobal({
    slug: 'header',
    data: {
      items: [{ link: { label: 'Trashable', kind: 'page', page: pageId } }],
      cta: { show: false, link: { label: 'Order', kind: 'url', url: '/contact' } },
    } as never,
  })
  await payload.updateGlobal({
    slug: 'footer',
    data: { columns: [{ heading: 'Company', links: [{ link: { label: 'Trashable', kind: 'page', page: pageId } }] }] },
  } as never)
}

// Both databases the site runs on: the trash is a column of its own (migration pages_trash).
describe.each(SUITE_DATABASES)('on %s', (database) => {
  const site = setUpSuitePayload(database)
  beforeAll(() => {
    payload = site.payload
  })

  describe('a page moved to the trash', () => {
    it('is off the site at once: its address, the sitemap, the search and the known addresses leave it out', async () => {
      const page = await publishPage('Quiet quokka')
      expect(await readPublishedPage(payload, page.path!)).not.toBeNull()
      await moveToTrash(page.id)
      expect(await readPublishedPage(payload, page.path!)).toBeNull()
      expect((await readPublishedPageList(payload)).map((listed) => listed.path)).not.toContain(page.path)
      expect(await readKnownAddresses(payload)).not.toContain(page.path)
      expect(await searchFinds('quokka')).toEqual([])
    })

    it('is not readable by a visitor through the API, even one who asks for the trash', async () => {
      const page = await publishPage('Withdrawn wombat')
      await moveToTrash(page.id)
      const asVisitor = { collection: 'pages', overrideAccess: false, depth: 0 } as const
      const trashed = await payload.find({ ...asVisitor, trash: true, where: { id: { equals: page.id } } })
      expect(trashed.totalDocs).toBe(0)
      await expect(payload.findByID({ ...asVisitor, id: page.id, trash: true })).rejects.toThrow()
      // Editors still see it in the trash, to restore it.
      expect(
        (await payload.find({ collection: 'pages', trash: true, where: { id: { equals: page.id } } })).totalDocs,
      ).toBe(1)
    })

    it('tells the page cache that every page and the list of pages are stale', async () => {
      const page = await publishPage('Cached page')
      toldStale = []
      await moveToTrash(page.id)
      expect(toldStale).toContain('_N_T_/layout')
      expect(toldStale).toContain(PUBLISHED_PAGES_TAG)
    })

    it('is no longer linked from the menus, while the menus keep its entries for a restore', async () => {
      const page = await publishPage('In the menus')
      await linkFromMenus(page.id)
      expect(await headerHrefs()).toContain(page.path)
      await moveToTrash(page.id)
      expect(await headerHrefs()).not.toContain(page.path)
      expect(await footerHrefs()).not.toContain(page.path)
      expect(await storedFooterPages()).toContain(page.id)
      // Saving a menu meanwhile keeps the entry (the page still exists, in the trash).
      const footer = await payload.findGlobal({ slug: 'footer', depth: 0 })
      await payload.updateGlobal({ slug: 'footer', data: { columns: footer.columns, note: 'saved meanwhile' } })
      expect(await storedFooterPages()).toContain(page.id)
    })

    it('answers 404 at the addresses redirected to it, and keeps those redirects', async () => {
      const page = await publishPage('Moved before')
      await payload.create({ collection: 'redirects', data: { from: `/old-${page.slug}`, to: 'page', page: page.id } })
      expect(await readRedirectLocation(payload, `/old-${page.slug}`)).toBe(page.path)
      await moveToTrash(page.id)
      expect(await readRedirectLocation(payload, `/old-${page.slug}`)).toBeNull()
      const { totalDocs } = await payload.count({ collection: 'redirects', where: { page: { equals: page.id } } })
      expect(totalDocs).toBe(1)
    })

    it('keeps its address: another page cannot take it until it is deleted for good', async () => {
      const page = await publishPage('Address holder')
      await moveToTrash(page.id)
      const refusal = await payload
        .create({
          collection: 'pages',
          data: { title: 'Taker', slug: page.slug, layout: [{ blockType: 'hero', heading: 'x' }] } as never,
          draft: true,
        })
        .then(
          () => null,
          (error: { data?: { errors?: { message: string }[] } }) => error.data?.errors?.[0]?.message,
        )
      expect(refusal).toBe(trashedAddressMessage(page.path!))
    })

    it('keeps what visitors saw, not a newer draft', async () => {
      const page = await publishPage('Seen version')
      await payload.update({
        collection: 'pages',
        id: page.id,
        data: { title: 'Unfinished draft' } as never,
        draft: true,
      })
      await moveToTrash(page.id)
      await restore(page.id, 'published')
      const back = await readPublishedPage(payload, page.path!)
      expect(back?.title).toBe('Seen version')
    })

    it('is refused while it has child pages, which would be left under an address that answers 404', async () => {
      const parent = await publishPage('Parent page')
      const child = await publishPage('Child page', { parent: parent.id })
      await expect(moveToTrash(parent.id)).rejects.toThrow(child.path!)
      expect(await readPublishedPage(payload, parent.path!)).not.toBeNull()
    })
  })

  describe('a page restored from the trash', () => {
    it('restored as published, comes back at its address, in the menus, at the end of its redirects', async () => {
      const page = await publishPage('Round trip')
      await linkFromMenus(page.id)
      await payload.create({ collection: 'redirects', data: { from: `/was-${page.slug}`, to: 'page', page: page.id } })
      await moveToTrash(page.id)
      toldStale = []
      await restore(page.id, 'published')
      const back = await readPublishedPage(payload, page.path!)
      expect(back?.id).toBe(page.id)
      expect(back?.title).toBe('Round trip')
      expect(await headerHrefs()).toContain(page.path)
      expect(await footerHrefs()).toContain(page.path)
      expect(await readRedirectLocation(payload, `/was-${page.slug}`)).toBe(page.path)
      expect((await readPublishedPageList(payload)).map((listed) => listed.path)).toContain(page.path)
      expect(await searchFinds('round')).toContain(page.path)
      expect(toldStale).toContain(PUBLISHED_PAGES_TAG)
    })

    it('is refused while its parent is in the trash: the family comes back from the top down', async () => {
      const parent = await publishPage('Family parent')
      const child = await publishPage('Family child', { parent: parent.id })
      await moveToTrash(child.id)
      await moveToTrash(parent.id)
      await expect(restore(child.id)).resolves.toMatchObject({
        docs: [],
        errors: [{ message: expect.stringContaining(PARENT_IN_TRASH_MESSAGE) }],
      })
      await restore(parent.id, 'published')
      await restore(child.id, 'published')
      expect((await readPublishedPage(payload, child.path!))?.id).toBe(child.id)
    })

    it('takes its address back from a redirect made there while it was in the trash', async () => {
      const page = await publishPage('Address taken back')
      await moveToTrash(page.id)
      await payload.create({ collection: 'redirects', data: { from: page.path!, to: 'address', address: '/contact' } })
      expect(await readRedirectLocation(payload, page.path!)).toBe('/contact')
      await restore(page.id, 'published')
      expect(await readRedirectLocation(payload, page.path!)).toBeNull()
      expect((await readPublishedPage(payload, page.path!))?.id).toBe(page.id)
    })

    it('restored as a draft (the dialog’s default), a page that was published stays off the site', async () => {
      const page = await publishPage('Back as a draft')
      await moveToTrash(page.id)
      await restore(page.id, 'draft')
      const back = await payload.findByID({ collection: 'pages', id: page.id, draft: true })
      expect(back._status).toBe('draft')
      expect(back.deletedAt ?? null).toBeNull()
      expect(await readPublishedPage(payload, page.path!)).toBeNull()
      expect((await readPublishedPageList(payload)).map((listed) => listed.path)).not.toContain(page.path)
    })

    it('sent with no status (an API call), comes back as it was when trashed', async () => {
      const page = await publishPage('Back as it was')
      await moveToTrash(page.id)
      await payload.update({
        collection: 'pages',
        where: { id: { equals: page.id } },
        trash: true,
        data: { deletedAt: null } as never,
      })
      expect((await readPublishedPage(payload, page.path!))?.id).toBe(page.id)
    })

    it('stays a draft when it was one', async () => {
      const draft = await payload.create({
        collection: 'pages',
        data: { title: 'Never public', slug: `never-public-${++made}`, layout: [{ blockType: 'hero', heading: 'x' }] },
        draft: true,
      })
      await moveToTrash(draft.id)
      await restore(draft.id, 'draft')
      const back = await payload.findByID({ collection: 'pages', id: draft.id, draft: true })
      expect(back._status).toBe('draft')
      expect(back.deletedAt ?? null).toBeNull()
      expect(await readPublishedPage(payload, draft.path!)).toBeNull()
    })
  })

  describe('a page deleted for good from the trash', () => {
    it('sends its address and its redirects to the chosen page, as deleting it at once does', async () => {
      const destination = await publishPage('Destination')
      const page = await publishPage('Doomed', { redirectOnDelete: undefined })
      await payload.update({ collection: 'pages', id: page.id, data: { redirectOnDelete: destination.id } as never })
      await payload.create({
        collection: 'redirects',
        data: { from: `/older-${page.slug}`, to: 'page', page: page.id },
      })
      await moveToTrash(page.id)
      await deleteForGood(page.id)
      expect(await readRedirectLocation(payload, page.path!)).toBe(destination.path)
      expect(await readRedirectLocation(payload, `/older-${page.slug}`)).toBe(destination.path)
    })

    it('takes its redirects away when no page was chosen, and its menu entries out', async () => {
      const page = await publishPage('Gone for good')
      await linkFromMenus(page.id)
      await payload.create({ collection: 'redirects', data: { from: `/gone-${page.slug}`, to: 'page', page: page.id } })
      await moveToTrash(page.id)
      await deleteForGood(page.id)
      const { totalDocs } = await payload.count({
        collection: 'redirects',
        where: { from: { equals: `/gone-${page.slug}` } },
      })
      expect(totalDocs).toBe(0)
      expect(await readRedirectLocation(payload, page.path!)).toBeNull()
      expect(await storedFooterPages()).not.toContain(page.id)
      expect((await payload.findGlobal({ slug: 'header', depth: 0 })).items ?? []).toEqual([])
    })
  })
})
