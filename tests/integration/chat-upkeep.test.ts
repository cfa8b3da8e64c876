import { describe, expect, it } from 'vitest'
import { ChatHub } from '@/chat/server/live/hub'
import { createRedisBus } from '@/chat/server/live/redisBus'
import { ChatStore } from '@/chat/server/storage/store'
import { DEFAULT_IDLE_END_MINUTES } from '@/chat/settingsTab'
import { type AbsenceLog, endStaleChats, idleEndLine, LEFT_QUEUE_LINE } from '@/chat/retention/upkeep'
import { newVisitorHash, setUpChatStore } from '../support/chatHistory'
import { startTempRedis, type TempRedis } from '../support/redis'

const chat = setUpChatStore()
const MINUTE_MS = 60_000

const setUpkeep = (chatSettings: { idleEndMinutes?: number | null; leftQueueMinutes?: number | null }) =>
  chat.payload.updateGlobal({
    slug: 'site-settings',
    data: { business: { name: 'Test Title Co' }, chat: chatSettings } as never,
  })

/** A chat at `status` whose visitor is on the site (their stream open) or not. */
async function chatOf(name: string, status: 'queued' | 'chatting', onSite: boolean) {
  const visitorId = newVisitorHash()
  const conversation = await chat.store.ensureConversation(visitorId)
  await chat.store.update(conversation.id, { name })
  await chat.store.append(conversation.id, { type: 'message', author: { type: 'customer', name }, text: 'Hello?' })
  const stored = await chat.store.setStatus((await chat.store.conversation(conversation.id))!, status)
  if (onSite) chat.store.hub.visitorConnected({ visitorId, page: '/', status, name, conversationId: conversation.id })
  return stored
}

const statusOf = async (id: number) => (await chat.store.conversation(id))?.status
const lastLineOf = async (id: number) => {
  const events = await chat.store.eventsAfter(0, id)
  return events.at(-1)?.text
}

describe('chat upkeep', () => {
  it('ends a chat nobody wrote in for the set minutes, saying why, and leaves a lively one', async () => {
    await setUpkeep({ idleEndMinutes: 30, leftQueueMinutes: 5 })
    const quiet = await chatOf('Quinn', 'chatting', true)
    const lively = await chatOf('Liv', 'chatting', true)

    const halfHourLater = Date.now() + 31 * MINUTE_MS
    // Liv wrote a minute before the check.
    await chat.store.append(lively.id, {
      type: 'message',
      author: { type: 'customer', name: 'Liv' },
      text: 'Still here',
    })
    await chat.payload.update({
      collection: 'chat-conversations',
      id: lively.id,
      data: { lastMessageAt: new Date(halfHourLater - MINUTE_MS).toISOString() },
    })
    const ended = await endStaleChats(chat.store, new Map(), halfHourLater)

    expect(ended.idle).toBe(1)
    expect(await statusOf(quiet.id)).toBe('ended')
    expect(await lastLineOf(quiet.id)).toBe(idleEndLine(30))
    expect(await statusOf(lively.id)).toBe('chatting')
  })

  it('marks a waiting visitor who left, and ends their chat only once they have been gone the set minutes', async () => {
    await setUpkeep({ idleEndMinutes: 30, leftQueueMinutes: 5 })
    const gone = await chatOf('Gwen', 'queued', false)
    const here = await chatOf('Hal', 'queued', true)
    const absences: AbsenceLog = new Map()
    const start = Date.now()

    expect((await endStaleChats(chat.store, absences, start)).left).toBe(0)
    expect(absences.get(gone.id)).toBe(start)
    expect(absences.has(here.id)).toBe(false)
    expect((await endStaleChats(chat.store, absences, start + 4 * MINUTE_MS)).left).toBe(0)
    expect(await statusOf(gone.id)).toBe('queued')

    expect((await endStaleChats(chat.store, absences, start + 5 * MINUTE_MS)).left).toBe(1)
    expect(await statusOf(gone.id)).toBe('ended')
    expect(await lastLineOf(gone.id)).toBe(LEFT_QUEUE_LINE)
    expect(await statusOf(here.id)).toBe('queued')
    expect(absences.size).toBe(0)
  })

  it('starts counting again when a visitor who left comes back to the site', async () => {
    await setUpkeep({ idleEndMinutes: 30, leftQueueMinutes: 5 })
    const visitorId = newVisitorHash()
    const conversation = await chat.store.ensureConversation(visitorId)
    await chat.store.setStatus(conversation, 'queued')
    const absences: AbsenceLog = new Map()
    const start = Date.now()
    await endStaleChats(chat.store, absences, start)
    chat.store.hub.visitorConnected({
      visitorId,
      page: '/',
      status: 'queued',
      name: '',
      conversationId: conversation.id,
    })
    await endStaleChats(chat.store, absences, start + 3 * MINUTE_MS)
    chat.store.hub.visitorDisconnected(visitorId)
    await endStaleChats(chat.store, absences, start + 4 * MINUTE_MS)

    expect((await endStaleChats(chat.store, absences, start + 8 * MINUTE_MS)).left).toBe(0)
    expect(await statusOf(conversation.id)).toBe('queued')
    expect((await endStaleChats(chat.store, absences, start + 9 * MINUTE_MS)).left).toBe(1)
  })

  it('ends nothing when both settings are 0, and applies the defaults when they are empty', async () => {
    await setUpkeep({ idleEndMinutes: 0, leftQueueMinutes: 0 })
    const quiet = await chatOf('Nell', 'chatting', false)
    const waiting = await chatOf('Wes', 'queued', false)
    const absences: AbsenceLog = new Map()
    const muchLater = Date.now() + 24 * 60 * MINUTE_MS
    await endStaleChats(chat.store, absences, Date.now())
    expect(await endStaleChats(chat.store, absences, muchLater)).toEqual({ idle: 0, left: 0 })
    expect(await statusOf(quiet.id)).toBe('chatting')
    expect(await statusOf(waiting.id)).toBe('queued')

    await setUpkeep({ idleEndMinutes: null, leftQueueMinutes: null })
    await endStaleChats(chat.store, absences, muchLater)
    expect(await statusOf(quiet.id)).toBe('ended')
    expect(await lastLineOf(quiet.id)).toBe(idleEndLine(DEFAULT_IDLE_END_MINUTES))
    expect(await statusOf(waiting.id)).toBe('ended')
  })
})

describe('chat upkeep on an instance that shares chats through Redis', () => {
  it('counts no waiting visitor as gone while Redis is away (they may be on another instance), and counts again once it is back', async () => {
    await setUpkeep({ idleEndMinutes: 30, leftQueueMinutes: 5 })
    const redis = await startTempRedis()
    const bus = createRedisBus(redis.url)
    const hub = new ChatHub(bus)
    const store = new ChatStore(chat.payload, hub)
    let back: TempRedis | undefined
    try {
      await bus.subscribed
      // A waiting visitor whose stream is held by another instance: out of this one's own sight.
      const elsewhere = await chatOf('Elsa', 'queued', false)
      await redis.kill()
      await expect.poll(() => bus.isShared()).toBe(false)
      const absences: AbsenceLog = new Map()
      const start = Date.now()
      await endStaleChats(store, absences, start)
      await endStaleChats(store, absences, start + 10 * MINUTE_MS)
      expect(absences.has(elsewhere.id)).toBe(false)
      expect(await statusOf(elsewhere.id)).toBe('queued')

      back = await startTempRedis({ port: redis.port })
      await expect.poll(() => bus.isShared(), { timeout: 10_000 }).toBe(true)
      // Heard from every instance again, and still nowhere: gone from now on.
      await endStaleChats(store, absences, start + 11 * MINUTE_MS)
      expect(absences.get(elsewhere.id)).toBe(start + 11 * MINUTE_MS)
      await endStaleChats(store, absences, start + 16 * MINUTE_MS)
      expect(await statusOf(elsewhere.id)).toBe('ended')
    } finally {
      hub.close()
      bus.close()
      redis.stop()
      back?.stop()
    }
  })
})
