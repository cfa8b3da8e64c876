import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'
import { getSiteSettings } from '@/cms/queries'
import { siteOrigin } from '@/site/siteUrl'
import '@/site/styles/global.css'

export async function generateMetadata(): Promise<Metadata> {
  const settings = await getSiteSettings()
  return {
    metadataBase: new URL(siteOrigin()),
    title: { default: settings.business.name, template: `%s | ${settings.business.name}` },
    description: settings.business.tagline ?? undefined,
    formatDetection: { telephone: false },
  }
}

export const viewport: Viewport = { themeColor: '#12325a', width: 'device-width', initialScale: 1 }

export default function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-US">
      <body>{children}</body>
    </html>
  )
}
