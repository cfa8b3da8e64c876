import type { Payload } from 'payload'
import { poller } from '@/platform/poller'
import { readChatSettings } from '../server/settings'
import { CHAT_RETENTION_BATCH, CHAT_RETENTION_POLL_INTERVAL_MS, DAY_MS } from './constants'

/**
 * Deletes the conversations that ended more than the setting's days before `now`, each with its
 * events and files (the collection's delete hook). Answers how many went; 0/empty keeps them all.
 */
export async function deleteExpiredConversations(
  payload: Payload,
  now = Date.now(),
  batch = CHAT_RETENTION_BATCH,
): Promise<number> {
  const { retentionDays } = await readChatSettings(payload)
  if (retentionDays <= 0) return 0
  const cutoff = new Date(now - retentionDays * DAY_MS).toISOString()
  let deleted = 0
  for (;;) {
    const { docs } = await payload.find({
      collection: 'chat-conversations',
      where: { and: [{ status: { equals: 'ended' } }, { endedAt: { less_than: cutoff } }] },
      sort: 'endedAt',
      limit: batch,
      depth: 0,
      pagination: false,
    })
    if (docs.length === 0) return deleted
    for (const doc of docs) {
      // One at a time, each in its own transaction: a failure leaves the others deleted and is retried next run.
      await payload.delete({ collection: 'chat-conversations', id: doc.id })
      deleted++
    }
  }
}

const retention = poller('chat retention', [(payload) => deleteExpiredConversations(payload)])

export const runChatRetention = (payload: Payload): Promise<void> => retention.run(payload)

/** Applies the retention setting on an interval, so old chats go without anyone opening the admin. */
export const startChatRetention = (payload: Payload, intervalMs = CHAT_RETENTION_POLL_INTERVAL_MS): void =>
  retention.start(payload, intervalMs)

export const stopChatRetention = (payload: Payload): Promise<void> => retention.stop(payload)
