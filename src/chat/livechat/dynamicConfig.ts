import { CHAT_CONFIG_LOOKUP_TIMEOUT_MS, type LookupOutcome } from '../lookup'

/** LiveChat's customer API by licence region (`fra` is its European data centre); LIVECHAT_API_URL overrides it. */
export const LIVECHAT_API_URLS = { default: 'https://api.livechatinc.com', fra: 'https://api-fra.livechatinc.com' }
/** The customer API version whose `get_dynamic_configuration` action the widget asks. */
export const LIVECHAT_API_VERSION = '3.6'

export function liveChatApiUrl(region: string, override: string | undefined): string {
  if (override) return override.replace(/\/+$/, '')
  return region.trim().toLowerCase() === 'fra' ? LIVECHAT_API_URLS.fra : LIVECHAT_API_URLS.default
}

/** The fields of LiveChat's dynamic configuration that decide whether its widget may run here. */
export type LiveChatDynamicConfig = {
  organization_id?: string
  livechat_active?: boolean
  default_widget?: string
  livechat?: { group_id?: number; domain_allowed?: boolean }
  error?: { type?: string; message?: string }
}

/** What an answer means for the widget. */
export function outcomeOfDynamicConfig(answer: unknown): LookupOutcome {
  if (!answer || typeof answer !== 'object') return { kind: 'failed' }
  const config = answer as LiveChatDynamicConfig
  const errorType = config.error?.type
  if (errorType === 'license_not_found' || errorType === 'not_found')
    return { kind: 'refused', error: 'license_not_found' }
  if (errorType === 'license_expired') return { kind: 'refused', error: 'license_expired' }
  if (errorType) return { kind: 'failed' }
  if (config.livechat_active === false) return { kind: 'refused', error: 'license_expired' }
  if (config.livechat?.domain_allowed === false) return { kind: 'refused', error: 'domain_not_allowed' }
  if (config.default_widget !== 'livechat') return { kind: 'refused', error: 'wrong_product' }
  return { kind: 'ok' }
}

let lookups = 0

/**
 * Asks LiveChat's API for the licence's dynamic configuration, as its tracking script does, by
 * JSONP (a script, which the page's CSP admits through 'strict-dynamic' without opening
 * connect-src to another host). No answer within the timeout, or a script that fails, is `failed`.
 */
export function liveChatConfigLookup(apiUrl: string, license: string, group: number): Promise<LookupOutcome> {
  return new Promise((resolve) => {
    const callback = `__chatDynamicConfig${++lookups}`
    const holder = window as unknown as Record<string, unknown>
    const script = document.createElement('script')
    let settled = false
    const finish = (outcome: LookupOutcome) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      delete holder[callback]
      script.remove()
      resolve(outcome)
    }
    const timer = setTimeout(() => finish({ kind: 'failed' }), CHAT_CONFIG_LOOKUP_TIMEOUT_MS)
    holder[callback] = (answer: unknown) => finish(outcomeOfDynamicConfig(answer))
    const query = new URLSearchParams({
      license_id: license,
      group_id: String(group),
      url: window.location.href,
      channel_type: 'code',
      jsonp: callback,
    })
    script.async = true
    script.src = `${apiUrl}/v${LIVECHAT_API_VERSION}/customer/action/get_dynamic_configuration?${query}`
    script.onerror = () => finish({ kind: 'failed' })
    // A script that ran without calling back answered nothing usable.
    script.onload = () => finish({ kind: 'failed' })
    document.head.appendChild(script)
  })
}
