'use client'

import { Suspense, useEffect, useState } from 'react'
import { inNextTask } from '@/dom/inTurns'
import { OptionalPart, useRenewableLazy } from '@/dom/OptionalPart'
import type { LiveChatWidgetApi } from './stub'
import { CHAT_WANTED_EVENT, type ChatConfig, DIRECT_LINK_HASH } from './pageConfig'
import { windowWasOpen } from './widget/windowMemory'

const loadVisitorWidget = () => import('./widget/VisitorWidget')
const loadLiveChatProvider = () => import('./livechat/LiveChatProvider')

/** Longest wait for an idle moment before the widget loads anyway. */
export const CHAT_IDLE_TIMEOUT_MS = 4000

/**
 * Loads the chat after the page is idle, or at once when a visitor asks for it. When its code
 * cannot load, the page goes on without the chat; the visitor's next ask tries again.
 */
export function ChatLoader({ config }: { config: ChatConfig }) {
  const [wanted, setWanted] = useState(false)
  // The provider is the page's for as long as it is open (the chrome keeps its settings).
  const chat = useRenewableLazy(config.provider === 'livechat' ? loadLiveChatProvider : loadVisitorWidget)
  const failed = () => {
    setWanted(false)
    chat.renew()
  }
  useEffect(() => {
    const want = () => setWanted(true)
    // A page script's call, a direct chat link, or a window left open on the last page: load at once.
    if ((window.LiveChatWidget as LiveChatWidgetApi | undefined)?._w || window.location.hash === DIRECT_LINK_HASH)
      want()
    // A page's first read of session storage can take Chromium 5–15 ms: a task of its own.
    const cancelCheck = inNextTask(() => {
      if (windowWasOpen()) want()
    })
    document.addEventListener(CHAT_WANTED_EVENT, want)
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(want, { timeout: CHAT_IDLE_TIMEOUT_MS })
      : window.setTimeout(want, CHAT_IDLE_TIMEOUT_MS)
    return () => {
      cancelCheck()
      document.removeEventListener(CHAT_WANTED_EVENT, want)
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle)
      else window.clearTimeout(idle)
    }
  }, [])
  if (!wanted) return null
  return (
    <OptionalPart key={chat.key} onError={failed}>
      <Suspense fallback={null}>
        <chat.Part config={config} />
      </Suspense>
    </OptionalPart>
  )
}

declare global {
  interface Window {
    LiveChatWidget?: unknown
  }
}
