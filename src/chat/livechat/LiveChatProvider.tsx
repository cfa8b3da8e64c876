'use client'

import { useEffect, useId, useRef, useState } from 'react'
import { hostAllowed } from '../domains'
import { lookUpWithRetry } from '../lookup'
import type { LiveChatWidgetApi } from '../stub'
import { CHAT_WANTED_EVENT, type ChatConfig, warnDisabled } from '../pageConfig'
import { consentGranted, onConsentCommand } from './consent'
import { liveChatConfigLookup } from './dynamicConfig'
import '../widget/widget.css'

/** The attribute that marks LiveChat's tracking script on the page. */
const TRACKING_SCRIPT_MARK = 'data-livechat-tracking'

/** Where a visitor who will not allow LiveChat can still reach the business. */
export const CHAT_FALLBACK_PATH = '/contact'

/**
 * Hands our queued API calls to LiveChat's tracking script, which consumes
 * window.LiveChatWidget._q in the same [method, args] shape; `.chat-button` clicks already go
 * through LiveChatWidget.call('maximize'), which LiveChat then owns.
 */
function loadTrackingScript(config: ChatConfig) {
  // Once a page: LiveChat's widget starts once, however often the provider's effect runs again.
  if (document.querySelector(`script[${TRACKING_SCRIPT_MARK}]`)) return
  const settings = window as unknown as { __lc?: Record<string, unknown> }
  settings.__lc = { license: Number(config.license) || config.license, group: config.group, integration_name: 'site' }
  const api = (window.LiveChatWidget ?? { _q: [] }) as LiveChatWidgetApi
  api._h = null
  api._v = '2.0'
  window.LiveChatWidget = api
  const script = document.createElement('script')
  script.async = true
  script.setAttribute(TRACKING_SCRIPT_MARK, '')
  script.src = config.liveChatScriptUrl
  script.onerror = () => warnDisabled('region_failed')
  document.head.appendChild(script)
}

/**
 * The LiveChat provider. Nothing reaches LiveChat (neither its configuration lookup nor its
 * script) until the visitor's consent grants analytics_storage; a visitor who asks for the chat
 * before that is told why and offered the privacy choices or the contact page.
 */
export default function LiveChatProvider({ config }: { config: ChatConfig }) {
  const [waitingForConsent, setWaitingForConsent] = useState(false)
  const [asked, setAsked] = useState(false)

  useEffect(() => {
    const refusal =
      config.configError ??
      (hostAllowed(window.location.hostname, config.siteHostname, config.allowedDomains) ? null : 'domain_not_allowed')
    if (refusal) {
      warnDisabled(refusal)
      return
    }
    let cancelled = false
    let unsubscribe = () => {}
    const start = async () => {
      const error = await lookUpWithRetry(() =>
        liveChatConfigLookup(config.liveChatApiUrl, config.license, config.group),
      )
      if (cancelled) return
      if (error) warnDisabled(error)
      else loadTrackingScript(config)
    }
    const startOnceGranted = () => {
      if (!consentGranted()) return false
      unsubscribe()
      setWaitingForConsent(false)
      void start()
      return true
    }
    if (!startOnceGranted()) {
      // The consent state is the browser's, readable only after hydration.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setWaitingForConsent(true)
      if ((window.LiveChatWidget as LiveChatWidgetApi | undefined)?._w) setAsked(true)
      unsubscribe = onConsentCommand(startOnceGranted)
    }
    return () => {
      cancelled = true
      unsubscribe()
    }
  }, [config])

  useEffect(() => {
    if (!waitingForConsent) return
    const ask = () => setAsked(true)
    document.addEventListener(CHAT_WANTED_EVENT, ask)
    return () => document.removeEventListener(CHAT_WANTED_EVENT, ask)
  }, [waitingForConsent])

  if (!waitingForConsent || !asked) return null
  return <ConsentNotice onClose={() => setAsked(false)} />
}

function ConsentNotice({ onClose }: { onClose: () => void }) {
  const ids = useId()
  const ref = useRef<HTMLElement>(null)
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null
    ref.current?.querySelector<HTMLElement>('button')?.focus()
    return () => {
      if (opener?.isConnected) opener.focus()
    }
  }, [])
  return (
    <div className="chat-widget">
      <section
        ref={ref}
        className="chat-window chat-consent-notice"
        role="dialog"
        aria-modal="false"
        aria-labelledby={`${ids}-title`}
        aria-describedby={`${ids}-text`}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose()
        }}
      >
        <h2 id={`${ids}-title`} className="chat-title">
          Chat needs your permission
        </h2>
        <p id={`${ids}-text`}>
          Our chat is provided by LiveChat, which sets cookies that recognise your visit. It starts once you allow
          Analytics in your privacy choices. You can also reach us through the contact page.
        </p>
        <div className="chat-consent-actions">
          <button type="button" data-consent-open>
            Privacy choices
          </button>
          <a href={CHAT_FALLBACK_PATH}>Contact us instead</a>
          <button type="button" onClick={onClose}>
            Not now
          </button>
        </div>
      </section>
    </div>
  )
}
