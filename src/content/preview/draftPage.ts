import { draftMode, headers } from 'next/headers'
import { cache } from 'react'
import type { Page, User } from '@/payload-types'
import { hasRole } from '@/platform/access'
import { getPayloadClient } from '@/platform/sitePayload'
import { LINKED_PAGE_FIELDS } from '../queries'
import { PREVIEW_ROLES } from './endpoint'

/**
 * The editor or admin previewing drafts in this request, or null. Draft mode alone is not enough:
 * a copied draft-mode cookie without a live editor session sees the published page. Only a
 * request in draft mode reads its headers, so public renders stay in Next's full-route cache.
 */
export const draftPreviewer = cache(async (): Promise<User | null> => {
  if (!(await draftMode()).isEnabled) return null
  const payload = await getPayloadClient()
  try {
    const { user } = await payload.auth({ headers: await headers() })
    return user && hasRole(user as User, ...PREVIEW_ROLES) ? (user as User) : null
  } catch (error) {
    console.error('preview: the session could not be read', error)
    return null
  }
})

/** The latest draft of the page at `path`, as the previewing editor may read it. */
export const findLatestDraftPage = cache(async (path: string, previewer: User): Promise<Page | null> => {
  const payload = await getPayloadClient()
  const { docs } = await payload.find({
    collection: 'pages',
    where: { path: { equals: path } },
    draft: true,
    depth: 2,
    populate: LINKED_PAGE_FIELDS,
    limit: 1,
    overrideAccess: false,
    user: previewer,
  })
  return docs[0] ?? null
})
