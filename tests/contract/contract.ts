/**
 * The numbers of DESIGN.md's "Public contract", copied from DESIGN.md by hand. They are DESIGN.md's,
 * not the code's: never change one to follow src/ (and never import src/'s constants here). When a
 * test of this suite fails after a change in src/, the change broke the contract.
 */

// Page chrome
export const HEADER_FIXED_MIN_WIDTH_PX = 768
export const HEADER_Z_INDEX = 1000
export const BODY_SCROLLED_AFTER_PX = 24
export const REVEAL_CHECK_MS = 50
export const SUBMENU_HIDE_DELAY_MS = 800
export const SUBMENU_FADE_MS = 250
export const SMOOTH_SCROLL_MS = 400
export const SCROLL_SPY_MS = 500
export const BACK_TO_TOP_AFTER_PX = 100

// Page elements
export const PROGRESS_MS = 2000
export const CAROUSEL_INTERVAL_MS = 5000
export const SWIPE_PX = 75
export const LONG_TAP_MS = 500
/** No element of the site reacts to a double tap yet, so no browser test can show this one. */
export const DOUBLE_TAP_MS = 200
export const TYPEAHEAD_MIN_CHARS = 1
export const TYPEAHEAD_MAX_OPTIONS = 8
export const LAZY_IMAGE_FADE_MS = 500

// Contact form
export const CONTACT_FORM_ID = 115
export const MESSAGE_MIN_CHARS = 50
export const SEARCHABLE_SELECT_ABOVE_OPTIONS = 10
export const FORM_MESSAGE_MS = 2000

// HTTP
export const COLLECT_MAX_EVENTS = 20
export const COLLECT_MAX_BYTES = 16384
