'use client'

import { useEffect, useRef, useState } from 'react'
import { keepTabIn } from '@/dom/dom'
import { ConsentActions } from './ConsentActions'
import type { ConsentChoice } from './model'

/**
 * The preferences dialog, loaded only when a visitor asks for it: a native modal dialog, so the
 * browser moves focus in, keeps the page behind inert, closes it on Escape and gives focus back
 * to the control that opened it.
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
    if (!dialog) return
    if (!dialog.open) dialog.showModal()
    dialog.addEventListener('close', onClosed)
    const stopKeepingTab = keepTabIn(dialog)
    return () => {
      stopKeepingTab()
      dialog.removeEventListener('close', onClosed)
    }
  }, [onClosed])

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
