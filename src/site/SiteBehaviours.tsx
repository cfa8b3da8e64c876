'use client'

import { usePathname } from 'next/navigation'
import { useEffect } from 'react'
import { attachAutoGrow } from '@/forms/autoGrow'
import { attachSearchBox } from '@/search/searchBox'
import { attachBackToTop } from './chrome/backToTop'
import { attachFloatingControls } from './chrome/floatingControls'
import { attachInPageNav } from './chrome/inPageNav'
import { attachLazyImages } from '@/blocks/lazyImages'
import { attachBlocksOnFirstUse } from '@/blocks/onFirstUse'
import { attachMegaMenu } from './chrome/megaMenu'
import { attachInTurns } from '@/dom/inTurns'
import { attachAfterIdle, attachOnFirstUse } from '@/dom/onFirstUse'
import { attachScrollMarkers } from './chrome/scrollMarkers'

/** Attaches the page chrome's behaviours to the server-rendered markup; renders nothing. */
export function SiteBehaviours() {
  const pathname = usePathname()
  useEffect(() => {
    // One behaviour a task, the menus first: attached all at once, they made one of the longest
    // tasks after the first paint (bench/main-thread.mjs). Their link clicks are ordered by the
    // link router (src/dom/linkRouter.ts), not by this list.
    const detach = attachInTurns(
      [
        attachMegaMenu,
        // The mobile panel and the search suggestions load when the visitor first reaches for them.
        () =>
          attachOnFirstUse(document.querySelector('.mobile-menu-toggle'), () =>
            import('./chrome/mobileMenu').then((m) => m.attachMobileMenu),
          ),
        attachSearchBox,
        attachInPageNav,
        attachBackToTop,
        attachScrollMarkers,
        // Page elements that may sit anywhere.
        attachLazyImages,
        attachBlocksOnFirstUse,
        attachAutoGrow,
        // Keeps the chat launcher (which comes after idle) and back-to-top off the page's controls.
        () => attachAfterIdle(attachFloatingControls),
      ],
      // Says the chrome answers the visitor now (the page arrives whole from the cache, often before
      // its script has run; browser tests wait for this rather than for a guess).
      () => {
        document.documentElement.dataset.chrome = 'attached'
      },
    )
    return () => {
      delete document.documentElement.dataset.chrome
      detach()
    }
  }, [pathname])
  return null
}
