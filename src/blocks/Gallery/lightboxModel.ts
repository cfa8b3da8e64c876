/**
 * The gallery's lightbox as a reducer. Its keyboard contract, while it is open:
 *
 * | key                 | does                                                         |
 * |---------------------|--------------------------------------------------------------|
 * | ArrowRight          | the next image (after the last, the first)                   |
 * | ArrowLeft           | the previous image (before the first, the last)              |
 * | Home / End          | the first / the last image                                   |
 * | Escape              | closes; focus returns to the thumbnail that opened it        |
 * | Tab / Shift+Tab     | moves among its buttons and stays in the dialog              |
 *
 * A thumbnail opens it on click, Enter (a link's own) or Space. Escape and Tab are the DOM
 * layer's (the dialog's cancel event, keepTabIn); this file decides which image shows.
 */
export type LightboxState = { open: boolean; index: number; count: number }

export type LightboxAction =
  | { type: 'open'; index: number }
  | { type: 'close' }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'first' }
  | { type: 'last' }

export const closedLightbox = (count: number): LightboxState => ({ open: false, index: 0, count })

const wrap = (index: number, count: number) => ((index % count) + count) % count

export function lightboxReducer(state: LightboxState, action: LightboxAction): LightboxState {
  if (state.count === 0) return state
  switch (action.type) {
    case 'open':
      return { ...state, open: true, index: wrap(action.index, state.count) }
    case 'close':
      return { ...state, open: false }
  }
  if (!state.open) return state
  switch (action.type) {
    case 'next':
      return { ...state, index: wrap(state.index + 1, state.count) }
    case 'previous':
      return { ...state, index: wrap(state.index - 1, state.count) }
    case 'first':
      return { ...state, index: 0 }
    case 'last':
      return { ...state, index: state.count - 1 }
  }
}

const KEY_ACTIONS: Record<string, LightboxAction> = {
  ArrowRight: { type: 'next' },
  ArrowLeft: { type: 'previous' },
  Home: { type: 'first' },
  End: { type: 'last' },
}

/** What a key pressed in the open lightbox does, or null for a key it leaves alone. */
export function lightboxKeyAction(key: string): LightboxAction | null {
  return KEY_ACTIONS[key] ?? null
}

/** What the dialog is called: the gallery's name and where in it the visitor is. */
export const lightboxTitle = (galleryName: string, state: LightboxState) =>
  `${galleryName}: image ${state.index + 1} of ${state.count}`
