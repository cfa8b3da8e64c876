import {
  CONSENT_ASK_CLASS,
  CONSENT_STORAGE_KEY,
  CONSENT_TAB_NAME_PREFIX,
  CONSENT_WAIT_FOR_UPDATE_MS,
  type ConsentState,
  defaultState,
  parseRegion,
  REGION_COOKIE,
  UNKNOWN_REGION,
} from './model'

/**
 * Required (docs/constants.md, Consent): Google-signals redaction is disallowed for all regions, so Google signals stay
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

export type BootstrapInput = { deniedRegions: readonly string[] }

/**
 * The inline script, run before anything else on the page, that writes Consent Mode's default
 * into `window.dataLayer` the way gtag() does (pushing its `arguments` object). The page is the
 * same for every visitor: the script reads the region from the cookie the region endpoint sets
 * (denied while it is unknown) and the browser's Global Privacy Control signal, and picks one of
 * the four defaults. `regionKnown` tells the consent manager whether to ask the endpoint. When no
 * choice is stored (the rules of storage.ts's readChoice), it marks the page's root with
 * CONSENT_ASK_CLASS, so the banner shows from the first paint.
 */
export function consentBootstrapScript({ deniedRegions }: BootstrapInput): string {
  const denied = [...new Set(deniedRegions.map(parseRegion).filter((code): code is string => code !== null))]
  // Indexed by (denied by region ? 1 : 0) + (GPC ? 2 : 0).
  const states: ConsentState[] = [
    defaultState(false, false),
    defaultState(true, false),
    defaultState(false, true),
    defaultState(true, true),
  ]
  const config = JSON.stringify({
    denied,
    states,
    wait: CONSENT_WAIT_FOR_UPDATE_MS,
    settings: GOOGLE_TAG_SETTINGS,
    key: CONSENT_STORAGE_KEY,
    tab: CONSENT_TAB_NAME_PREFIX,
    ask: CONSENT_ASK_CLASS,
  })
  return (
    `(function(c){var w=window;w.dataLayer=w.dataLayer||[];` +
    `w.gtag=w.gtag||function(){w.dataLayer.push(arguments)};` +
    `var m=document.cookie.match(/(?:^|;\\s*)${REGION_COOKIE}=([A-Za-z0-9-]{1,16})/);` +
    `var r=m&&m[1]!=='${UNKNOWN_REGION}'?m[1].toUpperCase():null;` +
    `var d=!r||c.denied.indexOf(r)>=0||c.denied.indexOf(r.split('-')[0])>=0;` +
    `var gpc=navigator.globalPrivacyControl===true;var s=c.states[(d?1:0)+(gpc?2:0)];` +
    `w.gtag('consent','default',Object.assign({},s,{wait_for_update:c.wait}));` +
    `w.gtag('set',c.settings);` +
    `w.__consentDefault={state:s,gpc:gpc,denied:d,regionKnown:!!m};` +
    `var ok=function(read){var k;try{k=JSON.parse(read()||'null')}catch(e){k=null}` +
    `return !!(k&&k.v===1&&typeof k.analytics==='boolean'&&typeof k.ads==='boolean'&&typeof k.expires==='number'&&k.expires>Date.now())};` +
    `var n=String(w.name||'');` +
    `if(!ok(function(){return n.indexOf(c.tab)===0?n.slice(c.tab.length):null})&&!ok(function(){return w.localStorage.getItem(c.key)}))` +
    `document.documentElement.classList.add(c.ask)})(${config.replace(/</g, '\\u003c')})`
  )
}
