'use client'

import { usePathname } from 'next/navigation'
import { Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { analyticsWindow } from '../globals'
import { type AnalyticsSetup, applyConsent, recordNavigation, startAnalytics } from '../runtime'
import { ConsentActions } from './ConsentActions'
import {
  CONSENT_ASK_CLASS,
  type ConsentChoice,
  type ConsentState,
  defaultState,
  STANDARD_BANNER_TEXT,
  stateFromChoice,
  uniformState,
} from './model'
import { PAGE_TOP_ID } from '@/dom/dom'
import { inNextTask } from '@/dom/inTurns'
import { OptionalPart, useRenewableLazy } from '@/dom/OptionalPart'
import { lookUpRegionDefault } from './region'
import { readChoice, storeChoice } from './storage'
import './consent.css'

/** The preferences dialog's code loads when a visitor first opens it. */
const loadConsentDialog = () => import('./ConsentDialog')

/** The open banner's height, for the fixed elements that must stay above it (and the page's padding). */
export const BANNER_HEIGHT_PROPERTY = '--consent-banner-height'

/** The consent banner, the preferences dialog and the start of analytics on every page. */
export function ConsentManager(setup: AnalyticsSetup & { bannerText?: string | null }) {
  const pathname = usePathname()
  // null until the stored choice is read: the banner is then in the page, shown by consent.css only
  // where the bootstrap script found no choice, so it paints before the page's scripts run.
  const [bannerOpen, setBannerOpen] = useState<boolean | null>(null)
  const [gpc, setGpc] = useState(false)
  const [current, setCurrent] = useState<ConsentChoice>({ analytics: false, ads: false })
  const [dialogOpen, setDialogOpen] = useState(false)
  const bannerRef = useRef<HTMLElement>(null)
  // A dialog whose code could not load is closed, and the next "Manage choices" tries again. The
  // banner's own buttons work meanwhile.
  const dialog = useRenewableLazy(loadConsentDialog)
  const dialogFailed = () => {
    setDialogOpen(false)
    dialog.renew()
  }

  useEffect(() => {
    const w = analyticsWindow()
    const initial = w.__consentDefault ?? {
      state: uniformState('denied'),
      gpc: false,
      denied: true,
      regionKnown: false,
    }
    const choice = readChoice()
    // Reading the browser's stored choice can only happen after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setGpc(initial.gpc)
    setBannerOpen(!choice)
    const begin = (defaults: ConsentState) => {
      // The visitor may have chosen while the region was being looked up: that choice wins.
      const chosen = readChoice()
      const state = chosen ? stateFromChoice(chosen, initial.gpc) : defaults
      if (chosen || state !== initial.state) w.gtag?.('consent', 'update', state)
      setCurrent(chosen ?? { analytics: state.analytics_storage === 'granted', ads: state.ad_storage === 'granted' })
      startAnalytics(setup, state, chosen, initial.gpc)
    }
    if (choice || initial.regionKnown) begin(initial.state)
    // The first page of a visit starts denied; once the server names the region, its default applies.
    // The request starts a task later: a page's first fetch costs Chromium a few milliseconds, and
    // this task runs every component's start.
    else
      return inNextTask(
        () =>
          void lookUpRegionDefault().then(({ denied }) =>
            begin(denied ? initial.state : defaultState(false, initial.gpc)),
          ),
      )
  }, [setup])

  useEffect(() => recordNavigation(), [pathname])

  const choose = useCallback(
    (choice: ConsentChoice) => {
      // The banner goes away with the choice: focus that was in it goes back to the top of the page
      // (next Tab: the skip link), where the banner sits in the tab order, not to the page's body.
      if (bannerRef.current?.contains(document.activeElement)) {
        document.getElementById(PAGE_TOP_ID)?.focus({ preventScroll: true })
      }
      const effective = { analytics: choice.analytics, ads: choice.ads && !gpc }
      storeChoice(effective)
      const state = stateFromChoice(effective, gpc)
      analyticsWindow().gtag?.('consent', 'update', state)
      setCurrent(effective)
      setBannerOpen(false)
      applyConsent(state, effective)
    },
    [gpc],
  )

  const openDialog = useCallback(() => setDialogOpen(true), [])
  const closeDialog = useCallback(() => setDialogOpen(false), [])

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if ((event.target as Element | null)?.closest?.('[data-consent-open]')) {
        event.preventDefault()
        openDialog()
      }
    }
    document.addEventListener('click', onClick)
    return () => document.removeEventListener('click', onClick)
  }, [openDialog])

  // While the banner shows, the page's other bottom-corner elements (chat launcher, back-to-top)
  // sit above it, through this custom property.
  useEffect(() => {
    const banner = bannerRef.current
    const root = document.documentElement
    // The root says whether the banner is asking (the bootstrap script set it for the first paint):
    // on a phone the chat launcher waits until the visitor has chosen (widget.css).
    if (bannerOpen !== null) root.classList.toggle(CONSENT_ASK_CLASS, bannerOpen)
    if (!bannerOpen || !banner) return
    const observer = new ResizeObserver(() =>
      root.style.setProperty(BANNER_HEIGHT_PROPERTY, `${banner.offsetHeight}px`),
    )
    observer.observe(banner)
    return () => {
      observer.disconnect()
      root.style.removeProperty(BANNER_HEIGHT_PROPERTY)
    }
  }, [bannerOpen])

  return (
    <>
      {bannerOpen !== false ? (
        <section
          ref={bannerRef}
          className={bannerOpen ? 'consent-banner' : 'consent-banner consent-banner-pending'}
          aria-label="Privacy choices"
          data-testid="consent-banner"
        >
          <p className="consent-text">{setup.bannerText?.trim() || STANDARD_BANNER_TEXT}</p>
          <ConsentActions
            onReject={() => choose({ analytics: false, ads: false })}
            onAccept={() => choose({ analytics: true, ads: true })}
          >
            <button type="button" className="consent-manage" onClick={openDialog}>
              Manage choices
            </button>
          </ConsentActions>
        </section>
      ) : null}
      {dialogOpen ? (
        <OptionalPart key={dialog.key} onError={dialogFailed}>
          <Suspense fallback={null}>
            <dialog.Part initial={readChoice() ?? current} gpc={gpc} onChoose={choose} onClosed={closeDialog} />
          </Suspense>
        </OptionalPart>
      ) : null}
    </>
  )
}
