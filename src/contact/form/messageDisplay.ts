// The message area of an enhanced form in the page: it follows the pure state machine of
// messageArea.ts, keeps its 2 s timers, sets the form busy while a send is under way, and keeps the
// calm note the server sends with a success once the success message has gone.
import { prefersReducedMotion } from '@/dom/dom'
import {
  type Effect,
  IDLE,
  type MessageEvent,
  type MessageView,
  canSubmit,
  nextMessage,
  renderMessage,
} from './messageArea'

/** The calm note that stays under the form after a send ("Sent at 3:45 PM EST. …"). */
export const NOTE_CLASS = 'form-note'

/** Scrolls an element into view when any of it is outside the window: smoothly, unless motion is reduced. */
function bringIntoView(element: HTMLElement) {
  const box = element.getBoundingClientRect()
  if (box.top >= 0 && box.bottom <= window.innerHeight) return
  element.scrollIntoView({ block: 'nearest', behavior: prefersReducedMotion() ? 'auto' : 'smooth' })
}

export type MessageDisplay = {
  /** Moves the area on by one event of its state machine. */
  send(event: MessageEvent): void
  /** Whether the form may be sent now. */
  canSubmit(): boolean
  /** Keeps the note to show once the success message goes (null: none); takes away the one shown. */
  expectNote(note: string | null): void
  /** The form was cleared: the area goes quiet, unless a send is under way. */
  formReset(): void
  /** Stops its timer (the behaviour is detached). */
  stop(): void
}

/** `runEffect` does what the form must do beside a transition (reset it, reset the captcha). */
export function createMessageDisplay(
  form: HTMLFormElement,
  runEffect: (effect: Exclude<Effect, 'show-note'>) => void,
): MessageDisplay {
  const area = form.querySelector<HTMLElement>('.form-message')
  const submitButton = form.querySelector<HTMLButtonElement>('button[type="submit"]')
  let view: MessageView = IDLE
  let expiry: ReturnType<typeof setTimeout> | undefined
  let pendingNote: string | null = null

  function showNote(text: string | null) {
    let note = form.querySelector<HTMLElement>(`.${NOTE_CLASS}`)
    if (text === null) return note?.remove()
    if (!note) {
      note = document.createElement('p')
      note.className = NOTE_CLASS
      ;(area ?? form.lastElementChild)?.after(note)
    }
    note.textContent = text
    bringIntoView(note)
  }

  function run(effects: Effect[]) {
    for (const effect of effects) {
      if (effect !== 'show-note') runEffect(effect)
      else if (pendingNote) showNote(pendingNote)
    }
  }

  function show(next: MessageView) {
    clearTimeout(expiry)
    const changed = next.text !== view.text
    view = next
    if (area) {
      renderMessage(area, view)
      // A live region speaks on its own; people who look see it too, not half below the fold.
      if (changed && view.text) bringIntoView(area)
    }
    form.setAttribute('aria-busy', String(view.state === 'loading'))
    submitButton?.setAttribute('aria-disabled', String(!canSubmit(view)))
    run(view.onEnter)
    if (view.expiresInMs !== null) {
      const leaving = view
      expiry = setTimeout(() => {
        show(nextMessage(leaving, { type: 'expire' }))
        run(leaving.onExpire)
      }, view.expiresInMs)
    }
  }

  return {
    send: (event) => show(nextMessage(view, event)),
    canSubmit: () => canSubmit(view),
    expectNote(note) {
      pendingNote = note
      if (note === null) showNote(null)
    },
    formReset() {
      if (view.state !== 'loading') show(IDLE)
    },
    stop: () => clearTimeout(expiry),
  }
}
