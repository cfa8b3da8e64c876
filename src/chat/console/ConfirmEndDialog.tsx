'use client'

import { useEffect, useRef } from 'react'
import { keepTabIn } from '@/dom/dom'

/**
 * Asks the agent to confirm ending a chat: a native modal dialog, so the browser moves focus in,
 * keeps the console behind inert and closes it on Escape (which keeps the chat going). Focus starts
 * on "Keep chatting", so an Enter pressed out of habit ends nothing, and goes back to End chat.
 */
export function ConfirmEndDialog({
  who,
  onConfirm,
  onClosed,
}: {
  who: string
  onConfirm: () => void
  onClosed: () => void
}) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const keep = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    const opener = document.activeElement as HTMLElement | null
    if (!dialog.open) dialog.showModal()
    keep.current?.focus()
    dialog.addEventListener('close', onClosed)
    const stopKeepingTab = keepTabIn(dialog)
    return () => {
      stopKeepingTab()
      dialog.removeEventListener('close', onClosed)
      if (opener?.isConnected) opener.focus()
    }
  }, [onClosed])

  return (
    <dialog ref={dialogRef} className="agent-dialog" aria-labelledby="end-chat-title" aria-describedby="end-chat-text">
      <h2 id="end-chat-title">End this chat?</h2>
      <p id="end-chat-text">{who} can no longer write in it. The transcript stays on your screen until you close it.</p>
      <div className="agent-actions">
        <button
          type="button"
          ref={keep}
          className="agent-button agent-button--quiet"
          onClick={() => dialogRef.current?.close()}
        >
          Keep chatting
        </button>
        <button
          type="button"
          className="agent-button agent-button--danger"
          onClick={() => {
            onConfirm()
            dialogRef.current?.close()
          }}
        >
          End chat
        </button>
      </div>
    </dialog>
  )
}
