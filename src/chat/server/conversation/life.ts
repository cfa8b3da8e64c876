import type { Payload } from 'payload'
import type { ChatConversation } from '@/payload-types'
import { type ConversationStatus, IN_PROGRESS_STATUSES, OPEN_CHAT_STATUSES } from '../../constants'
import { type AgentIdentity, agentAuthor, CHAT_RATINGS, type ChatRating } from '../../protocol'
import { ChatRequestError } from '../errors'
import { agentTypingSignal, conversationSignal, visitorTypingSignal } from '../live/signals'
import { customerStatusOf, type ChatStore, toSummary, writeConversation } from '../storage/store'

/**
 * A conversation's life, in one place: a chat starts (or queues again), an agent is invited in or
 * joins, it ends, and the visitor rates it; each step writes its system note here. The http
 * handlers decide who may ask; these functions decide what happens, store it, and tell the
 * visitor's and the agents' streams (the storage tells no one). Every change of a status is here.
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

/** Tells the agents' consoles how a conversation stands now. */
const tellAgents = (store: ChatStore, doc: ChatConversation) =>
  store.hub.publish(conversationSignal({ ...toSummary(doc), visitorId: doc.visitorTokenHash }))

/**
 * The visitor's conversation, created when they have none (`beforeCreate` may refuse a new one by
 * throwing); a new one is told to the live lists, wherever the visitor's stream is connected.
 */
export async function conversationOfVisitor(
  store: ChatStore,
  visitorId: string,
  page = '',
  beforeCreate?: () => Promise<void>,
): Promise<ChatConversation> {
  const { conversation, created } = await store.findOrCreateConversation(visitorId, page, beforeCreate)
  if (created) store.hub.updateVisitor(visitorId, { conversationId: conversation.id })
  return conversation
}

/** A conversation's fields but its status, agent and end time, which change only with changeStatus. */
type ConversationRecord = Partial<Omit<ChatConversation, 'id' | 'status' | 'agent' | 'endedAt'>>

/** Changes what a conversation records beside its status (the visitor's name, email and page, a rating), and tells the agents. */
export async function updateConversation(
  store: ChatStore,
  id: number,
  data: ConversationRecord,
): Promise<ChatConversation> {
  const doc = await store.update(id, data)
  tellAgents(store, doc)
  return doc
}

/** Moves a chat to `status` (with its agent, when given) and tells the agents and the visitor. */
async function changeStatus(
  store: ChatStore,
  conversation: ChatConversation,
  status: ConversationStatus,
  agentId?: number | null,
) {
  const doc = await store.setStatus(conversation, status, agentId)
  tellAgents(store, doc)
  store.hub.setStatus(doc.id, doc.visitorTokenHash, customerStatusOf(status))
  return doc
}

/**
 * Queues the visitor's conversation for a new chat. The new chat starts unrated: the last chat's
 * rating moves into the log, where the transcript keeps it. The address the visitor has given by
 * now is the only one this chat's transcript may go to, whatever they type later.
 */
export async function queueAgain(store: ChatStore, conversation: ChatConversation) {
  if (conversation.rating) {
    await addSystemNote(store, conversation.id, `The visitor rated the last chat ${conversation.rating}.`)
  }
  const started = await updateConversation(store, conversation.id, {
    rating: null,
    ratedAt: null,
    startedAt: new Date().toISOString(),
    transcriptEmail: conversation.email || null,
  })
  await changeStatus(store, started, 'queued')
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
  await changeStatus(store, conversation, 'invited', agent.id)
  await store.append(conversation.id, { type: 'message', author: agentAuthor(agent), text })
}

/** An agent takes a chat nobody has taken yet. */
export async function joinChat(store: ChatStore, conversation: ChatConversation, agent: AgentIdentity) {
  if (conversation.status === 'chatting') throw new ChatRequestError(409, 'Another agent already took this chat.')
  await changeStatus(store, conversation, 'chatting', agent.id)
  await addSystemNote(store, conversation.id, `${agent.name} joined the chat.`)
}

/**
 * Tells both sides that nobody types in a chat any more: an indicator shown when the chat ended
 * would otherwise stay on screen, since the one who typed will never send its stop.
 */
export function clearTyping(store: ChatStore, conversationId: number) {
  store.hub.publish(agentTypingSignal(conversationId, false, ''))
  store.hub.publish(visitorTypingSignal(conversationId, false))
}

/** An agent (`who`) typing, or not, in a chat in progress; typing after the chat ended would show an indicator nobody clears. */
export function agentTyping(store: ChatStore, conversation: ChatConversation, who: string, typing: boolean) {
  if (isChatInProgress(conversation)) store.hub.publish(agentTypingSignal(conversation.id, typing, who))
}

/** The visitor typing, or not, in their chat in progress (as agentTyping). */
export function visitorTyping(store: ChatStore, conversation: ChatConversation, typing: boolean) {
  if (isChatInProgress(conversation)) store.hub.publish(visitorTypingSignal(conversation.id, typing))
}

/** Ends a chat, by the visitor, an agent or the upkeep, saying why in its last line. */
export async function endChat(store: ChatStore, conversationId: number, text: string) {
  const conversation = await store.conversation(conversationId)
  if (!conversation) throw new ChatRequestError(404, 'No such conversation.')
  await addSystemNote(store, conversationId, text)
  // The agent stays recorded: the admin's history shows who took the chat.
  await changeStatus(store, conversation, 'ended')
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
  await updateConversation(store, conversation.id, { rating, ratedAt: new Date().toISOString() })
  return { rating }
}

/**
 * A chat that ended before conversations had an `ended` status (../../retention/endedBeforeUpgrade.ts):
 * recorded ended at `endedAt`, its last end line's time. Nobody is told: it ended long ago, and its
 * visitor shows as browsing either way.
 */
export async function recordEndedBeforeUpgrade(payload: Payload, conversationId: number, endedAt: string) {
  await writeConversation(payload, conversationId, { status: 'ended', endedAt })
}
