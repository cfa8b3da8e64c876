import { type RefObject, useRef } from 'react'
import { CHAT_STARTED_EVENT } from '@/analytics/events'
import { trackEvent } from '@/analytics/trackEvent'
import type { OfflineForm } from '../lookup'
import { ChatEventItem } from '../browser/ChatEventItem'
import type { ChatPostResult } from '../browser/chatRequest'
import { uploadFile } from '../browser/uploadFile'
import { sendVisitorRequest } from './visitorClient'
import { Composer } from './Composer'
import type { WidgetController } from './controller'
import { EndScreen } from './EndScreen'
import { OfflineMessage } from './OfflineMessage'
import { PreChatForm } from './PreChatForm'
import { isInChat, type WidgetState } from './state'
import { useStickToNewest } from '../browser/useStickToNewest'

export type ChatWindowProps = {
  state: WidgetState
  controller: WidgetController
  windowId: string
  titleId: string
  windowRef: RefObject<HTMLElement | null>
  /** The last refusal from the server, in plain words ('' when the last call went through). */
  error: string
  offlineForm: OfflineForm | null
  /** Shows a call's refusal (or clears the last one); true when the call went through. */
  report: (result: ChatPostResult) => boolean
  send: (text: string, type?: 'message' | 'emoji') => Promise<boolean>
}

/**
 * The open chat window: its header and, in a chat, the composer stay put while the conversation
 * (with the pre-chat, offline or end panel) scrolls between them, the newest message in view.
 */
export function ChatWindow({
  state,
  controller,
  windowId,
  titleId,
  windowRef,
  error,
  send,
  ...panel
}: ChatWindowProps) {
  const body = useRef<HTMLDivElement>(null)
  useStickToNewest(body, state.events.length + (state.ended ? 1 : 0))
  const inChat = isInChat(state.customer.status)
  return (
    <section
      ref={windowRef}
      id={windowId}
      className="chat-window"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        // An Escape that a control inside used (a dropdown closing its list) leaves the window open.
        if (event.key === 'Escape' && !event.defaultPrevented) controller.setVisibility('minimized')
      }}
    >
      <header className="chat-window-header">
        <h2 id={titleId} className="chat-title">
          Chat
        </h2>
        <p className="chat-availability">{state.availability === 'online' ? 'Agents are online' : 'We are offline'}</p>
        <button
          type="button"
          className="chat-minimize"
          data-close
          onClick={() => controller.setVisibility('minimized')}
        >
          <span aria-hidden="true">–</span>
          <span className="visually-hidden">Minimize chat</span>
        </button>
      </header>
      {state.connection === 'failed' && (
        <p className="chat-connection-lost" role="alert">
          The chat is offline: we could not reconnect.{' '}
          <button type="button" onClick={() => controller.retry()}>
            Try again
          </button>
        </p>
      )}
      <div ref={body} className="chat-window-body">
        {state.events.length > 0 && (
          <div className="chat-log-region" role="log" aria-label="Conversation">
            <ol className="chat-log">
              {state.events.map((event) => (
                <ChatEventItem key={event.id} event={event} onChoose={(label) => void send(label)} />
              ))}
            </ol>
          </div>
        )}
        <p className="chat-typing" aria-live="polite">
          {state.agentTyping ? `${state.agentTyping} is typing…` : ''}
        </p>
        {!inChat && <VisitorChatBody state={state} controller={controller} send={send} {...panel} />}
      </div>
      {error && (
        <p className="chat-error" role="alert">
          {error}
        </p>
      )}
      {inChat && <VisitorChatBody state={state} controller={controller} send={send} {...panel} />}
    </section>
  )
}

/**
 * In a chat, the composer; once it has ended, the end screen; before one, the pre-chat form while
 * agents are online, else the offline form.
 */
function VisitorChatBody({
  state,
  controller,
  send,
  report,
  offlineForm,
}: Pick<ChatWindowProps, 'state' | 'controller' | 'send' | 'report' | 'offlineForm'>) {
  const { status, name, email } = state.customer
  if (isInChat(status)) {
    return (
      <Composer
        status={status}
        onSend={send}
        onFile={async (file) => report(await uploadFile(file))}
        onEnd={async () => report(await sendVisitorRequest({ action: 'end' }))}
      />
    )
  }
  if (state.ended) return <EndScreen report={report} onNewChat={() => controller.startNewChat()} />
  if (state.availability !== 'online') return <OfflineMessage offline={offlineForm} name={name} email={email} />
  return (
    <PreChatForm
      name={name}
      email={email}
      onStart={async (name, email) => {
        const started = report(await sendVisitorRequest({ action: 'start', name, email }))
        if (started) trackEvent(CHAT_STARTED_EVENT)
        return started
      }}
    />
  )
}
