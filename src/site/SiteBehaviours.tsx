'use client'

import { usePathname } from 'next/navigation'
import { useEffect } from 'react'
import { attachAutoGrow } from '@/forms/autoGrow'
import { attachTypeahead } from '@/search/typeahead'
import { attachBackToTop } from './chrome/backToTop'
import { attachInPageNav } from './chrome/inPageNav'
import { attachLazyImages } from './chrome/lazyImages'
import { attachMegaMenu } from './chrome/megaMenu'
import { attachMobileMenu } from './chrome/mobileMenu'
import { attachScrollMarkers } from './chrome/scrollMarkers'

/** Attaches the page chrome's behaviours to the server-rendered markup; renders nothing. */
export function SiteBehaviours() {
  const pathname = usePathname()
  useEffect(() => {
    // The mega menu's click handler must run before in-page navigation's (both capture).
    const detach = [attachMegaMenu(), attachInPageNav(), attachBackToTop(), attachScrollMarkers(), attachMobileMenu()]
    detach.push(attachLazyImages(), attachAutoGrow(), attachTypeahead()) // page elements that may sit anywhere
    return () => detach.forEach((fn) => fn())
  }, [pathname])
  return null
}
