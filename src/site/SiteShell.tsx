import type { ReactNode } from 'react'
import { AnalyticsRoot } from '@/analytics/AnalyticsRoot'
import { getBrand } from '@/brand/pageBrand'
import { ChatEmbed } from '@/chat/ChatEmbed'
import { HEADER_Z_INDEX_DEFAULT } from '@/content/globals/SiteSettings'
import { getFooter, getHeader, getPublicSiteSettings } from '@/content/queries'
import { SiteFooter } from './Footer'
import { SiteHeader } from './Header'
import { hrefOf, linkText } from '@/content/fields/linkHref'
import { menuModel } from './menu'
import { MobileMenu } from './MobileMenu'
import { SiteBehaviours } from './SiteBehaviours'
import { PAGE_TOP_ID } from '@/dom/dom'

/** Header, main content and footer around every public page, drawn once by the layout (docs/behaviour.md). */
export async function SiteShell({ children }: { children: ReactNode }) {
  const [header, footer, settings, brand] = await Promise.all([
    getHeader(),
    getFooter(),
    getPublicSiteSettings(),
    getBrand(),
  ])
  const items = menuModel(header, settings.business)
  const ctaHref = header.cta?.show ? hrefOf(header.cta.link, settings.business) : null
  return (
    <>
      <div id={PAGE_TOP_ID} tabIndex={-1} />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* The consent banner comes early in the tab order: a keyboard visitor meets it at once. */}
      <AnalyticsRoot settings={settings.analytics} />
      <SiteHeader
        items={items}
        cta={
          ctaHref && header.cta?.link?.label
            ? { href: ctaHref, label: linkText(header.cta.link, settings.business) }
            : null
        }
        businessName={settings.business.name}
        phone={settings.business.phone || null}
        zIndex={settings.appearance?.headerZIndex ?? HEADER_Z_INDEX_DEFAULT}
        brand={brand}
      />
      <MobileMenu items={items} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter footer={footer} settings={settings} brand={brand} />
      <a className="back-to-top" href={`#${PAGE_TOP_ID}`}>
        <span className="back-to-top-label">Back to top</span>
      </a>
      <SiteBehaviours />
      <ChatEmbed />
    </>
  )
}
