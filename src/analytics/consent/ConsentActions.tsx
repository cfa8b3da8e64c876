import type { ReactNode } from 'react'

/**
 * The two equal-weight answers, then a third action; the banner and the dialog show the same
 * pair in the same order and style, so neither choice is easier to reach than the other.
 */
export function ConsentActions({
  onReject,
  onAccept,
  children,
}: {
  onReject: () => void
  onAccept: () => void
  children: ReactNode
}) {
  return (
    <div className="consent-actions">
      <button type="button" className="consent-choice" onClick={onReject}>
        Reject all
      </button>
      <button type="button" className="consent-choice" onClick={onAccept}>
        Accept all
      </button>
      {children}
    </div>
  )
}
