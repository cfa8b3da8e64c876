'use client'

import { usePathname } from 'next/navigation'
import { type Ref, type RefObject, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { ChatWindow } from './ChatWindow'
import type { ChatPostResult } from '../browser/chatRequest'
import { sendVisitorRequest } from './visitorClient'
import type { ChatConfig } from '../pageConfig'
import { WidgetController } from './controller'
import { createChime } from '../browser/chime'
import type { Visibility, WidgetState } from './state'
import { useWidgetStart } from './useWidgetStart'
import './widget.css'

/** What takes focus when the window opens: its first field or button, never a hidden one or the honeypot. */
const FIRST_FOCUSABLE =
  ':is(input:not([type="hidden"]), textarea, select, button:not([data-close]), [role="combobox"]):not([tabindex="-1"], [disabled])'

/** The built-in chat: launcher, window, pre-chat and offline forms, conversation. */
export default function VisitorWidget({ config }: { config: ChatConfig }) {
  const controller = useMemo(() => new WidgetController(createChime()), [])
  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState)
  const launcherRef = useRef<HTMLButtonElement>(null)
  const windowRef = useRef<HTMLElement>(null)
  const [error, setError] = useState('')
  const ids = useId()
  const { configured, offlineForm } = useWidgetStart(controller, config)
  useReportPageViews()
  useFocusFollowsWindow(state.visibility, windowRef, launcherRef)

  if (!configured || state.disabled || state.visibility === 'hidden') return null

  const report = (result: ChatPostResult) => {
    setError(result.ok ? '' : result.error)
    return result.ok
  }
  const send = async (text: string, type: 'message' | 'emoji' = 'message') =>
    report(await sendVisitorRequest({ action: 'message', type, text }))

  const open = state.visibility === 'maximized'
  const windowId = `${ids}-window`

  return (
    <div
      className="chat-widget"
      data-availability={state.availability}
      data-status={state.customer.status}
      data-connection={state.connection}
    >
      {!open && (
        <Launcher
          ref={launcherRef}
          state={state}
          windowId={windowId}
          onOpen={() => controller.setVisibility('maximized')}
        />
      )}
      {open && (
        <ChatWindow
          state={state}
          controller={controller}
          windowId={windowId}
          titleId={`${ids}-title`}
          windowRef={windowRef}
          error={error}
          offlineForm={offlineForm}
          report={report}
          send={send}
        />
      )}
    </div>
  )
}

/** The closed widget: a button that opens the window and counts the agent's unread messages. */
function Launcher({
  ref,
  state: { availability, unread },
  windowId,
  onOpen,
}: {
  ref: Ref<HTMLButtonElement>
  state: WidgetState
  windowId: string
  onOpen: () => void
}) {
  return (
    <button
      ref={ref}
      type="button"
      className="chat-launcher"
      aria-expanded={false}
      aria-controls={windowId}
      onClick={onOpen}
    >
      <svg
        className="chat-launcher-icon"
        viewBox="0 0 24 24"
        width="22"
        height="22"
        aria-hidden="true"
        focusable="false"
      >
        <path
          d="M4 4h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-9l-5 4v-4H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      <span className="chat-launcher-label">{availability === 'online' ? 'Chat with us' : 'Leave a message'}</span>
      {unread > 0 && (
        <span className="chat-unread" data-count={unread}>
          {unread}
          <span className="visually-hidden"> unread</span>
        </span>
      )}
    </button>
  )
}

/** Tells the server each page the visitor moves to after the first (the stream reported that one). */
function useReportPageViews() {
  const pathname = usePathname()
  const firstPath = useRef(pathname)
  useEffect(() => {
    if (pathname === firstPath.current) return
    firstPath.current = pathname
    void sendVisitorRequest({ action: 'page', page: pathname })
  }, [pathname])
}

/** Focus follows the window: into it when it opens, back to the launcher when it closes. */
function useFocusFollowsWindow(
  visibility: Visibility,
  windowRef: RefObject<HTMLElement | null>,
  launcherRef: RefObject<HTMLButtonElement | null>,
) {
  const wasOpen = useRef(false)
  useEffect(() => {
    const open = visibility === 'maximized'
    if (open && !wasOpen.current) {
      windowRef.current?.querySelector<HTMLElement>(FIRST_FOCUSABLE)?.focus()
    } else if (!open && wasOpen.current && visibility === 'minimized') {
      launcherRef.current?.focus()
    }
    wasOpen.current = open
  }, [visibility, windowRef, launcherRef])
}
