// The contact form's message area as a small state machine (docs/behaviour.md), and its DOM view.

/** How long success, captcha-error and error stay shown (docs/constants.md). */
export const MESSAGE_DISPLAY_MS = 2000

/** Shown while a send is under way. */
export const SENDING_TEXT = 'Sending your message…'

export type MessageState = '' | 'loading' | 'success' | 'error' | 'captcha-error'

export type Outcome =
  { kind: 'sent'; text: string } | { kind: 'captcha'; text: string } | { kind: 'failed'; text: string }

export type MessageEvent = { type: 'submit' } | { type: 'answer'; outcome: Outcome } | { type: 'expire' }

/** What the form does alongside a transition; `show-note` shows the note the server sent with the success, if any. */
export type Effect = 'reset-form' | 'reset-captcha' | 'show-note'

export type MessageView = {
  state: MessageState
  text: string
  /** When set, an `expire` event is due after this many milliseconds. */
  expiresInMs: number | null
  /** Run when the state is entered. */
  onEnter: Effect[]
  /** Run when the state expires. */
  onExpire: Effect[]
}

export const IDLE: MessageView = { state: '', text: '', expiresInMs: null, onEnter: [], onExpire: [] }

const shown = (state: MessageState, text: string, onEnter: Effect[], onExpire: Effect[]): MessageView => ({
  state,
  text,
  expiresInMs: MESSAGE_DISPLAY_MS,
  onEnter,
  onExpire,
})

export function nextMessage(current: MessageView, event: MessageEvent): MessageView {
  switch (event.type) {
    case 'submit':
      return { state: 'loading', text: SENDING_TEXT, expiresInMs: null, onEnter: [], onExpire: [] }
    case 'answer': {
      if (current.state !== 'loading') return current
      const { outcome } = event
      if (outcome.kind === 'sent') return shown('success', outcome.text, [], ['reset-form', 'show-note'])
      if (outcome.kind === 'captcha') return shown('captcha-error', outcome.text, ['reset-captcha'], [])
      return shown('error', outcome.text, [], [])
    }
    case 'expire':
      return current.expiresInMs === null ? current : IDLE
  }
}

/**
 * Whether the form may be sent now: not while a send is under way, nor while its success is shown,
 * since the form still holds what was sent until the success message goes and clears it.
 */
export const canSubmit = (view: MessageView): boolean => view.state !== 'loading' && view.state !== 'success'

/** Shows a view in the message area; the text is set as text, never parsed as HTML. */
export function renderMessage(area: HTMLElement, view: MessageView): void {
  area.dataset.state = view.state
  area.textContent = view.text
}
