import type { Payload } from 'payload'
import { isChatStaffUser } from '@/platform/access'
import type { User } from '@/payload-types'
import { createRateLimiter } from '@/security/rateLimit'
import { AGENT_PRESENCES, CHAT_BODY_MAX_BYTES, CHAT_POST_LIMIT, CHAT_POST_WINDOW_MS } from '../../constants'
import {
  AGENT_EVENT_TYPES,
  agentAuthor,
  type AgentAction,
  type AgentAnswers,
  type AgentIdentity,
  type AgentRequest,
  type AgentStreamEvents,
  type Received,
  type StreamEvent,
} from '../../protocol'
import { agentNameOf } from '../agents/agentName'
import { agentPhotoOf } from '../agents/agentPhoto'
import { DISMISSED_CHAT_TEXT } from '../conversation/dismissal'
import { agentTyping, conversationOfVisitor, endChat, inviteToChat, joinChat } from '../conversation/life'
import { cannedReplies, historySearchOf, searchHistory } from '../storage/consoleQueries'
import { ChatRequestError, refuseWhenLimited } from '../errors'
import { isActionOf, jsonError, originAllowed, readJsonBody } from './guards'
import { chatHub } from '../live/hub'
import { readChatSettings } from '../settings'
import { type EarlyListener, eventStreamResponse, lastEventIdOf, listenEarly } from '../live/sse'
import { ChatStore, toSummary } from '../storage/store'
import { emailTranscript } from '../conversation/transcriptEmail'
import * as valid from './validation'

export const agentPostLimiter = createRateLimiter(
  { kind: 'fixed-window', limit: CHAT_POST_LIMIT * 3, windowMs: CHAT_POST_WINDOW_MS },
  { scope: 'chat-agent' },
)

export type Agent = AgentIdentity

/** The signed-in agent or admin behind a request (Payload's session cookie or JWT). */
export async function agentOf(request: Request, payload: Payload): Promise<Agent> {
  const { user } = await payload.auth({ headers: request.headers })
  if (!user) throw new ChatRequestError(401, 'Please sign in.')
  if (!isChatStaffUser(user)) throw new ChatRequestError(403, 'Only agents may use the chat console.')
  const account = user as User
  return {
    id: account.id,
    name: agentNameOf(account),
    email: account.email,
    photo: await agentPhotoOf(payload, account.photo),
  }
}

async function checkOrigin(request: Request, payload: Payload) {
  // Read through the chat's reader, so that the availability an agent's arrival announces uses the hours in force.
  await readChatSettings(payload)
  if (!originAllowed(request, [])) throw new ChatRequestError(403, 'Cross-site requests are refused.')
}

/** GET /api/chat/agent/stream: every open chat, the visitors on the site and the team's presence. */
export async function agentStream(request: Request, payload: Payload): Promise<Response> {
  const hub = chatHub()
  const store = new ChatStore(payload, hub)
  let agent: Agent
  let open: Awaited<ReturnType<ChatStore['openConversations']>>
  let heardEarly: EarlyListener | undefined
  try {
    await checkOrigin(request, payload)
    agent = await agentOf(request, payload)
    // A chat accepted or ended while the open chats are read reaches the console after them.
    heardEarly = listenEarly(hub)
    open = await store.openConversations()
  } catch (error) {
    heardEarly?.stop()
    return jsonError(error)
  }
  // Counted online only once the stream will open: its close is what counts the agent out again.
  const asked = new URL(request.url).searchParams.get('presence')
  hub.agentConnected(agent, AGENT_PRESENCES.find((presence) => presence === asked) ?? 'online')
  return eventStreamResponse({
    hub,
    signal: request.signal,
    lastEventId: lastEventIdOf(request),
    heardEarly,
    opening: async (): Promise<StreamEvent<AgentStreamEvents>[]> => [
      { name: 'me', data: agent },
      { name: 'agents', data: hub.agentList() },
      { name: 'availability', data: hub.consoleAvailability() },
      { name: 'visitors', data: hub.agentVisitorList() },
      {
        name: 'conversations',
        data: open.map((doc) => ({
          ...toSummary(doc),
          visitorId: doc.visitorTokenHash,
          // A chat started before the visitor's first page report carries no page; the live list knows it.
          currentPage: doc.currentPage || hub.visitor(doc.visitorTokenHash)?.page || '',
        })),
      },
    ],
    replay: async (afterId) => {
      if (afterId > 0) return store.replayAfter(afterId)
      const events = await Promise.all(open.map((doc) => store.replayAfter(0, doc.id)))
      return events.flat().sort((a, b) => a.id - b.id)
    },
    accepts: (message) => message.kind === 'event' || message.audience.kind === 'agents',
    onClose: () => hub.agentDisconnected(agent.id),
  })
}

/** POST /api/chat/agent: presence, invitations, queue, messages, end, transcript, history, saved replies (protocol.ts's AgentRequest). */
export async function answerAgentPost(request: Request, payload: Payload): Promise<Response> {
  try {
    await checkOrigin(request, payload)
    const agent = await agentOf(request, payload)
    const body = await readJsonBody(request, CHAT_BODY_MAX_BYTES)
    refuseWhenLimited(await agentPostLimiter.take(`agent:${agent.id}`), 'Too many requests at once.')
    return Response.json({ ok: true, ...(await runAgentAction(new ChatStore(payload, chatHub()), agent, body)) })
  } catch (error) {
    return jsonError(error)
  }
}

/** Each agent action's handler, answering what the protocol names for it. */
type AgentHandlers = {
  [Action in AgentAction]: (body: Received<Extract<AgentRequest, { action: Action }>>) => Promise<AgentAnswers[Action]>
}

export async function runAgentAction(store: ChatStore, agent: Agent, body: Record<string, unknown>) {
  const hub = store.hub
  const author = agentAuthor(agent)
  const conversationFor = async (request: { conversationId?: unknown }) => {
    const conversation = await store.conversation(valid.positiveId(request.conversationId, 'The conversation'))
    if (!conversation) throw new ChatRequestError(404, 'No such conversation.')
    return conversation
  }
  const handlers: AgentHandlers = {
    presence: async (request) => {
      const presence = AGENT_PRESENCES.find((known) => known === request.presence)
      if (!presence) throw new ChatRequestError(400, 'Unknown presence.')
      hub.setPresence(agent.id, presence)
      return {}
    },
    invite: async (request) => {
      const visitorId = request.visitorId
      if (typeof visitorId !== 'string' || !/^[0-9a-f]{64}$/.test(visitorId)) {
        throw new ChatRequestError(400, 'The visitor is missing.')
      }
      const text = valid.messageText(request.text ?? 'Hello! Can I help you with a title search?')
      const conversation = await conversationOfVisitor(store, visitorId, hub.visitor(visitorId)?.page)
      await inviteToChat(store, conversation, agent, text)
      return { conversationId: conversation.id }
    },
    accept: async (request) => {
      await joinChat(store, await conversationFor(request), agent)
      return {}
    },
    message: async (request) => {
      const conversation = await conversationFor(request)
      const type = valid.eventTypeOf(request.type, AGENT_EVENT_TYPES, 'Unknown event type.')
      const event = await store.append(conversation.id, { type, author, ...valid.eventContent(type, request) })
      return { event }
    },
    typing: async (request) => {
      agentTyping(store, await conversationFor(request), agent.name, request.typing === true)
      return {}
    },
    end: async (request) => {
      const conversation = await conversationFor(request)
      await endChat(store, conversation.id, `${agent.name} ended the chat.`)
      return {}
    },
    dismiss: async (request) => {
      const conversation = await conversationFor(request)
      if (conversation.status !== 'queued')
        throw new ChatRequestError(409, 'Only a chat waiting in the queue can be dismissed.')
      await endChat(store, conversation.id, DISMISSED_CHAT_TEXT)
      return {}
    },
    history: async () => ({ conversations: await searchHistory(store.payload, historySearchOf(body)) }),
    canned_replies: async () => ({ replies: await cannedReplies(store.payload) }),
    transcript: async (request) => {
      const conversation = await conversationFor(request)
      await emailTranscript(store.payload, conversation.id, request.to ?? conversation.email)
      return {}
    },
    transcript_view: async (request) => {
      const conversation = await conversationFor(request)
      return { events: await store.eventsAfter(0, conversation.id, 5000) }
    },
  }
  const action = body.action
  if (!isActionOf(handlers, action)) throw new ChatRequestError(400, 'Unknown chat action.')
  return handlers[action](body)
}
