import type { Payload } from 'payload'
import { poller } from '@/platform/poller'
import { chatHub } from '../server/live/hub'
import { readChatSettings } from '../server/settings'
import { ChatStore } from '../server/storage/store'
import { endChat } from '../server/conversation/life'

/** How often each instance looks for idle chats and for waiting chats whose visitor left. */
export const CHAT_UPKEEP_INTERVAL_MS = 60_000
const MINUTE_MS = 60_000

export const idleEndLine = (minutes: number) =>
  `The chat ended after ${minutes} minute${minutes === 1 ? '' : 's'} without a message.`
export const LEFT_QUEUE_LINE = 'The visitor left before an agent answered.'

/**
 * When this process first saw each waiting chat's visitor gone from the site, by conversation id.
 * Counted from what this process saw, not from a stored time, so that a restart (when every
 * visitor's stream is still reconnecting) never ends a chat whose visitor is still there.
 */
export type AbsenceLog = Map<number, number>

/**
 * Ends the chats nobody wrote in for the set minutes, and the waiting chats whose visitor has been
 * gone from the site for the set minutes (counted only while this instance hears the others), each
 * with a line saying why (the visitor and the agent both see it, as when someone ends a chat).
 * Answers how many it ended of each.
 */
export async function endStaleChats(store: ChatStore, absentSince: AbsenceLog, now = Date.now()) {
  const { idleEndMinutes, leftQueueMinutes } = await readChatSettings(store.payload)
  let idle = 0
  let left = 0
  if (idleEndMinutes > 0) {
    const quietSince = new Date(now - idleEndMinutes * MINUTE_MS).toISOString()
    const { docs } = await store.payload.find({
      collection: 'chat-conversations',
      where: {
        and: [
          { status: { equals: 'chatting' } },
          { or: [{ lastMessageAt: { less_than: quietSince } }, { lastMessageAt: { exists: false } }] },
          { updatedAt: { less_than: quietSince } },
        ],
      },
      depth: 0,
      pagination: false,
      select: { status: true },
    })
    for (const doc of docs) {
      await endChat(store, doc.id, idleEndLine(idleEndMinutes))
      idle++
    }
  }
  const { docs: waiting } = await store.payload.find({
    collection: 'chat-conversations',
    where: { status: { equals: 'queued' } },
    depth: 0,
    pagination: false,
    select: { id: true, visitorTokenHash: true },
  })
  const stillWaiting = new Set<number>()
  // While Redis is away, a visitor on another instance is out of sight here, not gone: nobody counts
  // as absent until every instance is heard again.
  const seesEveryone = store.hub.bus.hearsEveryInstance()
  for (const doc of waiting) {
    stillWaiting.add(doc.id)
    if (!seesEveryone || store.hub.visitor(doc.visitorTokenHash)) {
      absentSince.delete(doc.id)
      continue
    }
    const since = absentSince.get(doc.id) ?? now
    absentSince.set(doc.id, since)
    if (leftQueueMinutes > 0 && now - since >= leftQueueMinutes * MINUTE_MS) {
      await endChat(store, doc.id, LEFT_QUEUE_LINE)
      absentSince.delete(doc.id)
      left++
    }
  }
  for (const id of absentSince.keys()) if (!stillWaiting.has(id)) absentSince.delete(id)
  return { idle, left }
}

const absences: AbsenceLog = new Map()
const upkeep = poller('chat upkeep', [(payload) => endStaleChats(new ChatStore(payload, chatHub()), absences)])

/** Ends idle chats and clears left visitors' waiting chats every minute, without anyone watching. */
export const startChatUpkeep = (payload: Payload, intervalMs = CHAT_UPKEEP_INTERVAL_MS): void =>
  upkeep.start(payload, intervalMs)

export const stopChatUpkeep = (payload: Payload): Promise<void> => upkeep.stop(payload)
