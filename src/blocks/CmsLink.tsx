import Link from 'next/link'
import type { SiteLink } from '@/payload-types'
import { hrefOf, isExternal, linkText } from '@/content/fields/linkHref'
import { getPublicSiteSettings } from '@/content/queries'

export async function CmsLink({ link, className }: { link: SiteLink | null | undefined; className?: string }) {
  // Only "our phone" and "our email" links need the settings (cached for the request).
  const contact = link?.kind === 'phone' || link?.kind === 'email' ? (await getPublicSiteSettings()).business : {}
  const href = hrefOf(link, contact)
  if (!link || !href) return null
  const text = linkText(link, contact)
  if (isExternal(href) || /^(mailto|tel):/.test(href)) {
    return (
      <a className={className} href={href} rel={isExternal(href) ? 'noopener noreferrer' : undefined}>
        {text}
      </a>
    )
  }
  return (
    <Link className={className} href={href}>
      {text}
    </Link>
  )
}
