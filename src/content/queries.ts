import type { Payload } from 'payload'
import { cache } from 'react'
import type { Footer, Header, Page, SiteSetting } from '@/payload-types'
import { rememberBusiness } from './lastKnownBusiness'
import { getPayloadClient } from '@/platform/sitePayload'

/** A linked page needs only what a link shows, not its whole layout. */
export const LINKED_PAGE_FIELDS = { pages: { path: true, title: true } } as const

/** The published page at a path as visitors get it (a page in the trash is left out, as Payload's reads do). */
export async function readPublishedPage(payload: Payload, path: string): Promise<Page | null> {
  const { docs } = await payload.find({
    collection: 'pages',
    where: { and: [{ path: { equals: path } }, { _status: { equals: 'published' } }] },
    depth: 2,
    populate: LINKED_PAGE_FIELDS,
    limit: 1,
    overrideAccess: false,
  })
  return docs[0] ?? null
}

export const findPublishedPage = cache(async (path: string) => readPublishedPage(await getPayloadClient(), path))

/** Every published page, for the sitemap. */
export async function readPublishedPageList(payload: Payload) {
  const { docs } = await payload.find({
    collection: 'pages',
    where: { _status: { equals: 'published' } },
    select: { path: true, title: true, updatedAt: true },
    depth: 0,
    limit: 0,
    overrideAccess: false,
  })
  return docs as Pick<Page, 'id' | 'path' | 'title' | 'updatedAt'>[]
}

export const listPublishedPages = cache(async () => readPublishedPageList(await getPayloadClient()))

/** The menus with their linked pages' paths and titles; a link to a page in the trash has no page. */
export const readHeader = (payload: Payload): Promise<Header> =>
  payload.findGlobal({ slug: 'header', depth: 1, populate: LINKED_PAGE_FIELDS })

export const readFooter = (payload: Payload): Promise<Footer> =>
  payload.findGlobal({ slug: 'footer', depth: 1, populate: LINKED_PAGE_FIELDS })

export const getHeader = cache(async () => readHeader(await getPayloadClient()))

export const getFooter = cache(async () => readFooter(await getPayloadClient()))

/**
 * The site settings as visitors may see them (secrets are left out by the field access rules), read
 * once per render like the menus. The server's own code reads the whole document through
 * readSiteSettings (./siteSettingsReader.ts), or its capability's typed reader.
 */
export const getPublicSiteSettings = cache(async (): Promise<SiteSetting> => {
  const payload = await getPayloadClient()
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, overrideAccess: false })
  rememberBusiness(settings.business)
  return settings
})
