'use client'

import { useEffect } from 'react'
import { hostAllowed } from '../domains'
import type { LiveChatWidgetApi } from '../stub'
import { type ChatConfig, warnDisabled } from '../widget/config'

/**
 * The LiveChat provider: hands our queued API calls to LiveChat's tracking script, which
 * consumes window.LiveChatWidget._q in the same [method, args] shape. `.chat-button` clicks
 * already go through LiveChatWidget.call('maximize'), which LiveChat then owns.
 */
export default function LiveChatProvider({ config }: { config: ChatConfig }) {
  useEffect(() => {
    const refusal =
      config.configError ??
      (hostAllowed(window.location.hostname, config.siteHostname, config.allowedDomains) ? null : 'domain_not_allowed')
    if (refusal) {
      warnDisabled(refusal)
      return
    }
    const settings = window as unknown as { __lc?: Record<string, unknown> }
    settings.__lc = { license: Number(config.license) || config.license, group: config.group, integration_name: 'site' }
    const api = (window.LiveChatWidget ?? { _q: [] }) as LiveChatWidgetApi
    api._h = null
    api._v = '2.0'
    window.LiveChatWidget = api
    const script = document.createElement('script')
    script.async = true
    script.src = config.liveChatScriptUrl
    script.onerror = () => warnDisabled('region_failed')
    document.head.appendChild(script)
  }, [config])
  return null
}
