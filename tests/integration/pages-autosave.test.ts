import type { Payload } from 'payload'
import { ValidationError } from 'payload'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DRAFT_TITLE_MESSAGE } from '@/content/collections/pageMessages'
import { PAGE_BEING_MADE_KEPT_MS } from '@/content/collections/pageBeingMade'
import { readPublishedPage, readPublishedPageList } from '@/content/queries'
import { onRevalidated } from '@/content/revalidate'
import { database as sqlDatabase, sql } from '@/platform/sql'
import { setUpSuitePayload, SUITE_DATABASES } from '../support/payload'

let payload: Payload
let made = 0

type Id = number | string
type Hero = { blockType: 'hero'; heading: string }
const hero = (heading: string): Hero[] => [{ blockType: 'hero', heading }]

/** Revalidations told to Next (and the server's page memo) since the last reset. */
let revalidations = 0
onRevalidated(() => revalidations++)

async function publishPage(title: string) {
  const slug = `autosave-${++made}`
  return payload.create({
    collection: 'pages',
    data: { title, slug, layout: hero(`${title} as published`), _status: 'published' } as never,
  })
}

/** What the admin's autosave sends: a draft save, flagged on the request as Payload's REST handler does. */
const autosave = (id: Id, data: Record<string, unknown>) =>
  payload.update({
    collection: 'pages',
    id,
    data: { ...data, _status: 'draft' } as never,
    draft: true,
    autosave: true,
    req: { query: { autosave: 'true' } } as never,
  })

/** What the admin's Save Draft sends. */
const saveDraft = (id: Id, data: Record<string, unknown>) =>
  payload.update({ collection: 'pages', id, data: { ...data, _status: 'draft' } as never, draft: true })

/** What the admin's "Create new" does at once when autosave is on: an empty draft, made by Payload. */
const openCreateView = () => payload.create({ collection: 'pages', data: {} as never, draft: true })

const latestDraft = (id: Id) => payload.findByID({ collection: 'pages', id, draft: true, depth: 0 })

async function refusal(attempt: Promise<unknown>) {
  const error = await attempt.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(ValidationError)
  return (error as ValidationError).data.errors.map(({ path, message }) => ({ path, message }))
}

describe.each(SUITE_DATABASES)('on %s', (database) => {
  const site = setUpSuitePayload(database)
  beforeAll(() => {
    payload = site.payload
  })
  beforeEach(() => {
    revalidations = 0
  })

  describe('an autosave of a published page', () => {
    it('keeps what visitors see and revalidates nothing, the first autosave after a publish included', async () => {
      const page = await publishPage('Closing costs')
      revalidations = 0
      await autosave(page.id, { layout: hero('Closing costs, typed') })
      await autosave(page.id, { layout: hero('Closing costs, typed on'), title: 'Closing costs explained' })
      expect(revalidations).toBe(0)
      const seen = await readPublishedPage(payload, page.path!)
      expect(seen?.title).toBe('Closing costs')
      expect((seen?.layout?.[0] as Hero).heading).toBe('Closing costs as published')
      const draft = await latestDraft(page.id)
      expect([draft.title, (draft.layout[0] as Hero).heading]).toEqual([
        'Closing costs explained',
        'Closing costs, typed on',
      ])
      // The published page keeps its address while the draft's title changes.
      expect(draft.slug).toBe(page.slug)
    })

    it('is kept as one autosaved version, updated in place, until a manual save', async () => {
      const page = await publishPage('Liens')
      await autosave(page.id, { layout: hero('Liens 1') })
      await autosave(page.id, { layout: hero('Liens 2') })
      await autosave(page.id, { layout: hero('Liens 3') })
      const versions = await payload.findVersions({
        collection: 'pages',
        where: { parent: { equals: page.id } },
        sort: '-updatedAt',
        depth: 0,
      })
      const autosaved = versions.docs.filter((version) => (version as { autosave?: boolean }).autosave)
      expect(autosaved).toHaveLength(1)
      expect((autosaved[0].version.layout[0] as Hero).heading).toBe('Liens 3')
    })

    it('reaches visitors only when published, and then revalidates the page', async () => {
      const page = await publishPage('Surveys')
      await autosave(page.id, { layout: hero('Surveys, new words') })
      revalidations = 0
      await payload.update({ collection: 'pages', id: page.id, data: { _status: 'published' } as never })
      expect(revalidations).toBeGreaterThan(0)
      const seen = await readPublishedPage(payload, page.path!)
      expect((seen?.layout?.[0] as Hero).heading).toBe('Surveys, new words')
    })
  })

  it('a Save Draft over a published page revalidates nothing either', async () => {
    const page = await publishPage('Easements')
    revalidations = 0
    await saveDraft(page.id, { layout: hero('Easements, drafted'), title: 'Easements drafted' })
    expect(revalidations).toBe(0)
    expect((await readPublishedPage(payload, page.path!))?.title).toBe('Easements')
  })

  it('an unpublish still revalidates, and the page leaves the site', async () => {
    const page = await publishPage('Probate')
    await autosave(page.id, { layout: hero('Probate, typed') })
    revalidations = 0
    await payload.update({ collection: 'pages', id: page.id, data: { _status: 'draft' } as never })
    expect(revalidations).toBeGreaterThan(0)
    expect(await readPublishedPage(payload, page.path!)).toBeNull()
  })

  describe('a page being made (Create new with autosave)', () => {
    it('has no title, no slug and no address, is not on the site, and revalidates nothing', async () => {
      const page = await openCreateView()
      expect([page.title ?? null, page.slug ?? null, page.path ?? null]).toEqual([null, null, null])
      expect(page._status).toBe('draft')
      expect(revalidations).toBe(0)
      const listed = await readPublishedPageList(payload)
      expect(listed.map((doc) => doc.id)).not.toContain(page.id)
    })

    it('is in no list of the admin, which shows pages through the collection’s base filter, until it has a title', async () => {
      const page = await openCreateView()
      const baseFilter = payload.collections.pages.config.admin.baseFilter!
      const listed = async () => {
        const where = await baseFilter({ limit: 100, page: 1, req: {} as never, sort: '-updatedAt' })
        const { docs } = await payload.find({
          collection: 'pages',
          where: where ?? {},
          draft: true,
          limit: 0,
          depth: 0,
        })
        return docs.map((doc) => doc.id)
      }
      expect(await listed()).not.toContain(page.id)
      await autosave(page.id, { title: 'Titled at last', layout: hero('Titled') })
      expect(await listed()).toContain(page.id)
    })

    it('is autosaved quietly while untitled, and refused a Save Draft or a Publish without a title', async () => {
      const page = await openCreateView()
      const kept = await autosave(page.id, { layout: hero('Words before a title'), slug: 'typed-slug' })
      expect([kept.title ?? null, kept.path ?? null]).toEqual([null, null])
      expect((kept.layout[0] as Hero).heading).toBe('Words before a title')
      const refused = [{ path: 'title', message: DRAFT_TITLE_MESSAGE }]
      expect(await refusal(saveDraft(page.id, { layout: hero('Saved by hand') }))).toEqual(refused)
      expect(
        await refusal(payload.update({ collection: 'pages', id: page.id, data: { _status: 'published' } as never })),
      ).toEqual(refused)
    })

    it('gets its slug and address from the title autosaved on it, following the title until published', async () => {
      const page = await openCreateView()
      const titled = await autosave(page.id, { title: 'Quiet title', layout: hero('Quiet') })
      expect([titled.slug, titled.path]).toEqual(['quiet-title', '/quiet-title'])
      const retitled = await autosave(page.id, { title: 'Quiet title claims' })
      expect([retitled.slug, retitled.path]).toEqual(['quiet-title-claims', '/quiet-title-claims'])
      const published = await payload.update({
        collection: 'pages',
        id: page.id,
        data: { title: 'Quiet title actions', _status: 'published' } as never,
      })
      expect([published.slug, published.path]).toEqual(['quiet-title-actions', '/quiet-title-actions'])
      // Published: a new title no longer moves the page.
      const renamed = await autosave(page.id, { title: 'Quiet title suits' })
      expect(renamed.slug).toBe('quiet-title-actions')
    })

    it('keeps a slug the editor typed, rather than the title’s', async () => {
      const page = await openCreateView()
      const typed = await autosave(page.id, { title: 'Abstracts', slug: 'title-abstracts', generateSlug: false })
      expect(typed.slug).toBe('title-abstracts')
      const retitled = await autosave(page.id, { title: 'Abstracts of title' })
      expect(retitled.slug).toBe('title-abstracts')
    })

    it('is deleted at a later Create new once a day old, while a recent one stays', async () => {
      const abandoned = await openCreateView()
      const recent = await openCreateView()
      const old = new Date(Date.now() - PAGE_BEING_MADE_KEPT_MS - 60_000).toISOString()
      await sqlDatabase(payload).run(sql`UPDATE pages SET updated_at = ${old} WHERE id = ${abandoned.id}`)
      await openCreateView()
      const left = await payload.find({
        collection: 'pages',
        where: { id: { in: [abandoned.id, recent.id] } },
        draft: true,
        trash: true,
        depth: 0,
      })
      expect(left.docs.map((doc) => doc.id)).toEqual([recent.id])
    })
  })
})
