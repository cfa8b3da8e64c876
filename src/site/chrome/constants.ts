/** Page-chrome timings and thresholds; each is a requirement (docs/constants.md). */

/** Scroll and resize work runs at most this often. */
export const SCROLL_THROTTLE_MS = 50
/** The address-bar hash follows the section in view at most this often. */
export const SCROLL_SPY_THROTTLE_MS = 500
/** In-page links and back-to-top scroll over this long. */
export const SMOOTH_SCROLL_MS = 400
/** A submenu starts closing this long after the pointer leaves… */
export const SUBMENU_HIDE_DELAY_MS = 800
/** …and then fades out over this long. */
export const SUBMENU_FADE_MS = 250
/** The body is marked `scrolled` beyond this many pixels. */
export const SCROLLED_MARKER_PX = 24
/** Back-to-top shows beyond this many pixels. */
export const BACK_TO_TOP_THRESHOLD_PX = 100
/** The header is fixed only from this viewport width up (desktop threshold 767 px). */
export const HEADER_FIXED_MIN_WIDTH_PX = 768
/** Mobile menu panel is offered below this width (or on touch devices). */
export const MOBILE_MENU_MAX_WIDTH_PX = HEADER_FIXED_MIN_WIDTH_PX - 1

/** The public contract's mark on the menu entry of the current page or of the section in view. */
export const ACTIVE_ENTRY_CLASS = 'active'
/**
 * The scroll spy's own mark beside `active` on the menu link of the section in view. A section
 * link (`/#id`) is never the page's own entry (src/site/MenuLink.tsx marks only exact paths), so
 * the spy may set and take off `active` on it without touching the page's mark.
 */
export const SECTION_IN_VIEW_CLASS = 'in-view'
