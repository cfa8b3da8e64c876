'use client'

import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { ConsentActions } from './ConsentActions'
import type { ConsentChoice } from './model'

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])'

/**
 * The preferences dialog, loaded only when a visitor asks for it: a native modal dialog with
 * focus moved in, kept in, and given back to the control that opened it when it closes.
 */
export default function ConsentDialog({
  initial,
  gpc,
  onChoose,
  onClosed,
}: {
  initial: ConsentChoice
  gpc: boolean
  onChoose: (choice: ConsentChoice) => void
  onClosed: () => void
}) {
  const [draft, setDraft] = useState(initial)
  const dialogRef = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog || dialog.open) return
    const opener = document.activeElement as HTMLElement | null
    dialog.showModal()
    dialog.querySelector<HTMLElement>(FOCUSABLE)?.focus()
    const onClose = () => {
      if (opener?.isConnected) opener.focus()
      onClosed()
    }
    dialog.addEventListener('close', onClose)
    return () => dialog.removeEventListener('close', onClose)
  }, [onClosed])

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
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

  const decide = (choice: ConsentChoice) => {
    onChoose(choice)
    dialogRef.current?.close()
  }

  return (
    <dialog
      ref={dialogRef}
      className="consent-dialog"
      aria-labelledby="consent-dialog-title"
      aria-describedby="consent-dialog-intro"
      onKeyDown={onKeyDown}
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
      <ConsentActions
        onReject={() => decide({ analytics: false, ads: false })}
        onAccept={() => decide({ analytics: true, ads: true })}
      >
        <button type="button" className="consent-manage" onClick={() => decide(draft)}>
          Save choices
        </button>
      </ConsentActions>
      <button type="button" className="consent-close" aria-label="Close" onClick={() => dialogRef.current?.close()}>
        ×
      </button>
    </dialog>
  )
}
