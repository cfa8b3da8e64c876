import { CONSENT_MAX_AGE_MS, CONSENT_STORAGE_KEY, CONSENT_TAB_NAME_PREFIX, type ConsentChoice } from './model'

/*
 * The choice is kept in localStorage with its own expiry rather than in a cookie: it is only ever
 * read by the browser, and a cookie would travel with every request to the server for nothing.
 * Where the browser refuses to store it (some private modes, a full quota), it is kept in the tab's
 * name instead, so that it still holds on the next page and on a reload of this tab; a withdrawal
 * takes effect by loading the page again (src/analytics/runtime.ts), which needs exactly that.
 */

/** A kept choice from its JSON; null when it is malformed or older than a year. */
function parseChoice(json: string | null, now: number): ConsentChoice | null {
  try {
    const value = JSON.parse(json ?? 'null') as Record<string, unknown> | null
    if (!value || value.v !== 1 || typeof value.analytics !== 'boolean' || typeof value.ads !== 'boolean') return null
    if (typeof value.expires !== 'number' || value.expires <= now) return null
    return { analytics: value.analytics, ads: value.ads }
  } catch {
    return null
  }
}

function storedJson(): string | null {
  try {
    return localStorage.getItem(CONSENT_STORAGE_KEY)
  } catch {
    return null
  }
}

const tabJson = () =>
  window.name.startsWith(CONSENT_TAB_NAME_PREFIX) ? window.name.slice(CONSENT_TAB_NAME_PREFIX.length) : null

/**
 * The visitor's choice: the one this tab kept because storage refused it (it is the newer), else the
 * stored one; null when there is none, it is malformed or older than a year.
 */
export function readChoice(now = Date.now()): ConsentChoice | null {
  return parseChoice(tabJson(), now) ?? parseChoice(storedJson(), now)
}

export function storeChoice(choice: ConsentChoice, now = Date.now()): void {
  const json = JSON.stringify({ v: 1, ...choice, expires: now + CONSENT_MAX_AGE_MS })
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, json)
    if (tabJson() !== null) window.name = ''
  } catch {
    window.name = CONSENT_TAB_NAME_PREFIX + json
  }
}
