'use client'
import { useDocumentInfo, useFormFields } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { releaseUrl } from './releasePath'

/** In a held submission's sidebar: queues its delivery after an editor has read it. */
export function ReleaseButton() {
  const { id } = useDocumentInfo()
  const status = useFormFields(([fields]) => fields.deliveryStatus?.initialValue)
  const router = useRouter()
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState('')
  if (id === undefined || status !== 'held') return null

  const release = async () => {
    setBusy(true)
    try {
      const response = await fetch(releaseUrl(id), { method: 'POST', credentials: 'include' })
      const body = (await response.json().catch(() => ({}))) as { message?: string }
      setMessage(body.message ?? `The release failed (${response.status}).`)
      if (response.ok) router.refresh()
    } catch {
      setMessage('The release failed: the server could not be reached.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="release-held" style={{ marginBottom: '1.5rem' }}>
      <p>Held for review: sent without JavaScript, so without the captcha. Read it, then release it to email it.</p>
      <button type="button" className="btn btn--style-primary btn--size-small" onClick={release} disabled={busy}>
        Release for delivery
      </button>
      <p role="status" aria-live="polite">
        {message}
      </p>
    </div>
  )
}
