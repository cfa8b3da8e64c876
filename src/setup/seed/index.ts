import {
  commitTransaction,
  createLocalReq,
  initTransaction,
  killTransaction,
  type Payload,
  type PayloadRequest,
  type Where,
} from 'payload'
import sharp from 'sharp'
import type { Footer, Header, Page, SiteSetting } from '@/payload-types'
import { SEED_FORMS } from './content/forms'
import { SEED_FOOTER, SEED_HEADER, SEED_SITE_SETTINGS } from './content/globals'
import { SEED_IMAGES } from './content/images'
import { SEED_PAGES } from './content/pages'
import { FORM_REF_PREFIX, MEDIA_REF_PREFIX, PAGE_REF_PREFIX, type GlobalData, type SeedData } from './refs'
import { database, sql } from '@/platform/sql'

type Ids = {
  page: Map<string, number>
  media: Map<string, number>
  form: Map<string, number>
}

/** The id created for a seed key; content that names a key the seed never created is a mistake in it. */
function idFor(created: Map<string, number>, key: string, marker: string): number {
  const id = created.get(key)
  if (id === undefined) throw new Error(`Seed content refers to unknown ${marker}`)
  return id
}

function replaceRefs(value: unknown, ids: Ids): unknown {
  if (typeof value === 'string') {
    for (const [prefix, created] of [
      [PAGE_REF_PREFIX, ids.page],
      [MEDIA_REF_PREFIX, ids.media],
      [FORM_REF_PREFIX, ids.form],
    ] as const) {
      if (value.startsWith(prefix)) return idFor(created, value.slice(prefix.length), value)
    }
    return value
  }
  if (Array.isArray(value)) return value.map((item) => replaceRefs(item, ids))
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceRefs(item, ids)]))
  }
  return value
}

/**
 * Replaces every "@page:key", "@media:key" and "@form:key" marker with the id created for it,
 * turning seed content into the generated type it was written against.
 */
export function resolveRefs<T>(value: SeedData<T>, ids: Ids): T {
  // SeedData<T> differs from T only where a marker stands for an id, and those are the values replaced.
  return replaceRefs(value, ids) as T
}

async function seedMedia(payload: Payload, req: PayloadRequest, ids: Ids) {
  for (const image of SEED_IMAGES) {
    const data = await sharp(Buffer.from(image.svg)).png({ compressionLevel: 9 }).toBuffer()
    const doc = await payload.create({
      collection: 'media',
      data: { alt: image.alt },
      file: { data, mimetype: 'image/png', name: image.filename, size: data.length },
      req,
    })
    ids.media.set(image.key, doc.id)
  }
}

async function seedForms(payload: Payload, req: PayloadRequest, ids: Ids) {
  for (const form of SEED_FORMS) {
    const doc = await payload.create({ collection: 'forms', data: form.data, req })
    ids.form.set(form.key, doc.id)
  }
}

/** Forms were created with fixed ids; a Postgres sequence must move past them (SQLite's does itself). */
async function advancePostgresSequences(payload: Payload) {
  const db = database(payload)
  if (db.dialect !== 'postgres') return
  await db.run(sql`SELECT setval(pg_get_serial_sequence('forms', 'id'), (SELECT MAX(id) FROM forms))`)
}

async function seedPages(payload: Payload, req: PayloadRequest, ids: Ids) {
  // First every page as an empty draft, so that content can link to pages created after it.
  for (const page of SEED_PAGES) {
    const doc = await payload.create({
      collection: 'pages',
      draft: true,
      data: {
        title: page.title,
        slug: page.slug,
        parent: page.parent ? idFor(ids.page, page.parent, `page ${page.parent}`) : null,
        layout: [],
      },
      req,
    })
    ids.page.set(page.key, doc.id)
  }
  for (const page of SEED_PAGES) {
    await payload.update({
      collection: 'pages',
      id: idFor(ids.page, page.key, `page ${page.key}`),
      data: {
        layout: resolveRefs<Page['layout']>(page.layout, ids),
        seo: resolveRefs<Page['seo']>(page.seo ?? {}, ids),
        _status: 'published',
      },
      req,
    })
  }
}

async function seedGlobals(payload: Payload, req: PayloadRequest, ids: Ids) {
  await payload.updateGlobal({
    slug: 'site-settings',
    data: resolveRefs<GlobalData<SiteSetting>>(SEED_SITE_SETTINGS, ids),
    req,
  })
  await payload.updateGlobal({ slug: 'header', data: resolveRefs<GlobalData<Header>>(SEED_HEADER, ids), req })
  await payload.updateGlobal({ slug: 'footer', data: resolveRefs<GlobalData<Footer>>(SEED_FOOTER, ids), req })
}

type Existing = { pages: number; media: number; forms: Set<number | string> }

/** The newest page and image ids, and which of the seed's fixed form ids are taken. */
async function existingBeforeSeed(payload: Payload): Promise<Existing> {
  const newest = async (collection: 'pages' | 'media') =>
    Number((await payload.find({ collection, sort: '-id', limit: 1, depth: 0, overrideAccess: true })).docs[0]?.id ?? 0)
  const { docs } = await payload.find({ collection: 'forms', limit: 0, depth: 0, overrideAccess: true })
  return { pages: await newest('pages'), media: await newest('media'), forms: new Set(docs.map((doc) => doc.id)) }
}

/**
 * Removes what a failed seed created, where no transaction could take it back (SQLite runs
 * without): every page and image newer than what was there before, and the seed's forms that
 * were not. Found afresh, so that a create that failed halfway (its row stored, not its id
 * handed back) goes too.
 */
async function removeSeeded(payload: Payload, before: Existing) {
  const seededFormIds = SEED_FORMS.map((form) => form.data.id).filter((id) => !before.forms.has(id))
  const created: { collection: 'pages' | 'media' | 'forms'; where: Where }[] = [
    { collection: 'pages', where: { id: { greater_than: before.pages } } },
    { collection: 'media', where: { id: { greater_than: before.media } } },
    ...(seededFormIds.length ? [{ collection: 'forms' as const, where: { id: { in: seededFormIds } } }] : []),
  ]
  for (const { collection, where } of created) {
    const { errors } = await payload.delete({ collection, where, overrideAccess: true })
    for (const error of errors)
      payload.logger.error({ error, collection }, 'seed: could not remove a half-seeded document')
  }
}

/**
 * Fills an empty database with the site's starting content: it runs once, and a failure leaves
 * the database as empty as it found it (one transaction on PostgreSQL; on SQLite, what was
 * created is removed), so that the next start seeds again.
 */
export async function seedIfEmpty(payload: Payload): Promise<boolean> {
  const { totalDocs } = await payload.count({ collection: 'pages', overrideAccess: true })
  if (totalDocs > 0) return false
  const req = await createLocalReq({}, payload)
  const before = await existingBeforeSeed(payload)
  const inTransaction = await initTransaction(req)
  const ids: Ids = { page: new Map(), media: new Map(), form: new Map() }
  try {
    await seedMedia(payload, req, ids)
    await seedForms(payload, req, ids)
    await seedPages(payload, req, ids)
    await seedGlobals(payload, req, ids)
    await commitTransaction(req)
  } catch (error) {
    if (inTransaction) await killTransaction(req)
    else await removeSeeded(payload, before)
    throw error
  }
  await advancePostgresSequences(payload)
  return true
}
