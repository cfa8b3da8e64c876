import type { Payload, PayloadRequest } from 'payload'
import { database } from '@/platform/sql'
import type { ChatConversation, ChatEvent, ChatFile } from '@/payload-types'
import { type ChatEventType, type ConversationStatus, type CustomerStatus, IN_PROGRESS_STATUSES } from '../../constants'
import type { ChatEventView, ConversationSummary, EventAuthor } from '../../protocol'
import type { ChatHub } from '../live/hub'

export type NewChatEvent = {
  type: ChatEventType
  author: EventAuthor
  text?: string
  buttons?: string[]
  customData?: unknown
  fileId?: number
}

export const fileUrl = (fileId: number) => `/api/chat/files/${fileId}`

/** The most events a stream replays when it opens or catches up: the newest ones after its position. */
export const CHAT_REPLAY_MAX_EVENTS = 500

/** The PostgreSQL advisory lock (any fixed 64-bit key) that chat event inserts take in turn. */
export const CHAT_EVENT_ORDER_LOCK = 6_427_001

export function toEventView(event: ChatEvent): ChatEventView {
  const conversationId = typeof event.conversation === 'object' ? event.conversation.id : event.conversation
  const data = (event.data ?? {}) as { buttons?: string[]; customData?: unknown }
  const file = event.file && typeof event.file === 'object' ? (event.file as ChatFile) : null
  return {
    id: event.id,
    conversationId,
    type: event.type,
    author: {
      type: event.authorType,
      name: event.authorName ?? '',
      ...(event.authorPhoto ? { photo: event.authorPhoto } : {}),
    },
    timestamp: event.createdAt,
    ...(event.text != null ? { text: event.text } : {}),
    ...(data.buttons ? { buttons: data.buttons } : {}),
    ...('customData' in data ? { customData: data.customData } : {}),
    ...(file
      ? {
          file: {
            id: file.id,
            name: file.filename ?? 'file',
            contentType: file.mimeType ?? 'application/octet-stream',
            size: file.filesize ?? 0,
            url: fileUrl(file.id),
          },
        }
      : {}),
  }
}

/** What visitors and the live lists see: an ended chat leaves its visitor browsing. */
export const customerStatusOf = (status: ConversationStatus | null | undefined): CustomerStatus =>
  status == null || status === 'ended' ? 'browsing' : status

export function toSummary(doc: ChatConversation): ConversationSummary {
  return {
    id: doc.id,
    visitorId: '',
    name: doc.name ?? '',
    email: doc.email ?? '',
    status: customerStatusOf(doc.status),
    currentPage: doc.currentPage ?? '',
    agentId: doc.agent == null ? null : typeof doc.agent === 'object' ? doc.agent.id : doc.agent,
  }
}

/** Writes fields of a stored conversation; nobody is told (the conversation's life, ../conversation/life.ts, tells them). */
export const writeConversation = (payload: Payload, id: number, data: Partial<Omit<ChatConversation, 'id'>>) =>
  payload.update({ collection: 'chat-conversations', id, data, depth: 0 })

/**
 * The chat's persistence: conversations and their events, in the CMS database. It tells no one of a
 * change but the streams of a stored event (append): what a change means to the visitor and the
 * agents, and the signals that say so, are the conversation's life's (../conversation/life.ts).
 */
export class ChatStore {
  constructor(
    readonly payload: Payload,
    readonly hub: ChatHub,
  ) {}

  async conversationOf(visitorId: string): Promise<ChatConversation | null> {
    const { docs } = await this.payload.find({
      collection: 'chat-conversations',
      where: { visitorTokenHash: { equals: visitorId } },
      limit: 1,
      depth: 0,
      // One row at most (a visitor has one conversation): no count query beside it.
      pagination: false,
    })
    return docs[0] ?? null
  }

  /**
   * The visitor's conversation, created when they have none, and whether this call created it;
   * `beforeCreate` may refuse a new one by throwing.
   */
  async findOrCreateConversation(
    visitorId: string,
    page = '',
    beforeCreate?: () => Promise<void>,
  ): Promise<{ conversation: ChatConversation; created: boolean }> {
    const existing = await this.conversationOf(visitorId)
    if (existing) return { conversation: existing, created: false }
    await beforeCreate?.()
    try {
      const created = await this.payload.create({
        collection: 'chat-conversations',
        data: { visitorTokenHash: visitorId, status: 'browsing', currentPage: page },
      })
      return { conversation: created, created: true }
    } catch (error) {
      // Two tabs may create at once; the unique hash lets one win.
      const winner = await this.conversationOf(visitorId)
      if (winner) return { conversation: winner, created: false }
      throw error
    }
  }

  /** The visitor's conversation, created when they have none (the live lists learn of it only through life.ts). */
  async ensureConversation(
    visitorId: string,
    page = '',
    beforeCreate?: () => Promise<void>,
  ): Promise<ChatConversation> {
    return (await this.findOrCreateConversation(visitorId, page, beforeCreate)).conversation
  }

  async conversation(id: number): Promise<ChatConversation | null> {
    return this.payload.findByID({ collection: 'chat-conversations', id, depth: 0, disableErrors: true })
  }

  async update(id: number, data: Partial<Omit<ChatConversation, 'id'>>): Promise<ChatConversation> {
    return writeConversation(this.payload, id, data)
  }

  /** Stores the status, and the agent when given; `ended` also stamps when, for the retention job. */
  async setStatus(conversation: ChatConversation, status: ConversationStatus, agentId?: number | null) {
    return this.update(conversation.id, {
      status,
      ...(agentId !== undefined ? { agent: agentId } : {}),
      ...(status === 'ended' ? { endedAt: new Date().toISOString() } : {}),
    })
  }

  /**
   * Runs `write` (which stores chat events through `req`) so that event ids become visible in
   * id order, which is what lets a stream resume after the last id it saw. On PostgreSQL an id
   * is drawn from the sequence at insert but becomes visible at commit, so a writer that drew a
   * lower id could commit after a reader had already passed a higher one; here each writer
   * holds a transaction-scoped advisory lock from before its insert until its commit, across
   * every instance sharing the database. SQLite has a single writer, which already orders them.
   */
  async withEventOrder<T>(write: (req: Partial<PayloadRequest>) => Promise<T>): Promise<T> {
    const db = database(this.payload)
    if (db.dialect === 'sqlite') return write({})
    return db.transaction((tx) => write(tx.req), { lock: CHAT_EVENT_ORDER_LOCK })
  }

  /**
   * Stores an event, then sends it to every stream that may see it. Once it is stored it is sent
   * and answered, whatever happens to the conversation's "Last message" time after it: told that a
   * stored message failed, a visitor would send it again, and the agent would get it twice.
   */
  async append(conversationId: number, input: NewChatEvent): Promise<ChatEventView> {
    const created = await this.withEventOrder((req) => this.insertEvent(conversationId, input, req))
    if (input.author.type !== 'system')
      await this.touchLastMessage(conversationId, created.createdAt).catch((error: unknown) =>
        this.payload.logger.error({ err: error, conversation: conversationId }, 'chat: last message time not kept'),
      )
    const view = toEventView(created)
    this.hub.publish({ kind: 'event', event: view })
    return view
  }

  /** Keeps the admin list's "Last message" column current, without telling agents (nothing they show changed). */
  private async touchLastMessage(conversationId: number, at: string) {
    await this.payload.update({
      collection: 'chat-conversations',
      id: conversationId,
      data: { lastMessageAt: at },
      depth: 0,
    })
  }

  /** Inserts one event within `req`'s transaction (see withEventOrder); nothing is published. */
  insertEvent(conversationId: number, input: NewChatEvent, req: Partial<PayloadRequest> = {}) {
    return this.payload.create({
      req,
      collection: 'chat-events',
      data: {
        conversation: conversationId,
        type: input.type,
        authorType: input.author.type,
        authorName: input.author.name,
        authorPhoto: input.author.photo ?? null,
        text: input.text,
        data: {
          ...(input.buttons ? { buttons: input.buttons } : {}),
          ...(input.customData !== undefined ? { customData: input.customData } : {}),
        },
        file: input.fileId,
      },
      depth: 1,
    })
  }

  /** Events after a stream position, of one conversation or of all (for agents), oldest first, at most `limit`. */
  async eventsAfter(
    afterId: number,
    conversationId?: number,
    limit = CHAT_REPLAY_MAX_EVENTS,
  ): Promise<ChatEventView[]> {
    return this.readEvents(afterId, conversationId, 'id', limit)
  }

  /**
   * What a stream replays after a position: the newest CHAT_REPLAY_MAX_EVENTS events after it, oldest
   * first. A long conversation (one holds all of a visitor's chats) opens on its current chat, not on
   * its first 500 events, and a console back after a long sleep reads a bounded amount.
   */
  async replayAfter(afterId: number, conversationId?: number): Promise<ChatEventView[]> {
    return (await this.readEvents(afterId, conversationId, '-id', CHAT_REPLAY_MAX_EVENTS)).reverse()
  }

  private async readEvents(afterId: number, conversationId: number | undefined, sort: 'id' | '-id', limit: number) {
    const { docs } = await this.payload.find({
      collection: 'chat-events',
      where: {
        and: [
          { id: { greater_than: afterId } },
          ...(conversationId ? [{ conversation: { equals: conversationId } }] : []),
        ],
      },
      sort,
      limit,
      depth: 1,
      pagination: false,
    })
    return docs.map(toEventView)
  }

  async openConversations(): Promise<ChatConversation[]> {
    const { docs } = await this.payload.find({
      collection: 'chat-conversations',
      where: { status: { in: [...IN_PROGRESS_STATUSES] } },
      limit: 200,
      depth: 0,
      pagination: false,
    })
    return docs
  }
}
