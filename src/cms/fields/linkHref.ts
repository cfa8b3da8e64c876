import type { SiteLink } from '@/payload-types'

type LinkTarget = Pick<SiteLink, 'kind' | 'page' | 'url' | 'anchor'>

/** Where a CMS link points, or null when its page is gone or unpublished. */
export function hrefOf(link: LinkTarget | null | undefined): string | null {
  if (!link) return null
  switch (link.kind) {
    case 'url':
      return link.url || null
    case 'anchor':
      return link.anchor || null
    default:
      return typeof link.page === 'object' && link.page?.path ? link.page.path : null
  }
}

export const isExternal = (href: string) => /^https?:\/\//.test(href)
