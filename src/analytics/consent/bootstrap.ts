import { CONSENT_WAIT_FOR_UPDATE_MS, type ConsentState, defaultState } from './model'

/**
 * Spec section 9: Google-signals redaction is disallowed for all regions, so Google signals stay
 * off everywhere; device and geo redaction is not disallowed, so granular device and location
 * data stay on. Ad click identifiers are redacted while ad_storage is denied, and never passed
 * through links (url_passthrough off), since URLs may carry personal data.
 */
export const GOOGLE_TAG_SETTINGS = {
  ads_data_redaction: true,
  url_passthrough: false,
  allow_google_signals: false,
  allow_ad_personalization_signals: true,
} as const

export type BootstrapInput = { deniedByRegion: boolean; gpcHeader: boolean }

/**
 * The inline script, run before anything else on the page, that writes Consent Mode's default
 * into `window.dataLayer` the way gtag() does (pushing its `arguments` object). The server knows
 * the region; the browser adds its Global Privacy Control signal, so both variants are sent.
 */
export function consentBootstrapScript({ deniedByRegion, gpcHeader }: BootstrapInput): string {
  const variants: { plain: ConsentState; gpc: ConsentState } = {
    plain: defaultState(deniedByRegion, gpcHeader),
    gpc: defaultState(deniedByRegion, true),
  }
  const config = JSON.stringify({ ...variants, wait: CONSENT_WAIT_FOR_UPDATE_MS, settings: GOOGLE_TAG_SETTINGS })
  return (
    `(function(c){var w=window;w.dataLayer=w.dataLayer||[];` +
    `w.gtag=w.gtag||function(){w.dataLayer.push(arguments)};` +
    `var gpc=navigator.globalPrivacyControl===true;` +
    `w.gtag('consent','default',Object.assign({},gpc?c.gpc:c.plain,{wait_for_update:c.wait}));` +
    `w.gtag('set',c.settings);` +
    `w.__consentDefault={state:gpc?c.gpc:c.plain,gpc:gpc,denied:${deniedByRegion}}})(${config.replace(/</g, '\\u003c')})`
  )
}
