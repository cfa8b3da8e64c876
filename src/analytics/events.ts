/** Event names the site itself sends, shared by the browser clients, the collector and the dashboard. */
export const PAGE_VIEW_EVENT = 'page_view'
/** A contact message accepted (spam left out): recorded by the server; the browser tells the Google tags. */
export const LEAD_EVENT = 'generate_lead'
/** A chat the visitor started: recorded by the server; the browser tells the Google tags. */
export const CHAT_STARTED_EVENT = 'chat_started'
/**
 * Events the server records when it accepts the action, whatever the browser runs (a blocked or
 * not yet started script, a page left at once, no JavaScript): the collector does not store them
 * from browsers, so each is counted once.
 */
export const SERVER_RECORDED_EVENTS: readonly string[] = [LEAD_EVENT, CHAT_STARTED_EVENT]

export const isServerRecorded = (name: string) => SERVER_RECORDED_EVENTS.includes(name)
/** Events marked as conversions wherever they are sent (a requirement: a `purchase` is always a conversion). */
export const CONVERSION_EVENT_NAMES: readonly string[] = ['purchase']

export const isConversion = (name: string) => CONVERSION_EVENT_NAMES.includes(name)
