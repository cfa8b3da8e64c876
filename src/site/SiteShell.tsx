import type { ReactNode } from 'react'
import { getFooter, getHeader, getSiteSettings } from '@/cms/queries'
import { HEADER_Z_INDEX_DEFAULT } from '@/cms/globals/SiteSettings'
import { SiteFooter } from './Footer'
import { SiteHeader } from './Header'

/** Header, main content and footer around every public page. */
export async function SiteShell({ currentPath, children }: { currentPath: string; children: ReactNode }) {
  const [header, footer, settings] = await Promise.all([getHeader(), getFooter(), getSiteSettings()])
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader
        header={header}
        businessName={settings.business.name}
        currentPath={currentPath}
        zIndex={settings.appearance?.headerZIndex ?? HEADER_Z_INDEX_DEFAULT}
      />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter footer={footer} settings={settings} />
      <a className="back-to-top" href="#top">
        Back to top
      </a>
    </>
  )
}
