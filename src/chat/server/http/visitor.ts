import type { Payload } from 'payload'
import { CHAT_STARTED_EVENT } from '@/analytics/events'
import { recordServerEvent } from '@/analytics/serverEvents'
import { limitKeyOf } from '@/security/request'
import { CHAT_BODY_MAX_BYTES, CHAT_STREAM_RETRY_AFTER_S } from '../../constants'
import {
  type Received,
  type StreamEvent,
  VISITOR_EVENT_TYPES,
  type VisitorAction,
  type VisitorAnswers,
  type VisitorRequest,
  type VisitorStreamEvents,
} from '../../protocol'
import {
  conversationOfVisitor,
  endChat,
  isChatOpen,
  queueAgain,
  rateChat,
  startChat,
  updateConversation,
  visitorTyping,
} from '../conversation/life'
import { mailTranscript } from '../conversation/transcriptRequest'
import { ChatRequestError, refuseWhenLimited } from '../errors'
import { isActionOf, jsonError, readJsonBody } from './guards'
import { chatHub } from '../live/hub'
import { type EarlyListener, eventStreamResponse, lastEventIdOf, listenEarly } from '../live/sse'
import { ChatStore, customerStatusOf } from '../storage/store'
import * as valid from './validation'
import {
  admitVisitor,
  newConversationLimiter,
  refuseForeignOrigin,
  type Visitor,
  visitorPostLimiter,
} from './visitorAdmission'

export { newConversationLimiter, newVisitorLimiter, visitorOf, visitorPostLimiter } from './visitorAdmission'

/** A slot for one more visitor stream from `address` on this instance, or a 429 when a cap is reached. */
function takeStreamSlot(address: string): { release: () => void } {
  const slot = chatHub().visitorStreams.take(address)
  if ('release' in slot) return slot
  throw new ChatRequestError(
    429,
    slot.refused === 'address'
      ? 'Too many chat windows are open from your network. Please close some and try again.'
      : 'The chat is busy right now. Please try again in a moment.',
    CHAT_STREAM_RETRY_AFTER_S,
  )
}

/** GET /api/chat/stream: the visitor's own conversation, live. */
export async function visitorStream(request: Request, payload: Payload): Promise<Response> {
  const hub = chatHub()
  const store = new ChatStore(payload, hub)
  const address = limitKeyOf(request)
  let slot: { release: () => void } | null = null
  let visitor: Visitor
  let conversation: Awaited<ReturnType<ChatStore['conversationOf']>> = null
  let heardEarly: EarlyListener | undefined
  try {
    await refuseForeignOrigin(request, payload)
    slot = takeStreamSlot(address)
    visitor = await admitVisitor(request, address)
    // A token made for this request has no conversation yet: a first visit's stream costs no query.
    if (!visitor.setCookie) {
      // An agent joining or ending the chat while it is read reaches the visitor after the snapshot.
      heardEarly = listenEarly(hub)
      conversation = await store.conversationOf(visitor.visitorId)
    }
  } catch (error) {
    heardEarly?.stop()
    slot?.release()
    return jsonError(error)
  }
  const { release } = slot
  const { visitorId, setCookie } = visitor
  const page = valid.pagePath(new URL(request.url).searchParams.get('page'))
  hub.visitorConnected({
    visitorId,
    page,
    status: customerStatusOf(conversation?.status),
    name: conversation?.name ?? '',
    conversationId: conversation?.id ?? null,
  })
  const currentConversation = () => hub.visitors.get(visitorId)?.conversationId ?? conversation?.id ?? null
  return eventStreamResponse({
    hub,
    signal: request.signal,
    lastEventId: lastEventIdOf(request),
    headers: setCookie ? { 'Set-Cookie': setCookie } : {},
    heardEarly,
    opening: async (): Promise<StreamEvent<VisitorStreamEvents>[]> => {
      const snapshot = {
        conversationId: conversation?.id ?? null,
        status: customerStatusOf(conversation?.status),
        availability: hub.availability(),
        name: conversation?.name ?? '',
        email: conversation?.email ?? '',
      }
      return [{ name: 'snapshot', data: snapshot }]
    },
    replay: async (afterId) => {
      const id = currentConversation()
      return id ? store.replayAfter(afterId, id) : []
    },
    accepts: (message) => {
      if (message.kind === 'event') return message.event.conversationId === currentConversation()
      if (message.audience.kind === 'visitors') return true
      return message.audience.kind === 'conversation' && message.audience.conversationId === currentConversation()
    },
    onClose: () => {
      hub.visitorDisconnected(visitorId)
      release()
    },
  })
}

/** POST /api/chat/visitor: everything a visitor does, by `action` (protocol.ts's VisitorRequest). */
export async function answerVisitorPost(request: Request, payload: Payload): Promise<Response> {
  try {
    await refuseForeignOrigin(request, payload)
    const address = limitKeyOf(request)
    const body = await readJsonBody(request, CHAT_BODY_MAX_BYTES)
    const visitor = await admitVisitor(request, address)
    refuseWhenLimited(
      await visitorPostLimiter.take(visitor.visitorId),
      'Too many messages at once. Please wait a moment.',
    )
    const result = await runVisitorAction(
      new ChatStore(payload, chatHub()),
      {
        visitorId: visitor.visitorId,
        address,
        // Counted beside the answer, not before it: a visitor's chat never waits on the dashboard.
        onChatStarted: (page) => void recordServerEvent(payload, request, { name: CHAT_STARTED_EVENT, page }),
      },
      body,
    )
    const response = Response.json({ ok: true, ...result })
    if (visitor.setCookie) response.headers.set('Set-Cookie', visitor.setCookie)
    return response
  } catch (error) {
    return jsonError(error)
  }
}

/**
 * Who acts: the visitor's id and the address a new conversation of theirs is counted against; and
 * what to do when one of their actions starts a chat (count it on the analytics dashboard).
 */
export type VisitorContext = {
  visitorId: string
  address: string
  onChatStarted?: (page: string) => void | Promise<void>
}

/** Each visitor action's handler, answering what the protocol names for it. */
type VisitorHandlers = {
  [Action in VisitorAction]: (
    body: Received<Extract<VisitorRequest, { action: Action }>>,
  ) => Promise<VisitorAnswers[Action]>
}

export async function runVisitorAction(
  store: ChatStore,
  { visitorId, address, onChatStarted }: VisitorContext,
  body: Record<string, unknown>,
) {
  const hub = store.hub
  const ensureConversation = () =>
    // The page the visitor's stream reported: without it the console said "an unknown page".
    conversationOfVisitor(store, visitorId, hub.visitor(visitorId)?.page ?? '', async () =>
      refuseWhenLimited(
        await newConversationLimiter.take(address),
        'Too many chats were started from your network. Please try again later.',
      ),
    )
  const handlers: VisitorHandlers = {
    identify: async (request) => {
      const name = valid.optionalName(request.name)
      const email = valid.optionalEmail(request.email)
      const variables = valid.sessionVariables(request.sessionVariables)
      const conversation = await ensureConversation()
      await updateConversation(store, conversation.id, {
        ...(name !== undefined ? { name } : {}),
        ...(email !== undefined ? { email } : {}),
        ...(variables !== undefined ? { sessionVariables: variables } : {}),
      })
      if (name !== undefined) hub.updateVisitor(visitorId, { name })
      return {}
    },
    page: async (request) => {
      const page = valid.pagePath(request.page)
      hub.updateVisitor(visitorId, { page })
      const conversation = await store.conversationOf(visitorId)
      if (conversation) await updateConversation(store, conversation.id, { currentPage: page })
      return {}
    },
    start: async (request) => {
      const name = valid.optionalName(request.name)
      const email = valid.optionalEmail(request.email)
      let conversation = await ensureConversation()
      if (name || email) conversation = await updateConversation(store, conversation.id, { name, email })
      if (name) hub.updateVisitor(visitorId, { name })
      if (await startChat(store, conversation)) await onChatStarted?.(conversation.currentPage ?? '')
      return { conversationId: conversation.id }
    },
    message: async (request) => {
      const type = valid.eventTypeOf(
        request.type,
        VISITOR_EVENT_TYPES,
        'Visitors may send messages, emoji and custom events.',
      )
      const content = valid.eventContent(type, request)
      const conversation = await ensureConversation()
      if (!isChatOpen(conversation)) {
        await queueAgain(store, conversation)
        await onChatStarted?.(conversation.currentPage ?? '')
      }
      const event = await store.append(conversation.id, {
        type,
        author: { type: 'customer', name: conversation.name || 'Visitor' },
        ...content,
      })
      return { event }
    },
    typing: async (request) => {
      const conversation = await store.conversationOf(visitorId)
      if (conversation) visitorTyping(store, conversation, request.typing === true)
      return {}
    },
    end: async () => {
      const conversation = await store.conversationOf(visitorId)
      if (conversation && customerStatusOf(conversation.status) !== 'browsing')
        await endChat(store, conversation.id, 'The visitor ended the chat.')
      return {}
    },
    rate: (request) => rateChat(store, visitorId, request.rating),
    transcript: () => mailTranscript(store, visitorId, body),
  }
  const action = body.action
  if (!isActionOf(handlers, action)) throw new ChatRequestError(400, 'Unknown chat action.')
  return handlers[action](body)
}
