'use client'

import type { AgentOnDuty, ChatEventView, ConversationSummary, VisitorOnSite } from '../protocol'

/** Where a visitor is: the live visitor list knows the latest page, the conversation what it last stored. */
export function pageOf(conversation: ConversationSummary, visitors: VisitorOnSite[]): string {
  const live = visitors.find((visitor) => visitor.visitorId === conversation.visitorId)?.page
  return live || conversation.currentPage || ''
}

/** The visitor's first message in a chat: what the queue shows so an agent knows what is asked. */
export function firstMessageOf(events: ChatEventView[] | undefined): string {
  return events?.find((event) => event.author.type === 'customer' && event.text)?.text ?? ''
}

/**
 * Whether a waiting chat's visitor has left the site: no open tab of theirs is in the visitor list.
 * Told only when the list is whole (the server caps it), so a visitor beyond the cap never looks gone.
 */
export const visitorLeft = (conversation: ConversationSummary, visitors: VisitorOnSite[], listIsWhole: boolean) =>
  listIsWhole && !visitors.some((visitor) => visitor.conversationId === conversation.id)

export function QueueList(props: {
  queue: ConversationSummary[]
  visitors: VisitorOnSite[]
  events: Map<number, ChatEventView[]>
  onAccept: (conversationId: number) => void
  onDismiss: (conversationId: number) => void
  /** Whether `visitors` lists every visitor on the site. */
  visitorsComplete: boolean
}) {
  const { queue, visitors, events, onAccept, onDismiss, visitorsComplete } = props
  return (
    <section aria-labelledby="queue-title" className="agent-card agent-queue">
      <h2 id="queue-title">Queue ({queue.length})</h2>
      {queue.length === 0 && <p className="agent-empty">Nobody is waiting.</p>}
      <ul>
        {queue.map((conversation) => {
          const first = firstMessageOf(events.get(conversation.id))
          const page = pageOf(conversation, visitors)
          const left = visitorLeft(conversation, visitors, visitorsComplete)
          return (
            <li key={conversation.id} data-conversation-id={conversation.id} data-left={left || undefined}>
              <p className="agent-queue-who">
                {conversation.name || 'Visitor'} {conversation.email && `(${conversation.email})`}
              </p>
              {left && <p className="agent-queue-left">Left the site: this chat is cleared soon.</p>}
              <p className="agent-queue-message">{first ? `“${first}”` : 'No message yet'}</p>
              <p className="agent-queue-page">On {page || 'an unknown page'}</p>
              <div className="agent-actions">
                <button type="button" className="agent-button" onClick={() => onAccept(conversation.id)}>
                  Accept
                </button>
                <button
                  type="button"
                  className="agent-button agent-button--quiet"
                  aria-label={`Dismiss the chat with ${conversation.name || 'this visitor'}`}
                  onClick={() => onDismiss(conversation.id)}
                >
                  Dismiss
                </button>
              </div>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/** The chats the agent holds, to pick the one on screen; ended ones stay until closed. */
export function MyChatsList(props: {
  chats: ConversationSummary[]
  shownId: number | null
  ended: Map<number, ConversationSummary>
  typing: Set<number>
  /** The visitor's messages not yet seen in a chat. */
  unread: (conversationId: number) => number
  onShow: (conversationId: number) => void
}) {
  const { chats, shownId, ended, typing, unread, onShow } = props
  return (
    <section aria-labelledby="my-chats-title" className="agent-card agent-my-chats">
      <h2 id="my-chats-title">My chats ({chats.length})</h2>
      {chats.length === 0 && <p className="agent-empty">None yet.</p>}
      <ul>
        {chats.map((conversation) => {
          const unseen = unread(conversation.id)
          return (
            <li key={conversation.id} data-conversation-id={conversation.id}>
              <button
                type="button"
                className="agent-my-chat"
                aria-current={conversation.id === shownId ? 'true' : undefined}
                onClick={() => onShow(conversation.id)}
              >
                <span className="agent-my-chat-who">{conversation.name || 'Visitor'}</span>
                {unseen > 0 && <span className="agent-my-chat-unread">{unseen} new</span>}
                <span className="agent-my-chat-state">
                  {ended.has(conversation.id) ? 'Ended' : typing.has(conversation.id) ? 'Typing…' : 'Chatting'}
                </span>
              </button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/** Who the agent is talking to: what the visitor told and where they are. */
export function VisitorDetails(props: { conversation: ConversationSummary; page: string; ended: boolean }) {
  const { conversation, page, ended } = props
  return (
    <section aria-labelledby="visitor-details-title" className="agent-card agent-visitor-details">
      <h2 id="visitor-details-title">Visitor</h2>
      <dl>
        <dt>Name</dt>
        <dd>{conversation.name || 'Not given'}</dd>
        <dt>Email</dt>
        <dd>{conversation.email || 'Not given'}</dd>
        <dt>Page</dt>
        <dd>{page || 'Unknown'}</dd>
        <dt>Chat</dt>
        <dd>{ended ? 'Ended' : conversation.status === 'queued' ? 'Waiting' : 'In progress'}</dd>
      </dl>
    </section>
  )
}

export function AgentsList({ agents }: { agents: AgentOnDuty[] }) {
  return (
    <section aria-labelledby="agents-title" className="agent-card">
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

export function VisitorsList(props: {
  visitors: VisitorOnSite[]
  more: number
  onInvite: (visitorId: string) => void
}) {
  const { visitors, more, onInvite } = props
  return (
    <section aria-labelledby="visitors-title" className="agent-card agent-visitors-card">
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
              <td className="visitor-page">{visitor.page}</td>
              <td className="visitor-status">{visitor.status}</td>
              <td>
                {visitor.status === 'browsing' && (
                  <button type="button" className="agent-button" onClick={() => onInvite(visitor.visitorId)}>
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
