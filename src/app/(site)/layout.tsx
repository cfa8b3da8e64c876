import type { Metadata, Viewport } from 'next'
import { headers } from 'next/headers'
import type { ReactNode } from 'react'
import { ConsentBootstrap } from '@/analytics/consent/ConsentBootstrap'
import { getSiteSettings } from '@/cms/queries'
import { CSRF_META_NAME } from '@/contact/protocol'
import { CSRF_INTERNAL_HEADER } from '@/contact/server/csrf'
import { siteOrigin } from '@/site/siteUrl'
import '@/site/styles/global.css'
import '@/site/styles/chrome.css'
import '@/blocks/styles/elements.css'

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

/** Marks the page as scripted before first paint, so that CSS can hide what scripts replace. */
const MARK_SCRIPTED = "document.documentElement.classList.add('js')"

export default async function SiteLayout({ children }: { children: ReactNode }) {
  const requestHeaders = await headers()
  const nonce = requestHeaders.get('x-nonce') ?? undefined
  const csrfToken = requestHeaders.get(CSRF_INTERNAL_HEADER) ?? ''
  return (
    <html lang="en-US" suppressHydrationWarning>
      <head>
        <meta name={CSRF_META_NAME} content={csrfToken} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: MARK_SCRIPTED }} />
        <ConsentBootstrap />
      </head>
      <body>{children}</body>
    </html>
  )
}
