/** What the server tells the page about its chat (from site settings). */
export type ChatConfig = {
  provider: 'builtin' | 'livechat'
  siteHostname: string
  allowedDomains: string[]
  license: string
  group: number
  language: string
  /** LiveChat's tracking script (configurable so tests serve a stand-in on loopback). */
  liveChatScriptUrl: string
  /** Origin of LiveChat's customer API for the licence's region, where its configuration is looked up. */
  liveChatApiUrl: string
  /** Set when the server already knows the chat cannot run. */
  configError: ConfigError | null
}

/** Why a widget may refuse to run; each is logged with console.warn. */
export const CONFIG_ERRORS = {
  license_not_found: 'the licence was not found',
  license_expired: 'the licence has expired',
  domain_not_allowed: 'this domain is not in the allowed domains',
  wrong_product: 'the default widget is not the chat product',
  region_failed: 'the region lookup failed',
} as const
export type ConfigError = keyof typeof CONFIG_ERRORS

export const warnDisabled = (cause: ConfigError) =>
  console.warn(`Chat widget disabled: ${CONFIG_ERRORS[cause]} (${cause}).`)

/** A direct chat link leads to the home page with this hash, which opens the widget. */
export const DIRECT_LINK_HASH = '#chat'
/** The document event by which the page's stub asks the loader for the chat. */
export const CHAT_WANTED_EVENT = 'chat:wanted'
