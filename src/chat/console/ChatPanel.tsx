'use client'

import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react'
import type { AgentRequest, CannedReply, ChatEventView, ConversationSummary } from '../protocol'
import { sendOnEnter } from '../browser/sendOnEnter'
import { useTypingSignal } from '../browser/useTypingSignal'
import { ChatEventItem } from '../browser/ChatEventItem'
import { uploadFile } from '../browser/uploadFile'
import { useStickToNewest } from '../browser/useStickToNewest'
import { ConfirmEndDialog } from './ConfirmEndDialog'

/** Agent typing signals are sent at most this often. */
export const AGENT_TYPING_INTERVAL_MS = 3000

/** A saved reply goes into the composer after what the agent already typed, to be edited before sending. */
export const withReply = (draft: string, reply: string) => (draft.trim() ? `${draft.trimEnd()} ${reply}` : reply)

/** One chat the agent holds: its transcript, the composer and the chat's actions. */
export function ChatPanel(props: {
  conversation: ConversationSummary
  page: string
  events: ChatEventView[]
  visitorTyping: boolean
  replies: CannedReply[]
  act: (request: AgentRequest) => Promise<boolean>
  /** The chat has ended: its transcript stays readable and mailable until the agent closes it. */
  ended?: boolean
  onClose?: () => void
  /** Another chat is the one on screen: this one stays mounted, so its draft survives. */
  hidden?: boolean
}) {
  const { conversation, page, events, visitorTyping, replies, act, ended = false, onClose, hidden = false } = props
  const [text, setText] = useState('')
  const [kind, setKind] = useState<'message' | 'rich_message'>('message')
  const [buttons, setButtons] = useState('')
  // The visitor's known address until the agent types another; it may become known after the chat opened.
  const [typedMailTo, setMailTo] = useState<string | null>(null)
  const mailTo = typedMailTo ?? conversation.email
  const input = useRef<HTMLTextAreaElement>(null)
  const log = useRef<HTMLDivElement>(null)
  const { newBelow, showNewest } = useStickToNewest(log, `${events.length}:${hidden}`)
  const [confirmingEnd, setConfirmingEnd] = useState(false)
  const stopConfirming = useCallback(() => setConfirmingEnd(false), [])
  // The agent's own end hides the composer they were in: focus goes on to the ended chat's Close.
  const endedHere = useRef(false)
  const closeButton = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (ended && endedHere.current) closeButton.current?.focus()
    endedHere.current = false
  }, [ended])
  const conversationId = conversation.id
  const signalTyping = useTypingSignal(
    AGENT_TYPING_INTERVAL_MS,
    () => void act({ action: 'typing', conversationId, typing: true }),
  )
  const titleId = `chat-${conversationId}-title`
  const who = conversation.name || 'visitor'

  const send = async (event: FormEvent) => {
    event.preventDefault()
    const labels = buttons
      .split(',')
      .map((label) => label.trim())
      .filter(Boolean)
    const sentText = text
    const ok = await act({
      action: 'message',
      conversationId,
      type: kind,
      text: sentText,
      ...(kind === 'rich_message' ? { buttons: labels } : {}),
    })
    if (ok) {
      // Only clear what was sent: the agent may already be typing the next message.
      setText((current) => (current === sentText ? '' : current))
      setButtons('')
    }
  }
  return (
    <section
      className="agent-card agent-chat"
      aria-labelledby={titleId}
      data-conversation-id={conversationId}
      data-ended={ended || undefined}
      hidden={hidden}
    >
      <div className="agent-chat-head">
        <h2 id={titleId}>
          {conversation.name || 'Visitor'} <small>{conversation.email}</small>
          {ended && <span className="agent-chat-ended"> · Ended</span>}
        </h2>
        <p className="agent-chat-page">On {page || 'an unknown page'}</p>
      </div>
      {ended && (
        <div className="agent-chat-ended-bar" role="status">
          <p>This chat has ended. Its transcript stays here until you close it.</p>
          <button type="button" ref={closeButton} className="agent-button" onClick={onClose}>
            Close
          </button>
        </div>
      )}
      <div className="agent-chat-log">
        <div ref={log} className="chat-log-region" role="log" aria-label={`Transcript with ${who}`} tabIndex={0}>
          <ol className="chat-log">
            {events.map((event) => (
              <ChatEventItem key={event.id} event={event} />
            ))}
          </ol>
        </div>
        {newBelow && (
          <button type="button" className="agent-button agent-new-messages" onClick={showNewest}>
            New messages <span aria-hidden="true">↓</span>
          </button>
        )}
      </div>
      <p className="chat-typing" aria-live="polite">
        {visitorTyping ? 'The visitor is typing…' : ''}
      </p>
      <form className="agent-composer" onSubmit={send} hidden={ended}>
        {replies.length > 0 && (
          <label>
            Saved replies
            <select
              className="agent-saved-replies"
              value=""
              onChange={(event) => {
                const reply = replies.find((entry) => String(entry.id) === event.target.value)
                if (!reply) return
                setText((current) => withReply(current, reply.text))
                input.current?.focus()
              }}
            >
              <option value="">Insert a saved reply…</option>
              {replies.map((reply) => (
                <option key={reply.id} value={reply.id}>
                  {reply.title}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          Reply
          <textarea
            ref={input}
            className="agent-input"
            rows={3}
            value={text}
            aria-describedby={`${titleId}-keys`}
            onChange={(event) => {
              setText(event.target.value)
              signalTyping()
            }}
            onKeyDown={sendOnEnter}
          />
        </label>
        <p id={`${titleId}-keys`} className="agent-composer-keys">
          Enter sends, Shift+Enter starts a new line.
        </p>
        {kind === 'rich_message' && (
          <label>
            Buttons (comma-separated)
            <input value={buttons} onChange={(event) => setButtons(event.target.value)} />
          </label>
        )}
        <div className="agent-actions">
          <label className="agent-composer-kind">
            Kind{' '}
            <select value={kind} onChange={(event) => setKind(event.target.value as typeof kind)}>
              <option value="message">Message</option>
              <option value="rich_message">Message with buttons</option>
            </select>
          </label>
          <button type="submit" className="agent-button">
            Send
          </button>
          <button
            type="button"
            className="agent-button agent-button--quiet"
            onClick={() => void act({ action: 'message', conversationId, type: 'emoji', text: '👍' })}
          >
            <span aria-hidden="true">👍</span>
            <span className="visually-hidden">Send thumbs up</span>
          </button>
          <label className="agent-button agent-button--quiet chat-attach">
            Send a file
            <input
              type="file"
              className="visually-hidden"
              onChange={async (event) => {
                const file = event.target.files?.[0]
                if (file) await uploadFile(file, conversationId)
                event.target.value = ''
              }}
            />
          </label>
          <button
            type="button"
            className="agent-button agent-button--danger"
            aria-haspopup="dialog"
            onClick={() => setConfirmingEnd(true)}
          >
            End chat
          </button>
        </div>
      </form>
      <form
        className="agent-transcript"
        onSubmit={(event) => {
          event.preventDefault()
          void act({ action: 'transcript', conversationId, to: mailTo })
        }}
      >
        <label>
          Email transcript to{' '}
          <input type="email" required value={mailTo} onChange={(event) => setMailTo(event.target.value)} />
        </label>
        <button type="submit" className="agent-button agent-button--quiet">
          Email transcript
        </button>
      </form>
      {confirmingEnd && (
        <ConfirmEndDialog
          who={conversation.name || 'The visitor'}
          onConfirm={() => {
            endedHere.current = true
            void act({ action: 'end', conversationId })
          }}
          onClosed={stopConfirming}
        />
      )}
    </section>
  )
}
