import type { Payload } from 'payload'
import { isChatStaffUser } from '@/cms/access'
import type { User } from '@/payload-types'
import { createRateLimiter } from '@/security/rateLimit'
import {
  AGENT_PRESENCES,
  type AgentPresence,
  CHAT_BODY_MAX_BYTES,
  CHAT_POST_LIMIT,
  CHAT_POST_WINDOW_MS,
} from '../constants'
import { DISMISSED_CHAT_TEXT } from './dismissal'
import { cannedReplies, historySearchOf, searchHistory } from './consoleQueries'
import { ChatRequestError, jsonError, originAllowed, readJsonBody, refuseWhenLimited } from './guards'
import { chatHub } from './hub'
import { loadChatSettings } from './settings'
import { eventStreamResponse, lastEventIdOf } from './sse'
import { ChatStore, toSummary } from './store'
import { emailTranscript } from './transcriptEmail'
import * as valid from './validation'
import { endChat } from './visitor'

export const agentPostLimiter = createRateLimiter(
  { kind: 'fixed-window', limit: CHAT_POST_LIMIT * 3, windowMs: CHAT_POST_WINDOW_MS },
  { scope: 'chat-agent' },
)

export type Agent = { id: number; name: string; email: string }

/** The signed-in agent or admin behind a request (Payload's session cookie or JWT). */
export async function agentOf(request: Request, payload: Payload): Promise<Agent> {
  const { user } = await payload.auth({ headers: request.headers })
  if (!user) throw new ChatRequestError(401, 'Please sign in.')
  if (!isChatStaffUser(user)) throw new ChatRequestError(403, 'Only agents may use the chat console.')
  const account = user as User
  return { id: account.id, name: account.name || account.email, email: account.email }
}

async function checkOrigin(request: Request, payload: Payload) {
  const settings = await loadChatSettings(payload)
  chatHub().openingHours = settings.openingHours
  if (!originAllowed(request, [])) throw new ChatRequestError(403, 'Cross-site requests are refused.')
}

/** GET /api/chat/agent/stream: every open chat, the visitors on the site and the team's presence. */
export async function agentStream(request: Request, payload: Payload): Promise<Response> {
  let agent: Agent
  try {
    await checkOrigin(request, payload)
    agent = await agentOf(request, payload)
  } catch (error) {
    return jsonError(error)
  }
  const hub = chatHub()
  const store = new ChatStore(payload, hub)
  const presence = new URL(request.url).searchParams.get('presence') as AgentPresence | null
  hub.agentConnected(agent, presence && AGENT_PRESENCES.includes(presence) ? presence : 'online')
  const open = await store.openConversations()
  return eventStreamResponse({
    hub,
    signal: request.signal,
    lastEventId: lastEventIdOf(request),
    opening: async () => [
      { name: 'me', data: agent },
      { name: 'agents', data: hub.agentList() },
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
      if (afterId > 0) return store.eventsAfter(afterId)
      const events = await Promise.all(open.map((doc) => store.eventsAfter(0, doc.id)))
      return events.flat().sort((a, b) => a.id - b.id)
    },
    accepts: (message) => message.kind === 'event' || message.audience.kind === 'agents',
    onClose: () => hub.agentDisconnected(agent.id),
  })
}

/** POST /api/chat/agent: presence, invitations, queue, messages, end, transcript, history, saved replies. */
export async function agentAction(request: Request, payload: Payload): Promise<Response> {
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

const AGENT_EVENT_TYPES = ['message', 'emoji', 'rich_message', 'custom'] as const

export async function runAgentAction(store: ChatStore, agent: Agent, body: Record<string, unknown>) {
  const hub = store.hub
  const author = { type: 'agent' as const, name: agent.name }
  const conversationFor = async () => {
    const conversation = await store.conversation(valid.positiveId(body.conversationId, 'The conversation'))
    if (!conversation) throw new ChatRequestError(404, 'No such conversation.')
    return conversation
  }
  switch (body.action) {
    case 'presence': {
      if (!AGENT_PRESENCES.includes(body.presence as AgentPresence))
        throw new ChatRequestError(400, 'Unknown presence.')
      hub.setPresence(agent.id, body.presence as AgentPresence)
      return {}
    }
    case 'invite': {
      if (typeof body.visitorId !== 'string' || !/^[0-9a-f]{64}$/.test(body.visitorId)) {
        throw new ChatRequestError(400, 'The visitor is missing.')
      }
      const text = valid.messageText(body.text ?? 'Hello! Can I help you with a title search?')
      const conversation = await store.ensureConversation(body.visitorId, hub.visitor(body.visitorId)?.page)
      if (conversation.status === 'chatting' || conversation.status === 'queued') {
        throw new ChatRequestError(409, 'This visitor is already chatting.')
      }
      await store.setStatus(conversation, 'invited', agent.id)
      await store.append(conversation.id, { type: 'message', author, text })
      return { conversationId: conversation.id }
    }
    case 'accept': {
      const conversation = await conversationFor()
      if (conversation.status === 'chatting') throw new ChatRequestError(409, 'Another agent already took this chat.')
      await store.setStatus(conversation, 'chatting', agent.id)
      await store.append(conversation.id, {
        type: 'system',
        author: { type: 'system', name: 'System' },
        text: `${agent.name} joined the chat.`,
      })
      return {}
    }
    case 'message': {
      const conversation = await conversationFor()
      const type = (body.type ?? 'message') as (typeof AGENT_EVENT_TYPES)[number]
      if (!AGENT_EVENT_TYPES.includes(type)) throw new ChatRequestError(400, 'Unknown event type.')
      const event = await store.append(conversation.id, {
        type,
        author,
        text:
          type === 'custom'
            ? undefined
            : valid.messageText(body.text, type === 'emoji' ? valid.CHAT_EMOJI_MAX_CHARS : undefined),
        buttons: type === 'rich_message' ? valid.buttonLabels(body.buttons) : undefined,
        customData: type === 'custom' ? valid.customData(body.customData) : undefined,
      })
      return { event }
    }
    case 'typing': {
      const conversation = await conversationFor()
      hub.publish({
        kind: 'signal',
        audience: { kind: 'conversation', conversationId: conversation.id },
        name: 'typing',
        data: { typing: body.typing === true, who: agent.name },
      })
      return {}
    }
    case 'end': {
      const conversation = await conversationFor()
      await endChat(store, conversation.id, `${agent.name} ended the chat.`)
      return {}
    }
    case 'dismiss': {
      const conversation = await conversationFor()
      if (conversation.status !== 'queued')
        throw new ChatRequestError(409, 'Only a chat waiting in the queue can be dismissed.')
      await endChat(store, conversation.id, DISMISSED_CHAT_TEXT)
      return {}
    }
    case 'history':
      return { conversations: await searchHistory(store.payload, historySearchOf(body)) }
    case 'canned_replies':
      return { replies: await cannedReplies(store.payload) }
    case 'transcript': {
      const conversation = await conversationFor()
      await emailTranscript(store.payload, conversation.id, body.to ?? conversation.email)
      return {}
    }
    case 'transcript_view': {
      const conversation = await conversationFor()
      return { events: await store.eventsAfter(0, conversation.id, 5000) }
    }
    default:
      throw new ChatRequestError(400, 'Unknown chat action.')
  }
}
