/** Event names the site itself sends, shared by the browser clients, the collector and the dashboard. */
export const PAGE_VIEW_EVENT = 'page_view'
/** Sent by the contact form on success. */
export const LEAD_EVENT = 'generate_lead'
/** Counted as chats started until the chat capability keeps its own records. */
export const CHAT_STARTED_EVENT = 'chat_started'
/** Events marked as conversions wherever they are sent (a requirement: a `purchase` is always a conversion). */
export const CONVERSION_EVENT_NAMES: readonly string[] = ['purchase']

export const isConversion = (name: string) => CONVERSION_EVENT_NAMES.includes(name)
