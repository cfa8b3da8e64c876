/**
 * Pause in typing after which the admin autosaves a page's draft (and the live preview reloads).
 * A second is about a pause between phrases: the preview follows typing within about two seconds,
 * while a burst of typing makes one save, not one per word (each save runs the page's hooks).
 */
export const PAGE_AUTOSAVE_INTERVAL_MS = 1000
