import type { SiteLink } from '@/payload-types'

type LinkTarget = Pick<SiteLink, 'kind' | 'page' | 'url' | 'anchor'>

/** The business's phone and email from site settings, which "our phone" and "our email" links point at. */
export type BusinessContact = { phone?: string | null; email?: string | null }

/** A `tel:` address for a phone number as editors write it, "(614) 555-0142". */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`

/** Where a CMS link points, or null when its page is gone or unpublished, or settings lack the detail. */
export function hrefOf(link: LinkTarget | null | undefined, contact: BusinessContact = {}): string | null {
  if (!link) return null
  switch (link.kind) {
    case 'url':
      return link.url || null
    case 'anchor':
      return link.anchor || null
    case 'phone':
      return contact.phone ? telHref(contact.phone) : null
    case 'email':
      return contact.email ? `mailto:${contact.email}` : null
    default:
      return typeof link.page === 'object' && link.page?.path ? link.page.path : null
  }
}

/** What a link shows: its label, and for our phone or email the number or address after it. */
export function linkText(link: Pick<SiteLink, 'kind' | 'label'>, contact: BusinessContact = {}): string {
  const detail = link.kind === 'phone' ? contact.phone : link.kind === 'email' ? contact.email : null
  return detail ? [link.label, detail].filter(Boolean).join(' ') : link.label
}

export const isExternal = (href: string) => /^https?:\/\//.test(href)
