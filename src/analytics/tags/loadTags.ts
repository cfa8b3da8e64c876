import type { ConsentState } from '../consent/model'
import { analyticsWindow } from '../globals'
import { redactUrl } from '../redact'
import type { TagConfig } from './hosts'

type TagWindow = ReturnType<typeof analyticsWindow> & {
  clarity?: { (...args: unknown[]): void; q?: unknown[] }
  hj?: { (...args: unknown[]): void; q?: unknown[] }
  _hjSettings?: { hjid: string; hjsv: number }
}

const loaded = new Set<string>()
/** Which kinds of tag this page has run: a script that ran cannot be taken out of the page. */
const ran = { google: false, recording: false }

function injectScript(src: string) {
  if (loaded.has(src)) return
  loaded.add(src)
  const script = document.createElement('script')
  script.async = true
  script.src = src
  // Scripts created by our nonce'd bundle are trusted through 'strict-dynamic'; GTM hands the nonce on to its own.
  const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce
  if (nonce) script.nonce = nonce
  document.head.appendChild(script)
}

/** Whether consent lets the Google tags (GTM, GA4) load at all, and the recording service. */
export const allowsGoogleTags = (state: ConsentState) =>
  state.analytics_storage === 'granted' || state.ad_storage === 'granted'
export const allowsSessionRecording = (state: ConsentState) => state.analytics_storage === 'granted'

/** Whether this page runs a tag that the consent state no longer allows (a withdrawn consent). */
export const runsWithdrawnTags = (state: ConsentState) =>
  (ran.google && !allowsGoogleTags(state)) || (ran.recording && !allowsSessionRecording(state))

const pageFields = (url: string, referrer: string) => ({
  page_location: redactUrl(url),
  page_referrer: redactUrl(referrer),
})

/**
 * Loads the configured tags that the consent state allows, once each. GA4 is configured without
 * its automatic page view: page views are sent by `sendTagPageView`, with redacted URLs.
 */
export function loadTags(config: TagConfig, state: ConsentState): boolean {
  const w = analyticsWindow() as TagWindow
  const gtag = w.gtag!
  let google = false
  if (allowsGoogleTags(state) && config.ga4Id) {
    if (!loaded.has(`ga4:${config.ga4Id}`)) {
      loaded.add(`ga4:${config.ga4Id}`)
      gtag('js', new Date())
      gtag('config', config.ga4Id, { send_page_view: false, ...pageFields(location.href, document.referrer) })
    }
    injectScript(`${config.origins.google}/gtag/js?id=${encodeURIComponent(config.ga4Id)}`)
    google = true
  }
  if (allowsGoogleTags(state) && config.gtmId) {
    if (!loaded.has(`gtm:${config.gtmId}`)) {
      loaded.add(`gtm:${config.gtmId}`)
      w.dataLayer!.push({ 'gtm.start': Date.now(), event: 'gtm.js', ...pageFields(location.href, document.referrer) })
    }
    injectScript(`${config.origins.google}/gtm.js?id=${encodeURIComponent(config.gtmId)}`)
    google = true
  }
  ran.google ||= google
  if (allowsSessionRecording(state) && config.clarityId) {
    w.clarity ??= Object.assign((...args: unknown[]) => (w.clarity!.q ??= []).push(args), { q: [] as unknown[] })
    // Clarity's consent signal: analytics granted (it runs only then), ads as the visitor chose.
    w.clarity('consentv2', clarityConsent(state))
    injectScript(`${config.origins.clarity}/tag/${encodeURIComponent(config.clarityId)}`)
    ran.recording = true
  }
  if (allowsSessionRecording(state) && config.hotjarId) {
    w.hj ??= Object.assign((...args: unknown[]) => (w.hj!.q ??= []).push(args), { q: [] as unknown[] })
    w._hjSettings = { hjid: config.hotjarId, hjsv: 6 }
    injectScript(`${config.origins.hotjar}/c/hotjar-${encodeURIComponent(config.hotjarId)}.js?sv=6`)
    ran.recording = true
  }
  return google
}

const clarityConsent = (state: ConsentState) => ({
  ad_Storage: state.ad_storage,
  analytics_Storage: state.analytics_storage,
})

/** A page view for the Google tags, after a client-side navigation (or the first load). */
export function sendTagPageView(url: string, referrer: string) {
  const gtag = analyticsWindow().gtag!
  const fields = pageFields(url, referrer)
  gtag('set', fields)
  gtag('event', 'page_view', fields)
}
