import type { Metadata } from 'next'
import type { Page, SiteSetting } from '@/payload-types'
import { absoluteUrl, siteOrigin } from '@/platform/siteUrl'

export function pageMetadata(page: Page, settings: SiteSetting): Metadata {
  const title = page.seo?.title || page.title
  const description = page.seo?.description || settings.business.tagline || undefined
  const path = page.path || '/'
  const image = typeof page.seo?.image === 'object' && page.seo.image?.url ? page.seo.image : null
  return {
    metadataBase: new URL(siteOrigin()),
    // An SEO title is the whole title as written; a plain page title gets the site name appended.
    title: page.seo?.title || path === '/' ? { absolute: title } : title,
    description,
    alternates: { canonical: absoluteUrl(path) },
    openGraph: {
      type: 'website',
      url: absoluteUrl(path),
      siteName: settings.business.name,
      title,
      description,
      images: image?.url
        ? [
            {
              url: absoluteUrl(image.url),
              width: image.width ?? undefined,
              height: image.height ?? undefined,
              alt: image.alt,
            },
          ]
        : undefined,
    },
  }
}
