import type { KeyboardEvent } from 'react'

/**
 * A chat composer's keys, as in every chat tool: Enter sends the message (submits the textarea's
 * form), Shift+Enter starts a new line, and the Enter that ends an input method's composition
 * (Japanese, Chinese, ...) only ends it.
 */
export function sendOnEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
  if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
  event.preventDefault()
  event.currentTarget.form?.requestSubmit()
}
