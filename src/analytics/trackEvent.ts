import { isServerRecorded } from './events'
import { analyticsWindow, type PendingEvent } from './globals'

export type EventParams = Record<string, string | number | boolean | null>

/**
 * Reports a visitor action (e.g. `trackEvent('generate_lead', { form_id: 115 })`) to the
 * first-party collector and, through gtag(), to the Google tags; those receive it only if they
 * load, which consent decides. Events the server records itself (a lead, a chat started) go to the
 * Google tags only. Cheap and safe to call anywhere, even before anything loaded.
 */
export function trackEvent(name: string, params: EventParams = {}): void {
  if (typeof window === 'undefined') return
  const w = analyticsWindow()
  w.gtag?.('event', name, params)
  if (isServerRecorded(name)) return
  ;(w.__firstParty ??= [] as PendingEvent[]).push({ name, url: location.href, ts: Date.now(), props: params })
}
