import { useEffect, useState } from 'react'
import { hostAllowed } from '../domains'
import { builtinConfigLookup, type BuiltinConfigKept, lookUpWithRetry, type OfflineForm } from '../lookup'
import type { LiveChatWidgetApi } from '../stub'
import { type ChatConfig, type ConfigError, DIRECT_LINK_HASH, warnDisabled } from '../pageConfig'
import type { WidgetController } from './controller'

/**
 * Starts the widget once its configuration is looked up (see ../lookup.ts), or leaves it disabled
 * with a warning; either way window.LiveChatWidget gets the real API, given back to the page's
 * stub when the widget stops. `configured` turns true when it runs; `offlineForm` is the contact
 * form it offers while no agent is online.
 */
export function useWidgetStart(controller: WidgetController, config: ChatConfig) {
  const [configured, setConfigured] = useState(false)
  const [offlineForm, setOfflineForm] = useState<OfflineForm | null>(null)

  useEffect(() => {
    // A run after a stop on the same controller (new settings, or React's second run in development).
    controller.reset()
    const api = (window.LiveChatWidget ?? {}) as LiveChatWidgetApi
    window.LiveChatWidget = api
    let cancelled = false
    const stop = () => {
      cancelled = true
      controller.disable()
      controller.uninstall(api)
    }
    const refusal =
      config.configError ??
      (hostAllowed(window.location.hostname, config.siteHostname, config.allowedDomains) ? null : 'domain_not_allowed')
    const refuse = (cause: ConfigError) => {
      warnDisabled(cause)
      controller.disable()
      controller.install(api)
    }
    if (refusal) {
      refuse(refusal)
      return stop
    }
    let kept: BuiltinConfigKept = { offlineForm: null, availability: null }
    void lookUpWithRetry(() => builtinConfigLookup((found) => (kept = found))).then((error) => {
      if (cancelled) return
      if (error) return refuse(error)
      controller.install(api)
      controller.start(window.location.pathname, kept.availability)
      setOfflineForm(kept.offlineForm)
      setConfigured(true)
      // A direct chat link (/chat) lands on the site with #chat: open the window.
      if (window.location.hash === DIRECT_LINK_HASH) controller.setVisibility('maximized')
    })
    return stop
  }, [controller, config])

  return { configured, offlineForm }
}
