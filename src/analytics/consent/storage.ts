import { CONSENT_MAX_AGE_MS, CONSENT_STORAGE_KEY, type ConsentChoice } from './model'

/*
 * The choice is kept in localStorage with its own expiry rather than in a cookie: it is only ever
 * read by the browser, and a cookie would travel with every request to the server for nothing.
 */

/** The visitor's stored choice; null when there is none, it is malformed or older than a year. */
export function readChoice(now = Date.now()): ConsentChoice | null {
  try {
    const value = JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? 'null') as Record<string, unknown> | null
    if (!value || value.v !== 1 || typeof value.analytics !== 'boolean' || typeof value.ads !== 'boolean') return null
    if (typeof value.expires !== 'number' || value.expires <= now) return null
    return { analytics: value.analytics, ads: value.ads }
  } catch {
    return null
  }
}

export function storeChoice(choice: ConsentChoice, now = Date.now()): void {
  try {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ v: 1, ...choice, expires: now + CONSENT_MAX_AGE_MS }))
  } catch {
    // Storage refused (private mode, quota): the choice holds for this page only.
  }
}
