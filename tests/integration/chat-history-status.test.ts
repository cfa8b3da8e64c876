import { describe, expect, it } from 'vitest'
import { newVisitorToken } from '@/chat/server/http/tokens'
import { visitorStream } from '@/chat/server/http/visitor'
import type { VisitorSnapshot } from '@/chat/protocol'
import { markChatsEndedBeforeUpgrade } from '@/chat/retention/endedBeforeUpgrade'
import { agentPost, firstFrame, payload, setUpChatSuite, SITE, visitorHeaders, visitorPost } from '../support/chat'
import { newVisitorHash } from '../support/chatHistory'

setUpChatSuite()

const agentId = async () =>
  (await payload.find({ collection: 'users', where: { email: { equals: 'agent@example.com' } } })).docs[0].id

/** A visitor who started a chat that the agent accepted; answers the conversation's id. */
async function acceptedChat(name: string, token = newVisitorToken()) {
  await visitorPost(token, { action: 'start', name, email: `${name.toLowerCase()}@example.com` })
  const conversation = (await payload.find({ collection: 'chat-conversations', where: { name: { equals: name } } }))
    .docs[0]
  expect((await agentPost({ action: 'accept', conversationId: conversation.id })).status).toBe(200)
  return { id: conversation.id, token }
}

const stored = (id: number) => payload.findByID({ collection: 'chat-conversations', id, depth: 0 })

describe('a conversation records its agent and its end', () => {
  it('records the agent who accepted the chat', async () => {
    const { id } = await acceptedChat('Abe')
    expect((await stored(id)).agent).toBe(await agentId())
  })

  it('is ended, with its time and its agent kept, once the agent ends the chat', async () => {
    const { id } = await acceptedChat('Bea')
    const before = Date.now()
    expect((await agentPost({ action: 'end', conversationId: id })).status).toBe(200)
    const after = await stored(id)
    expect(after.status).toBe('ended')
    expect(after.agent).toBe(await agentId())
    expect(Date.parse(after.endedAt!)).toBeGreaterThanOrEqual(before - 1000)
  })

  it('is ended once the visitor ends the chat, and a second end adds no second end line', async () => {
    const { id, token } = await acceptedChat('Cal')
    expect((await visitorPost(token, { action: 'end' })).status).toBe(200)
    expect((await visitorPost(token, { action: 'end' })).status).toBe(200)
    expect((await stored(id)).status).toBe('ended')
    const endLines = await payload.count({
      collection: 'chat-events',
      where: { conversation: { equals: id }, text: { equals: 'The visitor ended the chat.' } },
    })
    expect(endLines.totalDocs).toBe(1)
  })

  it('shows the visitor of an ended chat as browsing, so their widget offers a new chat', async () => {
    const { token } = await acceptedChat('Dee')
    await visitorPost(token, { action: 'end' })
    const snapshot = await firstFrame<VisitorSnapshot>(
      await visitorStream(new Request(`${SITE}/api/chat/stream?page=/`, { headers: visitorHeaders(token) }), payload),
      'snapshot',
    )
    expect(snapshot.status).toBe('browsing')
  })

  it('queues the conversation again when the visitor of an ended chat starts a new one', async () => {
    const { id, token } = await acceptedChat('Eve')
    await visitorPost(token, { action: 'end' })
    await visitorPost(token, { action: 'start' })
    expect((await stored(id)).status).toBe('queued')
  })

  it('keeps the time of the last message that a person wrote', async () => {
    const { id, token } = await acceptedChat('Fay')
    const sent = await visitorPost(token, { action: 'message', text: 'Is the deed clear?' })
    const { event } = (await sent.json()) as { event: { timestamp: string } }
    await agentPost({ action: 'end', conversationId: id })
    expect((await stored(id)).lastMessageAt).toBe(event.timestamp)
  })
})

describe('chats that ended before the upgrade', () => {
  it('are marked ended at their end line’s time; browsing visitors who never chatted are left alone', async () => {
    const ended = await payload.create({
      collection: 'chat-conversations',
      data: { visitorTokenHash: newVisitorHash(), status: 'browsing', name: 'Old' },
    })
    const line = await payload.create({
      collection: 'chat-events',
      data: {
        conversation: ended.id,
        type: 'system',
        authorType: 'system',
        authorName: 'System',
        text: 'Ada Agent ended the chat.',
      },
    })
    const neverChatted = await payload.create({
      collection: 'chat-conversations',
      data: { visitorTokenHash: newVisitorHash(), status: 'browsing' },
    })

    expect(await markChatsEndedBeforeUpgrade(payload)).toBe(1)

    expect(await stored(ended.id)).toMatchObject({ status: 'ended', endedAt: line.createdAt })
    expect((await stored(neverChatted.id)).status).toBe('browsing')
    expect(await markChatsEndedBeforeUpgrade(payload)).toBe(0)
  })
})
