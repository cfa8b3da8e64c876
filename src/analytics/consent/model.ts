/** The four consent types of Google's Consent Mode v2 (docs/constants.md). */
export const CONSENT_TYPES = ['ad_storage', 'analytics_storage', 'ad_user_data', 'ad_personalization'] as const
export type ConsentType = (typeof CONSENT_TYPES)[number]
export type ConsentValue = 'granted' | 'denied'
export type ConsentState = Record<ConsentType, ConsentValue>

/** Consent types a Global Privacy Control signal denies: those that sell or share data for ads. */
export const GPC_DENIED_TYPES: readonly ConsentType[] = ['ad_storage', 'ad_user_data', 'ad_personalization']

/** What the visitor chose in the banner or the dialog: two purposes, each covering its consent types. */
export type ConsentChoice = { analytics: boolean; ads: boolean }

/** How long a choice is kept before the banner asks again. */
export const CONSENT_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000
/** localStorage key of the stored choice: `{ v, analytics, ads, expires }`. */
export const CONSENT_STORAGE_KEY = 'cardinal-consent'
/**
 * Where a choice the browser refused to store is kept instead: the tab's `window.name`, this prefix
 * and the same JSON. It lasts while the tab stays on the site (browsers empty the name when a tab
 * goes to another site), needs no storage permission, and is never sent to the server.
 */
export const CONSENT_TAB_NAME_PREFIX = 'cardinal-consent:'
/**
 * The class the bootstrap script puts on the page's root when no choice is stored, before the
 * first paint: the banner, part of every page, shows from the first paint rather than after the
 * page's scripts run (consent.css).
 */
export const CONSENT_ASK_CLASS = 'consent-ask'
/** How long tags wait for a `consent update` after the default (Consent Mode's wait_for_update). */
export const CONSENT_WAIT_FOR_UPDATE_MS = 500

export const DEFAULT_REGION_HEADER = 'x-visitor-region'

/**
 * Pages are the same for every visitor, so the region reaches the browser apart from them: the
 * region endpoint reads the front's header and answers with the default, and keeps the region in
 * this cookie (read by the page's bootstrap script) so later pages start from the right default.
 */
export const CONSENT_REGION_ENDPOINT = '/api/consent/region'
export const REGION_COOKIE = 'visitor_region'
/** The cookie's value when the front said nothing: the default stays denied, and nobody asks again today. */
export const UNKNOWN_REGION = 'unknown'
export const REGION_COOKIE_MAX_AGE_S = 24 * 60 * 60

/** The region endpoint's answer: the region (null when unknown) and whether consent starts denied there. */
export type RegionDefault = { region: string | null; denied: boolean }

/** The configured region header's name, or the default when the setting is empty or not a valid header name. */
export function regionHeaderName(configured: string | null | undefined): string {
  const name = configured?.trim().toLowerCase()
  return name && /^[a-z0-9-]{1,64}$/.test(name) ? name : DEFAULT_REGION_HEADER
}

const REGION_PATTERN = /^[A-Z]{2}(-[A-Z0-9]{1,3})?$/

/** The visitor's region from the proxy's header, normalised (`us-oh` -> `US-OH`), or null when absent or malformed. */
export function parseRegion(value: string | null | undefined): string | null {
  const region = value?.trim().toUpperCase()
  return region && REGION_PATTERN.test(region) ? region : null
}

/**
 * Whether consent starts denied for a visitor from this region. A listed country denies all its
 * subdivisions (`DE` covers `DE-BY`); an unknown region is treated as denied.
 */
export function regionDeniesByDefault(region: string | null, deniedRegions: readonly string[]): boolean {
  if (!region) return true
  const country = region.split('-')[0]
  return deniedRegions.some((code) => {
    const listed = code.trim().toUpperCase()
    return listed === region || listed === country
  })
}

export function uniformState(value: ConsentValue): ConsentState {
  return { ad_storage: value, analytics_storage: value, ad_user_data: value, ad_personalization: value }
}

/** The state a choice grants, with Global Privacy Control's opt-out applied on top. */
export function stateFromChoice(choice: ConsentChoice, gpc: boolean): ConsentState {
  const ads: ConsentValue = choice.ads && !gpc ? 'granted' : 'denied'
  return {
    ad_storage: ads,
    analytics_storage: choice.analytics ? 'granted' : 'denied',
    ad_user_data: ads,
    ad_personalization: ads,
  }
}

/** The default state for a page view, before the visitor's stored choice (if any) is applied. */
export function defaultState(deniedByRegion: boolean, gpc: boolean): ConsentState {
  const state = uniformState(deniedByRegion ? 'denied' : 'granted')
  if (gpc) for (const type of GPC_DENIED_TYPES) state[type] = 'denied'
  return state
}

/** What the banner says when the settings leave its text empty. */
export const STANDARD_BANNER_TEXT =
  'We count visits without cookies. With your permission we also use analytics and advertising tags and a session-recording service to learn how the site is used. You can change your choice at any time from “Privacy choices” at the foot of each page.'
