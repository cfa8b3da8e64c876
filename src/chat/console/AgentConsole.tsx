'use client'

import { type FormEvent, useEffect, useReducer, useState } from 'react'
import type { AgentPresence } from '../constants'
import type { AgentOnDuty, ChatEventView, ConversationSummary, VisitorOnSite } from '../types'
import { useTypingSignal } from '../useTypingSignal'
import { ChatEventItem } from '../widget/ChatEventItem'
import { uploadFile } from '../widget/client'
import { openResumableStream } from '../widget/stream'
import { agentAction, agentStreamUrl } from './client'
import { type ConsoleState, consoleReducer, initialConsoleState } from './state'
import './console.css'

/** Agent typing signals are sent at most this often. */
export const AGENT_TYPING_INTERVAL_MS = 3000

/** The agent's screen: presence, visitors on the site, the queue and every chat they hold. */
export function AgentConsole() {
  const [state, dispatch] = useReducer(consoleReducer, initialConsoleState)
  const [error, setError] = useState('')
  useEffect(() => {
    const stream = openResumableStream(agentStreamUrl, {
      onMessage: (name, data) => dispatch({ name, data }),
      onConnectionChange: (connection) => dispatch({ name: 'connection', data: connection }),
    })
    return () => stream.close()
  }, [])

  const act = async (action: string, data: Record<string, unknown>) => {
    const result = await agentAction(action, data)
    setError(result.ok ? '' : result.error)
    return result.ok
  }
  const me = state.me
  const conversations = [...state.conversations.values()]
  const queue = conversations.filter((conversation) => conversation.status === 'queued')
  const mine = conversations.filter(
    (conversation) => conversation.status !== 'browsing' && conversation.agentId === me?.id,
  )
  const myPresence = state.agents.find((agent) => agent.id === me?.id)?.presence ?? 'online'

  return (
    <main className="agent-console" data-connection={state.connection}>
      <header className="agent-bar">
        <h1>Chat console</h1>
        <p className="agent-connection" role="status">
          {state.connection === 'open'
            ? 'Connected'
            : state.connection === 'failed'
              ? 'Offline: reload to reconnect'
              : 'Connecting…'}
        </p>
        <label>
          Presence{' '}
          <select
            className="agent-presence"
            value={myPresence}
            onChange={(event) => void act('presence', { presence: event.target.value as AgentPresence })}
          >
            <option value="online">Online</option>
            <option value="away">Away</option>
            <option value="offline">Offline</option>
          </select>
        </label>
        <span>{me?.name}</span>
      </header>
      {error && (
        <p className="agent-error" role="alert">
          {error}
        </p>
      )}
      <div className="agent-columns">
        <aside className="agent-side">
          <AgentsList agents={state.agents} />
          <VisitorsList
            visitors={state.visitors}
            more={state.moreVisitors}
            onInvite={(visitorId) => void act('invite', { visitorId })}
          />
          <section aria-labelledby="queue-title" className="agent-queue">
            <h2 id="queue-title">Queue ({queue.length})</h2>
            <ul>
              {queue.map((conversation) => (
                <li key={conversation.id} data-conversation-id={conversation.id}>
                  {conversation.name || 'Visitor'} {conversation.email && `(${conversation.email})`}{' '}
                  <button type="button" onClick={() => void act('accept', { conversationId: conversation.id })}>
                    Accept
                  </button>
                </li>
              ))}
            </ul>
          </section>
        </aside>
        <div className="agent-chats">
          {mine.length === 0 && <p>No chats yet. Invite a visitor or accept one from the queue.</p>}
          {mine.map((conversation) => (
            <ChatPanel key={conversation.id} conversation={conversation} state={state} act={act} />
          ))}
        </div>
      </div>
    </main>
  )
}

function AgentsList({ agents }: { agents: AgentOnDuty[] }) {
  return (
    <section aria-labelledby="agents-title">
      <h2 id="agents-title">Agents</h2>
      <ul className="agent-team">
        {agents.map((agent) => (
          <li key={agent.id}>
            {agent.name}: {agent.presence}
          </li>
        ))}
      </ul>
    </section>
  )
}

function VisitorsList(props: { visitors: VisitorOnSite[]; more: number; onInvite: (visitorId: string) => void }) {
  const { visitors, more, onInvite } = props
  return (
    <section aria-labelledby="visitors-title">
      <h2 id="visitors-title">Visitors on the site ({visitors.length + more})</h2>
      <table className="agent-visitors">
        <thead>
          <tr>
            <th scope="col">Visitor</th>
            <th scope="col">Page</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {visitors.map((visitor) => (
            <tr key={visitor.visitorId} data-visitor-id={visitor.visitorId}>
              <td>{visitor.name || 'Anonymous visitor'}</td>
              <td>{visitor.page}</td>
              <td className="visitor-status">{visitor.status}</td>
              <td>
                {visitor.status === 'browsing' && (
                  <button type="button" onClick={() => onInvite(visitor.visitorId)}>
                    Invite
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {more > 0 && <p className="agent-visitors-more">and {more} more, less recently active</p>}
    </section>
  )
}

function ChatPanel(props: {
  conversation: ConversationSummary
  state: ConsoleState
  act: (action: string, data: Record<string, unknown>) => Promise<boolean>
}) {
  const { conversation, state, act } = props
  const events: ChatEventView[] = state.events.get(conversation.id) ?? []
  const [text, setText] = useState('')
  const [kind, setKind] = useState<'message' | 'rich_message'>('message')
  const [buttons, setButtons] = useState('')
  const [mailTo, setMailTo] = useState(conversation.email)
  const conversationId = conversation.id
  const signalTyping = useTypingSignal(
    AGENT_TYPING_INTERVAL_MS,
    () => void act('typing', { conversationId, typing: true }),
  )
  const titleId = `chat-${conversationId}-title`

  const send = async (event: FormEvent) => {
    event.preventDefault()
    const labels = buttons
      .split(',')
      .map((label) => label.trim())
      .filter(Boolean)
    const sentText = text
    const ok = await act('message', {
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
    <section className="agent-chat" aria-labelledby={titleId} data-conversation-id={conversationId}>
      <h2 id={titleId}>
        {conversation.name || 'Visitor'} <small>{conversation.email}</small>
      </h2>
      <p className="agent-chat-page">On {conversation.currentPage || 'an unknown page'}</p>
      <div className="chat-log-region" role="log" aria-label={`Transcript with ${conversation.name || 'visitor'}`}>
        <ol className="chat-log">
          {events.map((event) => (
            <ChatEventItem key={event.id} event={event} />
          ))}
        </ol>
      </div>
      <p className="chat-typing" aria-live="polite">
        {state.typing.has(conversationId) ? 'The visitor is typing…' : ''}
      </p>
      <form className="agent-composer" onSubmit={send}>
        <label>
          Reply
          <textarea
            className="agent-input"
            rows={2}
            value={text}
            onChange={(event) => {
              setText(event.target.value)
              signalTyping()
            }}
          />
        </label>
        <label>
          Kind{' '}
          <select value={kind} onChange={(event) => setKind(event.target.value as typeof kind)}>
            <option value="message">Message</option>
            <option value="rich_message">Message with buttons</option>
          </select>
        </label>
        {kind === 'rich_message' && (
          <label>
            Buttons (comma-separated)
            <input value={buttons} onChange={(event) => setButtons(event.target.value)} />
          </label>
        )}
        <div className="agent-actions">
          <button type="submit">Send</button>
          <button type="button" onClick={() => void act('message', { conversationId, type: 'emoji', text: '👍' })}>
            <span aria-hidden="true">👍</span>
            <span className="visually-hidden">Send thumbs up</span>
          </button>
          <label className="chat-attach">
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
          <button type="button" onClick={() => void act('end', { conversationId })}>
            End chat
          </button>
        </div>
      </form>
      <form
        className="agent-transcript"
        onSubmit={(event) => {
          event.preventDefault()
          void act('transcript', { conversationId, to: mailTo })
        }}
      >
        <label>
          Email transcript to{' '}
          <input type="email" required value={mailTo} onChange={(event) => setMailTo(event.target.value)} />
        </label>
        <button type="submit">Email transcript</button>
      </form>
    </section>
  )
}
