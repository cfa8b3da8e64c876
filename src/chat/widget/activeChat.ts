/** What counts as the visitor's first interaction (it opens the chat's connection). */
export const INTERACTION_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'scroll', 'touchstart', 'focusin'] as const
/** Marks, across reloads and tabs, that this browser has a chat going on. */
export const ACTIVE_CHAT_KEY = 'chat:active'

export function readActiveChat(): boolean {
  try {
    return window.localStorage.getItem(ACTIVE_CHAT_KEY) === '1'
  } catch {
    return false
  }
}

export function writeActiveChat(active: boolean) {
  try {
    if (active) window.localStorage.setItem(ACTIVE_CHAT_KEY, '1')
    else window.localStorage.removeItem(ACTIVE_CHAT_KEY)
  } catch {
    // storage may be blocked; the chat then connects on interaction
  }
}

/** Runs `run` once, on the visitor's first interaction with the page. */
export function onFirstInteraction(run: () => void) {
  const once = () => {
    for (const name of INTERACTION_EVENTS) window.removeEventListener(name, once, true)
    run()
  }
  for (const name of INTERACTION_EVENTS) window.addEventListener(name, once, { capture: true, passive: true })
}

/** Runs `run` on the first click or key press: browsers let a page play sound only after one. */
export function onFirstGesture(run: () => void) {
  window.addEventListener('pointerdown', run, { once: true, capture: true })
  window.addEventListener('keydown', run, { once: true, capture: true })
}
