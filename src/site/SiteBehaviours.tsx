'use client'

import { usePathname } from 'next/navigation'
import { useEffect } from 'react'
import { attachBackToTop } from './chrome/backToTop'
import { attachInPageNav } from './chrome/inPageNav'
import { attachMegaMenu } from './chrome/megaMenu'
import { attachMobileMenu } from './chrome/mobileMenu'
import { attachScrollMarkers } from './chrome/scrollMarkers'

/** Attaches the page chrome's behaviours to the server-rendered markup; renders nothing. */
export function SiteBehaviours() {
  const pathname = usePathname()
  useEffect(() => {
    // The mega menu's click handler must run before in-page navigation's (both capture).
    const detach = [attachMegaMenu(), attachInPageNav(), attachBackToTop(), attachScrollMarkers(), attachMobileMenu()]
    return () => detach.forEach((fn) => fn())
  }, [pathname])
  return null
}
