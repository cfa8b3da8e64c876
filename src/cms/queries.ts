import { cache } from 'react'
import type { Footer, Header, Page, SiteSetting } from '@/payload-types'
import { rememberBusiness } from './lastKnownBusiness'
import { getPayloadClient } from './sitePayload'

export { pathFromSegments } from './sitePath'
export { getPayloadClient }

/** A linked page needs only what a link shows, not its whole layout. */
export const LINKED_PAGE_FIELDS = { pages: { path: true, title: true } } as const

export const findPublishedPage = cache(async (path: string): Promise<Page | null> => {
  const payload = await getPayloadClient()
  const { docs } = await payload.find({
    collection: 'pages',
    where: { and: [{ path: { equals: path } }, { _status: { equals: 'published' } }] },
    depth: 2,
    populate: LINKED_PAGE_FIELDS,
    limit: 1,
    overrideAccess: false,
  })
  return docs[0] ?? null
})

export const listPublishedPages = cache(async () => {
  const payload = await getPayloadClient()
  const { docs } = await payload.find({
    collection: 'pages',
    where: { _status: { equals: 'published' } },
    select: { path: true, title: true, updatedAt: true },
    depth: 0,
    limit: 0,
    overrideAccess: false,
  })
  return docs as Pick<Page, 'id' | 'path' | 'title' | 'updatedAt'>[]
})

export const getHeader = cache(async (): Promise<Header> => {
  const payload = await getPayloadClient()
  return payload.findGlobal({ slug: 'header', depth: 1, populate: LINKED_PAGE_FIELDS })
})

export const getFooter = cache(async (): Promise<Footer> => {
  const payload = await getPayloadClient()
  return payload.findGlobal({ slug: 'footer', depth: 1, populate: LINKED_PAGE_FIELDS })
})

/** Settings as visitors may see them: secrets are left out by the field access rules. */
export const getSiteSettings = cache(async (): Promise<SiteSetting> => {
  const payload = await getPayloadClient()
  const settings = await payload.findGlobal({ slug: 'site-settings', depth: 0, overrideAccess: false })
  rememberBusiness(settings.business)
  return settings
})
