import type { MetadataRoute } from 'next'
import { unstable_cache } from 'next/cache'
import { listPublishedPages } from '@/content/queries'
import { PUBLISHED_PAGES_TAG } from '@/content/revalidate'
import { absoluteUrl } from '@/platform/siteUrl'

export const dynamic = 'force-dynamic'

/** The list is read from the database once per publish, unpublish, rename, move or delete. */
const publishedPages = unstable_cache(listPublishedPages, ['sitemap-published-pages'], {
  tags: [PUBLISHED_PAGES_TAG],
  revalidate: 86400,
})

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const pages = await publishedPages()
  return pages
    .filter((page) => page.path)
    .map((page) => ({ url: absoluteUrl(page.path as string), lastModified: new Date(page.updatedAt) }))
}
