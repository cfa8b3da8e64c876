import type { MetadataRoute } from 'next'
import { listPublishedPages } from '@/cms/queries'
import { absoluteUrl } from '@/site/siteUrl'

export const dynamic = 'force-dynamic'

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const pages = await listPublishedPages()
  return pages
    .filter((page) => page.path)
    .map((page) => ({ url: absoluteUrl(page.path as string), lastModified: new Date(page.updatedAt) }))
}
