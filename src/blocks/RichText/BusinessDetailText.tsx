import type { JSXConverters } from '@payloadcms/richtext-lexical/react'
import { openingHoursLine } from '@/content/businessHours'
import { telHref } from '@/content/fields/linkHref'
import { getPublicSiteSettings } from '@/content/queries'
import { BUSINESS_DETAIL_BLOCK, type BusinessDetail } from './businessDetail'

/** One business detail as site settings hold it now; nothing when settings leave it empty. */
export async function BusinessDetailText({ detail }: { detail: BusinessDetail }) {
  const { business } = await getPublicSiteSettings()
  switch (detail) {
    case 'phone':
      return business.phone ? <a href={telHref(business.phone)}>{business.phone}</a> : null
    case 'email':
      return business.email ? <a href={`mailto:${business.email}`}>{business.email}</a> : null
    case 'address': {
      const { street, city, region, postalCode } = business.address ?? {}
      const locality = [city, [region, postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')
      return [street, locality].filter(Boolean).join(', ') || null
    }
    case 'hours':
      return openingHoursLine(business.openingHours, business.hoursNote) || null
    default:
      return null
  }
}

export const businessDetailConverters: JSXConverters = {
  inlineBlocks: {
    [BUSINESS_DETAIL_BLOCK]: ({ node }) => (
      <BusinessDetailText detail={(node as unknown as { fields: { detail: BusinessDetail } }).fields.detail} />
    ),
  },
}
