import Link from 'next/link'
import type { SiteLink } from '@/payload-types'
import { hrefOf, isExternal } from '@/cms/fields/linkHref'

export function CmsLink({ link, className }: { link: SiteLink | null | undefined; className?: string }) {
  const href = hrefOf(link)
  if (!link || !href) return null
  if (isExternal(href) || /^(mailto|tel):/.test(href)) {
    return (
      <a className={className} href={href} rel={isExternal(href) ? 'noopener noreferrer' : undefined}>
        {link.label}
      </a>
    )
  }
  return (
    <Link className={className} href={href}>
      {link.label}
    </Link>
  )
}
