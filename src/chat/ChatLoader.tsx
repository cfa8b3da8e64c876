'use client'

import { lazy, Suspense, useEffect, useState } from 'react'
import type { LiveChatWidgetApi } from './stub'
import { type ChatConfig, DIRECT_LINK_HASH } from './pageConfig'
import { windowWasOpen } from './widget/windowMemory'

const VisitorWidget = lazy(() => import('./widget/VisitorWidget'))
const LiveChatProvider = lazy(() => import('./livechat/LiveChatProvider'))

/** Longest wait for an idle moment before the widget loads anyway. */
export const CHAT_IDLE_TIMEOUT_MS = 4000

/** Loads the chat after the page is idle, or at once when a visitor asks for it. */
export function ChatLoader({ config }: { config: ChatConfig }) {
  const [wanted, setWanted] = useState(false)
  useEffect(() => {
    const want = () => setWanted(true)
    // A page script's call, a direct chat link, or a window left open on the last page: load at once.
    if (
      (window.LiveChatWidget as LiveChatWidgetApi | undefined)?._w ||
      window.location.hash === DIRECT_LINK_HASH ||
      windowWasOpen()
    )
      want()
    document.addEventListener('chat:wanted', want)
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(want, { timeout: CHAT_IDLE_TIMEOUT_MS })
      : window.setTimeout(want, CHAT_IDLE_TIMEOUT_MS)
    return () => {
      document.removeEventListener('chat:wanted', want)
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle)
      else window.clearTimeout(idle)
    }
  }, [])
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      {config.provider === 'livechat' ? <LiveChatProvider config={config} /> : <VisitorWidget config={config} />}
    </Suspense>
  )
}

declare global {
  interface Window {
    LiveChatWidget?: unknown
  }
}
