'use client'

import { useRouter } from 'next/navigation'
import { useEffect, useReducer, useState } from 'react'
import { openResumableStream } from '../browser/resumableStream'
import type { AgentPresence } from '../constants'
import type { AgentRequest, AgentStreamEvents, CannedReply } from '../protocol'
import { AlertControls, AvailabilityNotice } from './AlertControls'
import { ChatPanel } from './ChatPanel'
import { AGENT_STREAM_EVENTS, agentStreamUrl, fetchCannedReplies, sendAgentRequest } from './agentClient'
import { signOut } from './session'
import { HistoryView } from './HistoryView'
import { AgentsList, MyChatsList, pageOf, QueueList, VisitorDetails, VisitorsList } from './SidePanels'
import { consoleReducer, initialConsoleState } from './state'
import { useDesktopNotifications, useSoundChoice, useWaitingAlert } from './useWaitingAlert'
import './console.css'

type View = 'live' | 'visitors' | 'history'

/**
 * The agent's screen, in LiveChat's shape: the chats (queue and the agent's own) on the left, the
 * chat on screen in the middle, its visitor's details on the right; the visitors on the site and
 * past chats are views of their own.
 */
export function AgentConsole() {
  const [state, dispatch] = useReducer(consoleReducer, initialConsoleState)
  const [error, setError] = useState('')
  const [view, setView] = useState<View>('live')
  const [replies, setReplies] = useState<CannedReply[]>([])
  const [soundOn, setSoundOn] = useSoundChoice()
  const notifications = useDesktopNotifications()
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
  const mine = conversations
    .filter(
      (conversation) =>
        (conversation.status !== 'browsing' || state.ended.has(conversation.id)) &&
        (state.ended.get(conversation.id) ?? conversation).agentId === me?.id,
    )
    .map((conversation) => state.ended.get(conversation.id) ?? conversation)
  // The chat the agent picked while it is theirs; otherwise their first.
  const shownId = mine.some((conversation) => conversation.id === state.shown) ? state.shown : (mine[0]?.id ?? null)
  const show = (conversationId: number) => dispatch({ name: 'show', data: { conversationId, leaving: shownId } })
  const shown = mine.find((conversation) => conversation.id === shownId)
  const myPresence = state.agents.find((agent) => agent.id === me?.id)?.presence ?? 'online'
  useWaitingAlert(
    queue.map(({ id, name }) => ({ id, name })),
    soundOn,
  )

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
        <AlertControls soundOn={soundOn} onSoundChange={setSoundOn} notifications={notifications} />
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
      <AvailabilityNotice availability={state.availability} myPresence={myPresence} />
      <nav className="agent-views" aria-label="Console views">
        {(['live', 'visitors', 'history'] as const).map((name) => (
          <button
            key={name}
            type="button"
            className="agent-view-tab"
            aria-pressed={view === name}
            onClick={() => setView(name)}
          >
            {name === 'live'
              ? `Live chats (${queue.length} waiting)`
              : name === 'visitors'
                ? `Visitors (${state.visitors.length + state.moreVisitors})`
                : 'History'}
          </button>
        ))}
      </nav>
      {error && (
        <p className="agent-error" role="alert">
          {error}
        </p>
      )}
      <main className="agent-main" data-view={view}>
        {view === 'history' && <HistoryView />}
        {view === 'visitors' && (
          <VisitorsList
            visitors={state.visitors}
            more={state.moreVisitors}
            onInvite={(visitorId) => void act({ action: 'invite', visitorId })}
          />
        )}
        {/* Hidden, not unmounted: a reply being typed survives a look at another view. */}
        <div className="agent-columns" hidden={view !== 'live'}>
          <div className="agent-side">
            <QueueList
              queue={queue}
              visitors={state.visitors}
              events={state.events}
              onAccept={(conversationId) => {
                show(conversationId)
                void act({ action: 'accept', conversationId })
              }}
              onDismiss={(conversationId) => void act({ action: 'dismiss', conversationId })}
              visitorsComplete={state.moreVisitors === 0}
            />
            <MyChatsList
              chats={mine}
              shownId={shownId}
              ended={state.ended}
              typing={state.typing}
              // The chat on screen is being read: only the others count what arrived.
              unread={(conversationId) => (conversationId === shownId ? 0 : (state.unread.get(conversationId) ?? 0))}
              onShow={show}
            />
          </div>
          <section className="agent-chats" aria-label="Chat on screen">
            {mine.length === 0 && (
              <p className="agent-empty agent-card">No chats yet. Invite a visitor or accept one from the queue.</p>
            )}
            {mine.map((conversation) => (
              <ChatPanel
                key={conversation.id}
                conversation={conversation}
                page={pageOf(conversation, state.visitors)}
                events={state.events.get(conversation.id) ?? []}
                visitorTyping={state.typing.has(conversation.id)}
                ended={state.ended.has(conversation.id)}
                hidden={conversation.id !== shownId}
                onClose={() => dispatch({ name: 'close', data: conversation.id })}
                replies={replies}
                act={act}
              />
            ))}
          </section>
          <aside className="agent-details" aria-label="Details">
            {shown && (
              <VisitorDetails
                conversation={shown}
                page={pageOf(shown, state.visitors)}
                ended={state.ended.has(shown.id)}
              />
            )}
            <AgentsList agents={state.agents} />
          </aside>
        </div>
      </main>
    </div>
  )
}
