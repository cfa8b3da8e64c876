import type { Page, SiteSetting } from '@/payload-types'
import { openingHoursSpecification } from '@/content/businessHours'
import { absoluteUrl } from '@/platform/siteUrl'

type JsonLd = Record<string, unknown>

/** The business as search engines read it; `logo` is the owner's logo as an absolute raster address, when set. */
export function localBusinessJsonLd(settings: SiteSetting, logo: string | null = null): JsonLd {
  const { business } = settings
  const address = business.address
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': absoluteUrl('/#business'),
    name: business.name,
    description: business.tagline ?? undefined,
    url: absoluteUrl('/'),
    logo: logo ?? undefined,
    telephone: business.phone ?? undefined,
    email: business.email ?? undefined,
    areaServed: { '@type': 'State', name: business.state },
    openingHoursSpecification: business.openingHours?.length
      ? openingHoursSpecification(business.openingHours)
      : undefined,
    address: address?.street
      ? {
          '@type': 'PostalAddress',
          streetAddress: address.street,
          addressLocality: address.city,
          addressRegion: address.region,
          postalCode: address.postalCode,
          addressCountry: 'US',
        }
      : undefined,
  }
}

export function faqJsonLd(page: Page): JsonLd | null {
  const questions = page.layout.flatMap((block) => (block.blockType === 'faq' ? block.items : []))
  if (!questions.length) return null
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: questions.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  }
}

/** JSON for a <script type="application/ld+json">, safe against "</script>" in content. */
export const serializeJsonLd = (data: JsonLd) => JSON.stringify(data).replace(/</g, '\\u003c')
