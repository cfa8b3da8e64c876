'use client'

import { usePathname } from 'next/navigation'
import { useCallback, useEffect, useRef, useState } from 'react'
import { analyticsWindow } from '../globals'
import { type AnalyticsSetup, applyConsent, recordNavigation, startAnalytics } from '../runtime'
import { type ConsentChoice, stateFromChoice, uniformState } from './model'
import { readChoice, storeChoice } from './storage'
import './consent.css'

/** The open banner's height, for the fixed elements that must stay above it. */
export const BANNER_HEIGHT_PROPERTY = '--consent-banner-height'

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])'

/** "Reject all" then "Accept all": the same pair in the banner and in the dialog. */
function UniformChoices({ choose }: { choose: (choice: ConsentChoice) => void }) {
  return (
    <>
      <button type="button" className="consent-choice" onClick={() => choose({ analytics: false, ads: false })}>
        Reject all
      </button>
      <button type="button" className="consent-choice" onClick={() => choose({ analytics: true, ads: true })}>
        Accept all
      </button>
    </>
  )
}

/** The consent banner, the preferences dialog and the start of analytics on every page. */
export function ConsentManager(setup: AnalyticsSetup) {
  const pathname = usePathname()
  const [bannerOpen, setBannerOpen] = useState(false)
  const [gpc, setGpc] = useState(false)
  const [draft, setDraft] = useState<ConsentChoice>({ analytics: false, ads: false })
  const dialogRef = useRef<HTMLDialogElement>(null)
  const openerRef = useRef<HTMLElement | null>(null)

  useEffect(() => {
    const w = analyticsWindow()
    const initial = w.__consentDefault ?? { state: uniformState('denied'), gpc: false, denied: true }
    const choice = readChoice()
    const state = choice ? stateFromChoice(choice, initial.gpc) : initial.state
    if (choice) w.gtag?.('consent', 'update', state)
    // Reading the browser's stored choice can only happen after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setGpc(initial.gpc)
    setBannerOpen(!choice)
    setDraft(choice ?? { analytics: state.analytics_storage === 'granted', ads: state.ad_storage === 'granted' })
    startAnalytics(setup, state, choice, initial.gpc)
  }, [setup])

  useEffect(() => recordNavigation(), [pathname])

  const choose = useCallback(
    (choice: ConsentChoice) => {
      const effective = { analytics: choice.analytics, ads: choice.ads && !gpc }
      storeChoice(effective)
      const state = stateFromChoice(effective, gpc)
      analyticsWindow().gtag?.('consent', 'update', state)
      setDraft(effective)
      setBannerOpen(false)
      if (dialogRef.current?.open) dialogRef.current.close()
      applyConsent(state, effective)
    },
    [gpc],
  )

  const openDialog = useCallback(() => {
    const dialog = dialogRef.current
    if (!dialog || dialog.open) return
    openerRef.current = document.activeElement as HTMLElement | null
    const stored = readChoice()
    if (stored) setDraft(stored)
    dialog.showModal()
    dialog.querySelector<HTMLElement>(FOCUSABLE)?.focus()
  }, [])

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

  const onDialogKeyDown = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)]
    const first = items[0]
    const last = items[items.length - 1]
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last?.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first?.focus()
    }
  }

  const onDialogClose = () => {
    const opener = openerRef.current
    openerRef.current = null
    if (opener?.isConnected) opener.focus()
  }

  // While the banner shows, the page's other bottom-corner elements (chat launcher, back-to-top)
  // sit above it, through this custom property.
  const bannerRef = useRef<HTMLElement>(null)
  useEffect(() => {
    const banner = bannerRef.current
    const root = document.documentElement
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
      {bannerOpen ? (
        <section ref={bannerRef} className="consent-banner" aria-label="Privacy choices" data-testid="consent-banner">
          <p className="consent-text">
            We count visits without cookies. With your permission we also use analytics and advertising tags and a
            session-recording service to learn how the site is used. You can change your choice at any time from
            “Privacy choices” at the foot of each page.
          </p>
          <div className="consent-actions">
            <UniformChoices choose={choose} />
            <button type="button" className="consent-manage" onClick={openDialog}>
              Manage choices
            </button>
          </div>
        </section>
      ) : null}
      <dialog
        ref={dialogRef}
        className="consent-dialog"
        aria-labelledby="consent-dialog-title"
        aria-describedby="consent-dialog-intro"
        onKeyDown={onDialogKeyDown}
        onClose={onDialogClose}
      >
        <h2 id="consent-dialog-title" className="consent-title">
          Privacy choices
        </h2>
        <p id="consent-dialog-intro">Choose what this site may use besides the cookie-free visit count.</p>
        <fieldset className="consent-purposes">
          <legend className="visually-hidden">Purposes</legend>
          <label className="consent-purpose">
            <input type="checkbox" checked disabled />
            <span>
              <strong>Necessary</strong> — keeps the site working; always on.
            </span>
          </label>
          <label className="consent-purpose">
            <input
              type="checkbox"
              name="analytics"
              checked={draft.analytics}
              onChange={(event) => setDraft({ ...draft, analytics: event.target.checked })}
            />
            <span>
              <strong>Analytics</strong> — Google Analytics and session recording, to see how pages are used.
            </span>
          </label>
          <label className="consent-purpose">
            <input
              type="checkbox"
              name="ads"
              checked={draft.ads && !gpc}
              disabled={gpc}
              aria-describedby={gpc ? 'consent-gpc-note' : undefined}
              onChange={(event) => setDraft({ ...draft, ads: event.target.checked })}
            />
            <span>
              <strong>Advertising</strong> — ad storage, ad user data and ad personalisation.
            </span>
          </label>
          {gpc ? (
            <p id="consent-gpc-note" className="consent-gpc">
              Your browser sends a Global Privacy Control signal, so advertising stays off.
            </p>
          ) : null}
        </fieldset>
        <div className="consent-actions">
          <UniformChoices choose={choose} />
          <button type="button" className="consent-manage" onClick={() => choose(draft)}>
            Save choices
          </button>
        </div>
        <button type="button" className="consent-close" aria-label="Close" onClick={() => dialogRef.current?.close()}>
          ×
        </button>
      </dialog>
    </>
  )
}
