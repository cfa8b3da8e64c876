import { memo, useEffect, useRef, useState } from 'react'
import { CmsForm, DEFAULT_SUCCESS_TEXT } from '@/contact/form/CmsForm'
import { FORM_SENT_EVENT } from '@/contact/form/events'
import type { OfflineForm } from '../lookup'

/** Prefix of the offline form's element ids, unique beside the same form on the contact page. */
export const OFFLINE_FORM_ID_PREFIX = 'chat-offline-'

/** Rendered once: a new render would hand the form's behaviour a new configuration and attach it again. */
const OfflineContactForm = memo(CmsForm)

/**
 * No agent online: the visitor leaves a message through the contact form, the same form, checks,
 * captcha and sending as the contact page. Once it is sent, the form gives way to its success text.
 */
export function OfflineMessage({ offline, name, email }: { offline: OfflineForm | null; name: string; email: string }) {
  const [sent, setSent] = useState(false)
  const holder = useRef<HTMLDivElement>(null)
  const notice = useRef<HTMLParagraphElement>(null)
  const prefill = useRef({ name, email })

  useEffect(() => {
    const node = holder.current
    if (!node) return
    // What the page told the widget about the visitor (set_customer_name, set_customer_email) fills the form.
    const form = node.querySelector('form')
    for (const [field, value] of Object.entries(prefill.current)) {
      const control = form?.elements.namedItem(field)
      if (value && control instanceof HTMLInputElement && control.value === '') control.value = value
    }
    const onSent = () => setSent(true)
    node.addEventListener(FORM_SENT_EVENT, onSent)
    return () => node.removeEventListener(FORM_SENT_EVENT, onSent)
  }, [])

  useEffect(() => {
    if (sent) notice.current?.focus()
  }, [sent])

  if (!offline) {
    return <p className="chat-offline-note">No agent is online. Please use our contact page to leave a message.</p>
  }
  return (
    <div ref={holder} className="chat-offline">
      {sent ? (
        <p ref={notice} className="chat-offline-sent" role="status" tabIndex={-1}>
          {offline.form.successMessage || DEFAULT_SUCCESS_TEXT}
        </p>
      ) : (
        <>
          <p>No agent is online. Leave a message and we will answer by email.</p>
          <OfflineContactForm
            form={offline.form}
            captcha={offline.captcha}
            idPrefix={OFFLINE_FORM_ID_PREFIX}
            stayOnPage
          />
        </>
      )}
    </div>
  )
}
