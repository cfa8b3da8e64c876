import type { ConsentType } from '@/analytics/consent/model'

/**
 * LiveChat's script sets cookies that recognise a returning visitor and follow the pages they
 * visit (for its agents' visitor list and its own reports): visitor tracking, so it waits for the
 * Analytics purpose, Consent Mode's `analytics_storage`.
 */
export const LIVECHAT_CONSENT_TYPE: ConsentType = 'analytics_storage'

type Gtag = ((...args: unknown[]) => void) & { __chatObserved?: Set<() => void> }
type ConsentWindow = Window & { dataLayer?: ArrayLike<unknown>[]; gtag?: Gtag }

/**
 * Whether the page's current consent state grants `type`: the last Consent Mode command in
 * window.dataLayer that sets it (the default written before anything loads, then each update).
 */
export function consentGranted(type: ConsentType = LIVECHAT_CONSENT_TYPE): boolean {
  const layer = (window as ConsentWindow).dataLayer ?? []
  for (let i = layer.length - 1; i >= 0; i--) {
    const entry = layer[i]
    if (!entry || entry[0] !== 'consent' || (entry[1] !== 'default' && entry[1] !== 'update')) continue
    const value = (entry[2] as Record<string, unknown> | undefined)?.[type]
    if (value === 'granted' || value === 'denied') return value === 'granted'
  }
  return false
}

/**
 * Calls `listener` after each Consent Mode command (the banner and the preferences dialog send
 * theirs through window.gtag). Returns the unsubscribe function.
 */
export function onConsentCommand(listener: () => void): () => void {
  const w = window as ConsentWindow
  let gtag = w.gtag
  if (!gtag?.__chatObserved) {
    const original = gtag ?? ((...args: unknown[]) => void ((w.dataLayer ??= []) as unknown[]).push(args))
    const observed = new Set<() => void>()
    const wrapped: Gtag = function (this: unknown, ...args: unknown[]) {
      // gtag() must push its `arguments` object, as the bootstrap's does
      // eslint-disable-next-line prefer-rest-params
      original.apply(this, arguments as unknown as unknown[])
      if (args[0] === 'consent') observed.forEach((notify) => notify())
    }
    wrapped.__chatObserved = observed
    w.gtag = gtag = wrapped
  }
  gtag.__chatObserved!.add(listener)
  return () => gtag!.__chatObserved!.delete(listener)
}
