import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'
import { ConsentBootstrap } from '@/analytics/consent/ConsentBootstrap'
import { BrandStyle } from '@/brand/BrandStyle'
import { brandIconMetadata, getBrand } from '@/brand/pageBrand'
import { getPublicSiteSettings } from '@/content/queries'
import { siteOrigin } from '@/platform/siteUrl'
import { InlineScript } from '@/security/InlineScript'
import { SiteShell } from '@/site/SiteShell'
import { SITE_ICON_URL } from '@/site/siteIcon'
// The pages' and the error page's client parts travel in the layout's script file.
import './_parts/clientParts'
// In this order: each sheet may refine the ones above it.
import '@/site/styles/global.css'
import '@/site/styles/header.css'
import '@/blocks/styles/layout.css'
import '@/blocks/styles/widgets.css'
import '@/site/styles/footer.css'
import '@/site/styles/chrome.css'
import '@/blocks/styles/elements.css'
import '@/blocks/styles/media.css'
import '@/search/search.css'
import '@/news/news.css'
// The forms' sheets (CmsForm imports them too) and the chat's own are the layout's, so that the
// chat, which is loaded after idle from the layout and holds a form of its own, finds its styles in
// the document instead of asking for a stylesheet: one request less for every visit (a few KB of
// CSS in each document, once, since src/server/routerCopyOfCss.ts keeps the router from a copy).
import '@/forms/dropdown/dropdown.css'
import '@/contact/form/form.css'
import '@/chat/widget/widget.css'

export async function generateMetadata(): Promise<Metadata> {
  const [settings, brand] = await Promise.all([getPublicSiteSettings(), getBrand()])
  return {
    metadataBase: new URL(siteOrigin()),
    title: { default: settings.business.name, template: `%s | ${settings.business.name}` },
    description: settings.business.tagline ?? undefined,
    formatDetection: { telephone: false },
    icons: { icon: [{ url: SITE_ICON_URL, type: 'image/svg+xml', sizes: 'any' }] },
    ...brandIconMetadata(brand),
  }
}

export async function generateViewport(): Promise<Viewport> {
  const brand = await getBrand()
  return { themeColor: brand.colours.primary, width: 'device-width', initialScale: 1 }
}

/** Marks the page as scripted before first paint, so that CSS can hide what scripts replace. */
const MARK_SCRIPTED = "document.documentElement.classList.add('js')"

/** The same for every visitor: nothing here reads the request, so the page can be cached and shared. */
export default function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-US" suppressHydrationWarning>
      <head>
        <InlineScript code={MARK_SCRIPTED} />
        <ConsentBootstrap />
        <BrandStyle />
      </head>
      <body>
        <SiteShell>{children}</SiteShell>
      </body>
    </html>
  )
}
