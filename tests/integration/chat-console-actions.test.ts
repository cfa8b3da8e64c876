import { describe, expect, it } from 'vitest'
import { DISMISSED_CHAT_TEXT } from '@/chat/server/conversation/dismissal'
import { HISTORY_QUERY_MAX_CHARS } from '@/chat/server/storage/consoleQueries'
import { chatHub } from '@/chat/server/live/hub'
import { hashVisitorToken, newVisitorToken } from '@/chat/server/http/tokens'
import { agentPost, payload, setUpChatSuite, visitorPost } from '../support/chat'

setUpChatSuite({ withEditor: true })

/** A visitor who starts a chat under `name`; returns their conversation's id. */
async function startChat(name: string, email = `${name.toLowerCase()}@example.com`) {
  const token = newVisitorToken()
  const started = await visitorPost(token, { action: 'start', name, email })
  expect(started.status).toBe(200)
  await visitorPost(token, { action: 'message', text: `Hello from ${name}` })
  return { token, id: (await started.json()).conversationId as number }
}

const history = async (search: Record<string, unknown>) => {
  const response = await agentPost({ action: 'history', ...search })
  return { status: response.status, body: await response.json() }
}

describe('agent console actions', () => {
  it('dismisses a queued chat: the visitor reads why, the chat leaves the queue, a second dismiss is refused', async () => {
    const { id } = await startChat('Quinn')
    expect((await agentPost({ action: 'dismiss', conversationId: id })).status).toBe(200)
    const after = await payload.findByID({ collection: 'chat-conversations', id })
    expect(after.status).not.toBe('queued')
    const events = await payload.find({
      collection: 'chat-events',
      where: { conversation: { equals: id } },
      sort: 'id',
    })
    expect(events.docs.at(-1)?.text).toBe(DISMISSED_CHAT_TEXT)
    // What the visitor wrote stays in the transcript.
    expect(events.docs.map((event) => event.text)).toContain('Hello from Quinn')
    const again = await agentPost({ action: 'dismiss', conversationId: id })
    expect(again.status).toBe(409)
    expect((await again.json()).error).toMatch(/waiting in the queue/)
  })

  it('refuses to dismiss a chat an agent has taken, and a conversation that does not exist', async () => {
    const { id } = await startChat('Rita')
    await agentPost({ action: 'accept', conversationId: id })
    expect((await agentPost({ action: 'dismiss', conversationId: id })).status).toBe(409)
    expect((await payload.findByID({ collection: 'chat-conversations', id })).status).toBe('chatting')
    expect((await agentPost({ action: 'dismiss', conversationId: 999_999 })).status).toBe(404)
    expect((await agentPost({ action: 'dismiss', conversationId: 'x' })).status).toBe(400)
  })

  it('lists ended chats by visitor name or email and by day, never a chat in progress', async () => {
    const ended = await startChat('Hester', 'hester.prynne@example.com')
    await agentPost({ action: 'accept', conversationId: ended.id })
    await agentPost({ action: 'end', conversationId: ended.id })
    const open = await startChat('Hestia')

    const byName = await history({ query: 'hest' })
    expect(byName.status).toBe(200)
    const ids = byName.body.conversations.map((entry: { id: number }) => entry.id)
    expect(ids).toContain(ended.id)
    expect(ids).not.toContain(open.id)
    expect((await history({ query: 'prynne@' })).body.conversations).toMatchObject([{ id: ended.id, name: 'Hester' }])

    const now = Date.now()
    const today = { from: new Date(now - 60_000).toISOString(), to: new Date(now + 60_000).toISOString() }
    expect((await history({ query: 'Hester', ...today })).body.conversations).toHaveLength(1)
    const lastYear = { from: '2025-01-01T00:00:00.000Z', to: '2025-01-01T23:59:59.999Z' }
    expect((await history({ query: 'Hester', ...lastYear })).body.conversations).toHaveLength(0)

    const transcript = await agentPost({ action: 'transcript_view', conversationId: ended.id })
    const texts = (await transcript.json()).events.map((event: { text?: string }) => event.text)
    expect(texts).toContain('Hello from Hester')
  })

  it('refuses malformed history searches with plain words and treats hostile text as text', async () => {
    expect(await history({ query: 42 })).toMatchObject({ status: 400, body: { error: 'The search must be text.' } })
    expect((await history({ query: 'x'.repeat(HISTORY_QUERY_MAX_CHARS + 1) })).status).toBe(400)
    expect(await history({ from: 'yesterday-ish' })).toMatchObject({
      status: 400,
      body: { error: 'The start date is not a date.' },
    })
    expect((await history({ to: { $gt: '' } })).status).toBe(400)
    for (const hostile of ["%' OR 1=1 --", '%', '_', '\\']) {
      const answer = await history({ query: hostile })
      expect(answer.status).toBe(200)
      expect(answer.body.conversations).toEqual([])
    }
  })

  it('gives agents the saved replies admins keep, and lets no agent change them', async () => {
    await payload.create({
      collection: 'chat-canned-replies',
      data: { title: 'Turnaround', text: 'Most title searches are ready in two business days.' },
    })
    const answer = await agentPost({ action: 'canned_replies' })
    expect((await answer.json()).replies).toMatchObject([
      { title: 'Turnaround', text: 'Most title searches are ready in two business days.' },
    ])
    const agent = (await payload.find({ collection: 'users', where: { email: { equals: 'agent@example.com' } } }))
      .docs[0]
    await expect(
      payload.create({
        collection: 'chat-canned-replies',
        data: { title: 'Mine', text: 'x' },
        user: agent,
        overrideAccess: false,
      }),
    ).rejects.toThrow()
  })

  it('records the page the visitor is on when their chat starts', async () => {
    const token = newVisitorToken()
    chatHub().visitorConnected({
      visitorId: hashVisitorToken(token),
      page: '/counties',
      status: 'browsing',
      name: '',
      conversationId: null,
    })
    const started = await visitorPost(token, { action: 'start', name: 'Paige' })
    const id = (await started.json()).conversationId
    expect((await payload.findByID({ collection: 'chat-conversations', id })).currentPage).toBe('/counties')
  })
})
