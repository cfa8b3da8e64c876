import { describe, expect, it } from 'vitest'
import { DAY_MS } from '@/chat/retention/constants'
import { deleteExpiredConversations, runChatRetention } from '@/chat/retention/retention'
import { conversationWithEventsAndFile, remainsOf, setUpChatStore } from '../support/chatHistory'

const chat = setUpChatStore()

const setRetentionDays = (retentionDays: number | null) =>
  chat.payload.updateGlobal({
    slug: 'site-settings',
    data: { business: { name: 'Test Title Co' }, chat: { retentionDays } } as never,
  })

/** A conversation with messages and a file whose chat ended `daysAgo` days ago. */
async function endedDaysAgo(name: string, daysAgo: number) {
  const made = await conversationWithEventsAndFile(chat.payload, chat.store, name)
  await chat.store.setStatus(made.conversation, 'ended')
  await chat.payload.update({
    collection: 'chat-conversations',
    id: made.conversation.id,
    data: { endedAt: new Date(Date.now() - daysAgo * DAY_MS).toISOString() },
  })
  return made
}

const exists = async (id: number) =>
  (await chat.payload.findByID({ collection: 'chat-conversations', id, disableErrors: true })) !== null

describe('chat retention', () => {
  it('deletes, with their events and files, the conversations that ended more than the set days ago', async () => {
    const old = await endedDaysAgo('Olga', 31)
    const recent = await endedDaysAgo('Rita', 29)
    await setRetentionDays(30)

    await runChatRetention(chat.payload)

    expect(await exists(old.conversation.id)).toBe(false)
    expect(await remainsOf(chat.payload, old.conversation.id, old.file.filename!)).toEqual({
      events: 0,
      files: 0,
      onDisk: false,
    })
    expect(await exists(recent.conversation.id)).toBe(true)
    expect(await remainsOf(chat.payload, recent.conversation.id, recent.file.filename!)).toEqual({
      events: 3,
      files: 1,
      onDisk: true,
    })
  })

  it('never deletes a conversation whose chat is still going, however old', async () => {
    const { conversation } = await conversationWithEventsAndFile(chat.payload, chat.store, 'Gus')
    await chat.store.setStatus(conversation, 'chatting')
    // An old end time left from an earlier chat of the same visitor does not count while they chat again.
    await chat.payload.update({
      collection: 'chat-conversations',
      id: conversation.id,
      data: { endedAt: new Date(Date.now() - 400 * DAY_MS).toISOString() },
    })
    await setRetentionDays(1)

    await deleteExpiredConversations(chat.payload)
    expect(await exists(conversation.id)).toBe(true)
  })

  it('keeps every conversation when the setting is 0 or empty', async () => {
    const old = await endedDaysAgo('Ida', 3650)
    for (const days of [0, null]) {
      await setRetentionDays(days)
      expect(await deleteExpiredConversations(chat.payload)).toBe(0)
    }
    expect(await exists(old.conversation.id)).toBe(true)
  })

  it('deletes more old conversations than one batch holds in one run', async () => {
    await setRetentionDays(null)
    const made = []
    for (let index = 0; index < 3; index++) made.push(await endedDaysAgo(`Batch${index}`, 10))
    await setRetentionDays(5)

    expect(await deleteExpiredConversations(chat.payload, Date.now(), 2)).toBeGreaterThanOrEqual(3)
    for (const { conversation } of made) expect(await exists(conversation.id)).toBe(false)
  })
})
