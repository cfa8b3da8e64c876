'use client'

import { lazy, Suspense, useEffect, useState } from 'react'
import { OptionalPart } from '@/dom/OptionalPart'
import type { LiveChatWidgetApi } from './stub'
import { type ChatConfig, DIRECT_LINK_HASH } from './pageConfig'
import { windowWasOpen } from './widget/windowMemory'

const loadVisitorWidget = () => import('./widget/VisitorWidget')
const loadLiveChatProvider = () => import('./livechat/LiveChatProvider')
/** A fresh pair of lazy parts: React keeps a failed load's error, so a new try needs new ones. */
const lazyParts = () => ({ VisitorWidget: lazy(loadVisitorWidget), LiveChatProvider: lazy(loadLiveChatProvider) })

/** Longest wait for an idle moment before the widget loads anyway. */
export const CHAT_IDLE_TIMEOUT_MS = 4000

/**
 * Loads the chat after the page is idle, or at once when a visitor asks for it. When its code
 * cannot load, the page goes on without the chat; the visitor's next ask tries again.
 */
export function ChatLoader({ config }: { config: ChatConfig }) {
  const [wanted, setWanted] = useState(false)
  const [attempt, setAttempt] = useState(() => ({ key: 0, ...lazyParts() }))
  const failed = () => {
    setWanted(false)
    setAttempt((last) => ({ key: last.key + 1, ...lazyParts() }))
  }
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
  const { VisitorWidget, LiveChatProvider } = attempt
  return (
    <OptionalPart key={attempt.key} onError={failed}>
      <Suspense fallback={null}>
        {config.provider === 'livechat' ? <LiveChatProvider config={config} /> : <VisitorWidget config={config} />}
      </Suspense>
    </OptionalPart>
  )
}

declare global {
  interface Window {
    LiveChatWidget?: unknown
  }
}
