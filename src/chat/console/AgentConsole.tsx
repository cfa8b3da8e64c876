'use client'

import { useRouter } from 'next/navigation'
import { useEffect, useReducer, useState } from 'react'
import { openResumableStream } from '../browser/resumableStream'
import type { AgentPresence } from '../constants'
import type { AgentRequest, AgentStreamEvents, CannedReply } from '../protocol'
import { ChatPanel } from './ChatPanel'
import { AGENT_STREAM_EVENTS, agentStreamUrl, fetchCannedReplies, sendAgentRequest } from './agentClient'
import { signOut } from './session'
import { HistoryView } from './HistoryView'
import { AgentsList, pageOf, QueueList, VisitorsList } from './SidePanels'
import { consoleReducer, initialConsoleState } from './state'
import { useNewChatAlert } from './useNewChatAlert'
import './console.css'

type View = 'live' | 'history'

/** The agent's screen: presence, the queue, visitors on the site, every chat they hold, and past chats. */
export function AgentConsole() {
  const [state, dispatch] = useReducer(consoleReducer, initialConsoleState)
  const [error, setError] = useState('')
  const [view, setView] = useState<View>('live')
  const [replies, setReplies] = useState<CannedReply[]>([])
  const router = useRouter()
  useEffect(() => {
    const stream = openResumableStream<AgentStreamEvents>(agentStreamUrl, AGENT_STREAM_EVENTS, {
      onMessage: dispatch,
      onConnectionChange: (connection) => dispatch({ name: 'connection', data: connection }),
    })
    void fetchCannedReplies().then((result) => result.ok && setReplies(result.value))
    return () => stream.close()
  }, [])

  const act = async (request: AgentRequest) => {
    const result = await sendAgentRequest(request)
    setError(result.ok ? '' : result.error)
    return result.ok
  }
  const me = state.me
  const conversations = [...state.conversations.values()]
  const queue = conversations.filter((conversation) => conversation.status === 'queued')
  const mine = conversations.filter(
    (conversation) =>
      (conversation.status !== 'browsing' || state.ended.has(conversation.id)) &&
      (state.ended.get(conversation.id) ?? conversation).agentId === me?.id,
  )
  const myPresence = state.agents.find((agent) => agent.id === me?.id)?.presence ?? 'online'
  useNewChatAlert(queue.map((conversation) => conversation.id))

  return (
    <div className="agent-console" data-connection={state.connection}>
      <header className="agent-bar">
        <h1>Chat console</h1>
        <p className="agent-connection" role="status">
          {state.connection === 'open'
            ? 'Connected'
            : state.connection === 'failed'
              ? 'Offline: reload to reconnect'
              : 'Connecting…'}
        </p>
        <label className="agent-bar-presence">
          Presence{' '}
          <select
            className="agent-presence"
            value={myPresence}
            onChange={(event) => void act({ action: 'presence', presence: event.target.value as AgentPresence })}
          >
            <option value="online">Online</option>
            <option value="away">Away</option>
            <option value="offline">Offline</option>
          </select>
        </label>
        <span className="agent-me">{me?.name}</span>
        <button
          type="button"
          className="agent-button agent-button--light"
          onClick={async () => {
            if (await signOut()) router.replace('/agent/login')
            else setError('Signing out failed. Try again.')
          }}
        >
          Sign out
        </button>
      </header>
      <nav className="agent-views" aria-label="Console views">
        {(['live', 'history'] as const).map((name) => (
          <button
            key={name}
            type="button"
            className="agent-view-tab"
            aria-pressed={view === name}
            onClick={() => setView(name)}
          >
            {name === 'live' ? `Live chats (${queue.length} waiting)` : 'History'}
          </button>
        ))}
      </nav>
      {error && (
        <p className="agent-error" role="alert">
          {error}
        </p>
      )}
      <main className="agent-main">
        {view === 'history' && <HistoryView />}
        {/* Hidden, not unmounted: a reply being typed survives a look at the history. */}
        <div className="agent-columns" hidden={view !== 'live'}>
          <div className="agent-side">
            <QueueList
              queue={queue}
              visitors={state.visitors}
              events={state.events}
              onAccept={(conversationId) => void act({ action: 'accept', conversationId })}
              onDismiss={(conversationId) => void act({ action: 'dismiss', conversationId })}
              visitorsComplete={state.moreVisitors === 0}
            />
            <VisitorsList
              visitors={state.visitors}
              more={state.moreVisitors}
              onInvite={(visitorId) => void act({ action: 'invite', visitorId })}
            />
            <AgentsList agents={state.agents} />
          </div>
          <section className="agent-chats" aria-label="Your chats">
            {mine.length === 0 && (
              <p className="agent-empty">No chats yet. Invite a visitor or accept one from the queue.</p>
            )}
            {mine.map((conversation) => (
              <ChatPanel
                key={conversation.id}
                conversation={conversation}
                page={pageOf(conversation, state.visitors)}
                events={state.events.get(conversation.id) ?? []}
                visitorTyping={state.typing.has(conversation.id)}
                ended={state.ended.has(conversation.id)}
                onClose={() => dispatch({ name: 'close', data: conversation.id })}
                replies={replies}
                act={act}
              />
            ))}
          </section>
        </div>
      </main>
    </div>
  )
}
