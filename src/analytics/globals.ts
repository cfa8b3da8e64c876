import type { ConsentState } from './consent/model'
import type { CollectedEvent } from './collector/limits'

/** An event waiting for the first-party collector, which starts after idle. */
export type PendingEvent = CollectedEvent

/** What the consent bootstrap, the tag loader and the first-party client share on `window`. */
export type AnalyticsWindow = Window & {
  dataLayer?: unknown[]
  gtag?: (...args: unknown[]) => void
  __consentDefault?: { state: ConsentState; gpc: boolean; denied: boolean; regionKnown: boolean }
  /** Events for the first-party collector: an array until it starts, then its own queue. */
  __firstParty?: { push: (event: PendingEvent) => unknown }
}

export const analyticsWindow = () => window as AnalyticsWindow
