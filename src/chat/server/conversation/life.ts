import type { ChatConversation } from '@/payload-types'
import { IN_PROGRESS_STATUSES, OPEN_CHAT_STATUSES } from '../../constants'
import { type AgentIdentity, agentAuthor, CHAT_RATINGS, type ChatRating } from '../../protocol'
import { ChatRequestError } from '../errors'
import { customerStatusOf, type ChatStore } from '../storage/store'

/**
 * A conversation's life, in one place: a chat starts (or queues again), an agent is invited in or
 * joins, it ends, and the visitor rates it; each step writes its system note here. The http
 * handlers decide who may ask; these functions decide what happens.
 */

/** Who writes the lines nobody typed. */
export const SYSTEM_AUTHOR = { type: 'system', name: 'System' } as const

/** What a visitor reads when their chat joins the queue. */
export const QUEUED_CHAT_TEXT = 'You are in the queue. An agent will be with you shortly.'

/** A line in the conversation from the system (a join, an end, a queue notice). */
export const addSystemNote = (store: ChatStore, conversationId: number, text: string) =>
  store.append(conversationId, { type: 'system', author: SYSTEM_AUTHOR, text })

/** A chat the visitor is waiting in or holding. */
export const isChatOpen = (conversation: ChatConversation) =>
  OPEN_CHAT_STATUSES.includes(customerStatusOf(conversation.status))

/** A chat not over: the visitor is invited, waiting or chatting (someone may be typing in it). */
export const isChatInProgress = (conversation: ChatConversation) =>
  IN_PROGRESS_STATUSES.includes(customerStatusOf(conversation.status))

/**
 * Queues the visitor's conversation for a new chat. The new chat starts unrated: the last chat's
 * rating moves into the log, where the transcript keeps it. The address the visitor has given by
 * now is the only one this chat's transcript may go to, whatever they type later.
 */
export async function queueAgain(store: ChatStore, conversation: ChatConversation) {
  if (conversation.rating) {
    await addSystemNote(store, conversation.id, `The visitor rated the last chat ${conversation.rating}.`)
  }
  const started = await store.update(conversation.id, {
    rating: null,
    ratedAt: null,
    startedAt: new Date().toISOString(),
    transcriptEmail: conversation.email || null,
  })
  await store.setStatus(started, 'queued')
}

/**
 * The visitor asks for a chat: unless one is open already, it joins the queue and they are told so.
 * Answers whether a new chat started.
 */
export async function startChat(store: ChatStore, conversation: ChatConversation): Promise<boolean> {
  if (isChatOpen(conversation)) return false
  await queueAgain(store, conversation)
  await addSystemNote(store, conversation.id, QUEUED_CHAT_TEXT)
  return true
}

/** An agent invites a visitor who is not chatting, with their first message. */
export async function inviteToChat(
  store: ChatStore,
  conversation: ChatConversation,
  agent: AgentIdentity,
  text: string,
) {
  if (conversation.status === 'chatting' || conversation.status === 'queued') {
    throw new ChatRequestError(409, 'This visitor is already chatting.')
  }
  await store.setStatus(conversation, 'invited', agent.id)
  await store.append(conversation.id, { type: 'message', author: agentAuthor(agent), text })
}

/** An agent takes a chat nobody has taken yet. */
export async function joinChat(store: ChatStore, conversation: ChatConversation, agent: AgentIdentity) {
  if (conversation.status === 'chatting') throw new ChatRequestError(409, 'Another agent already took this chat.')
  await store.setStatus(conversation, 'chatting', agent.id)
  await addSystemNote(store, conversation.id, `${agent.name} joined the chat.`)
}

/**
 * Tells both sides that nobody types in a chat any more: an indicator shown when the chat ended
 * would otherwise stay on screen, since the one who typed will never send its stop.
 */
export function clearTyping(store: ChatStore, conversationId: number) {
  store.hub.publish({
    kind: 'signal',
    audience: { kind: 'conversation', conversationId },
    name: 'typing',
    data: { typing: false, who: '' },
  })
  store.hub.publish({
    kind: 'signal',
    audience: { kind: 'agents' },
    name: 'typing',
    data: { conversationId, typing: false, who: 'customer' },
  })
}

/** Ends a chat, by the visitor, an agent or the upkeep, saying why in its last line. */
export async function endChat(store: ChatStore, conversationId: number, text: string) {
  const conversation = await store.conversation(conversationId)
  if (!conversation) throw new ChatRequestError(404, 'No such conversation.')
  await addSystemNote(store, conversationId, text)
  // The agent stays recorded: the admin's history shows who took the chat.
  await store.setStatus(conversation, 'ended')
  clearTyping(store, conversationId)
}

/** The visitor's own conversation once it has had a chat, or a 404 (nobody else's can be named). */
export async function chattedConversation(store: ChatStore, visitorId: string) {
  const conversation = await store.conversationOf(visitorId)
  const firstEvent = conversation ? await store.eventsAfter(0, conversation.id, 1) : []
  if (!conversation || firstEvent.length === 0) throw new ChatRequestError(404, 'There is no chat to send or rate.')
  return { conversation }
}

function ratingOf(value: unknown): ChatRating {
  const rating = CHAT_RATINGS.find((known) => known === value)
  if (!rating) throw new ChatRequestError(400, 'A rating is good or bad.')
  return rating
}

/**
 * A one-click rating of the visitor's ended chat. The first rating is kept: a repeated one
 * answers with the stored rating and changes nothing. A new chat clears it (see queueAgain).
 */
export async function rateChat(store: ChatStore, visitorId: string, value: unknown) {
  const rating = ratingOf(value)
  const { conversation } = await chattedConversation(store, visitorId)
  if (isChatOpen(conversation)) {
    throw new ChatRequestError(409, 'You can rate the chat once it has ended.')
  }
  if (conversation.rating) return { rating: conversation.rating }
  await store.update(conversation.id, { rating, ratedAt: new Date().toISOString() })
  return { rating }
}
