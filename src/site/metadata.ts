import type { Metadata } from 'next'
import type { Page, SiteSetting } from '@/payload-types'
import { absoluteUrl, siteOrigin } from '@/platform/siteUrl'
import { composePageTitle } from '@/content/pageTitle'

export function pageMetadata(page: Page, settings: SiteSetting): Metadata {
  const path = page.path || '/'
  const title = composePageTitle({
    title: page.title,
    seoTitle: page.seo?.title,
    path,
    siteName: settings.business.name,
    template: settings.business.titleTemplate,
  })
  const description = page.seo?.description || settings.business.tagline || undefined
  const image = typeof page.seo?.image === 'object' && page.seo.image?.url ? page.seo.image : null
  return {
    metadataBase: new URL(siteOrigin()),
    // Composed here from the page and the settings, not by the layout's template, so every title says the same.
    title: { absolute: title },
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
    twitter: { card: image?.url ? 'summary_large_image' : 'summary', title, description },
  }
}
