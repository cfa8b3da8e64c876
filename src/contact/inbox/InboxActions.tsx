'use client'
import { useDocumentInfo, useFormFields } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { ACTION_FROM, ACTION_LABELS, INBOX_ACTIONS, type InboxAction } from './protocol'
import { postInboxAction } from './client'

const HINTS: Partial<Record<InboxAction, string>> = {
  release: 'Held for review: sent without JavaScript, so without the captcha. Read it, then release it to email it.',
  resend: 'Every delivery attempt failed. Check the error below, then send it once more.',
  notSpam: 'Marked spam and never emailed. If a person wrote it, deliver it.',
}

/** In a submission's sidebar: the actions its status allows, each posted once and recorded. */
export function InboxActions() {
  const { id } = useDocumentInfo()
  const status = useFormFields(([fields]) => fields.deliveryStatus?.initialValue)
  const handledAt = useFormFields(([fields]) => fields.handledAt?.initialValue)
  const router = useRouter()
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState('')
  // Hidden at once when done: the refreshed document may arrive after the next click.
  const [done, setDone] = useState<InboxAction[]>([])
  if (id === undefined) return null
  const available = INBOX_ACTIONS.filter(
    (action) => !done.includes(action) && (action === 'handled' ? !handledAt : ACTION_FROM[action] === status),
  )

  const run = async (action: InboxAction) => {
    setBusy(true)
    const outcome = await postInboxAction(id, action)
    setMessage(outcome.message)
    setBusy(false)
    if (outcome.ok) {
      setDone((previous) => [...previous, action])
      router.refresh()
    }
  }

  return (
    <div className="inbox-actions" style={{ marginBottom: '1.5rem' }}>
      {available.map((action) => (
        <div key={action} style={{ marginBottom: '0.75rem' }}>
          {HINTS[action] && <p>{HINTS[action]}</p>}
          <button
            type="button"
            className={`btn btn--size-small ${action === 'handled' ? 'btn--style-secondary' : 'btn--style-primary'}`}
            onClick={() => run(action)}
            disabled={busy}
          >
            {ACTION_LABELS[action]}
          </button>
        </div>
      ))}
      <p role="status" aria-live="polite">
        {message}
      </p>
    </div>
  )
}
