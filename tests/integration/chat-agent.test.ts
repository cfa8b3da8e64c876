import { describe, expect, it, vi } from 'vitest'
import { agentStream } from '@/chat/server/http/agent'
import { visitorStream } from '@/chat/server/http/visitor'
import { CHAT_UNAVAILABLE_MESSAGE, CHAT_UNAVAILABLE_RETRY_AFTER_S } from '@/chat/server/http/guards'
import { chatHub } from '@/chat/server/live/hub'
import { ChatStore } from '@/chat/server/storage/store'
import { newVisitorToken } from '@/chat/server/http/tokens'
import {
  agentPost,
  agentToken,
  payload,
  readFrames,
  setUpChatSuite,
  SITE,
  visitorHeaders,
  visitorPost,
} from '../support/chat'

setUpChatSuite({ seeded: true, withEditor: true })

/**
 * A visitor called `name` waiting in the queue, whose chat an agent accepts just after the next
 * call of ChatStore's `read` (a stream reading its snapshot) and before that call returns.
 * `done` puts the read back and ends the chat.
 */
async function acceptedAfterNextRead(name: string, read: 'openConversations' | 'conversationOf') {
  const token = newVisitorToken()
  await visitorPost(token, { action: 'start', name, email: 'waiting@example.com' })
  const conversation = (await payload.find({ collection: 'chat-conversations', where: { name: { equals: name } } }))
    .docs[0]
  const original = ChatStore.prototype[read] as (this: ChatStore, ...args: unknown[]) => Promise<unknown>
  const spy = vi.spyOn(ChatStore.prototype, read).mockImplementationOnce(async function (
    this: ChatStore,
    ...args: unknown[]
  ) {
    const snapshot = await original.apply(this, args)
    expect((await agentPost({ action: 'accept', conversationId: conversation.id })).status).toBe(200)
    return snapshot
  } as never)
  const done = async () => {
    spy.mockRestore()
    await agentPost({ action: 'end', conversationId: conversation.id })
  }
  return { token, conversation, done }
}

describe('agent console server', () => {
  it('refuses the anonymous a stream (401), and an account without the agent role its stream and its posts (403)', async () => {
    const anonymous = await agentStream(
      new Request(`${SITE}/api/chat/agent/stream`, { headers: { host: 'site.test' } }),
      payload,
    )
    expect(anonymous.status).toBe(401)
    const editor = await payload.login({
      collection: 'users',
      data: { email: 'editor@example.com', password: 'a-long-test-password' },
    })
    expect((await agentPost({ action: 'presence', presence: 'online' }, editor.token!)).status).toBe(403)
    const editorStream = await agentStream(
      new Request(`${SITE}/api/chat/agent/stream`, {
        headers: { host: 'site.test', origin: SITE, authorization: `JWT ${editor.token}` },
      }),
      payload,
    )
    expect(editorStream.status).toBe(403)
  })

  it('invites, accepts from the queue, exchanges rich messages and ends the chat', async () => {
    const token = newVisitorToken()
    await visitorPost(token, { action: 'start', name: 'Vera', email: 'vera@example.com' })
    const conversation = (await payload.find({ collection: 'chat-conversations', where: { name: { equals: 'Vera' } } }))
      .docs[0]
    expect(conversation.status).toBe('queued')
    expect((await agentPost({ action: 'accept', conversationId: conversation.id })).status).toBe(200)
    expect((await agentPost({ action: 'accept', conversationId: conversation.id })).status).toBe(409)
    const rich = await agentPost({
      action: 'message',
      conversationId: conversation.id,
      type: 'rich_message',
      text: 'Which county?',
      buttons: ['Franklin', 'Cuyahoga'],
    })
    expect((await rich.json()).event).toMatchObject({ type: 'rich_message', buttons: ['Franklin', 'Cuyahoga'] })
    expect((await agentPost({ action: 'end', conversationId: conversation.id })).status).toBe(200)
    const after = await payload.findByID({ collection: 'chat-conversations', id: conversation.id })
    expect(after.status).toBe('ended')
  })

  it('counts an agent online only while their stream is open', async () => {
    const controller = new AbortController()
    const stream = await agentStream(
      new Request(`${SITE}/api/chat/agent/stream`, {
        headers: { authorization: `JWT ${agentToken}`, host: 'site.test' },
        signal: controller.signal,
      }),
      payload,
    )
    expect(chatHub().availability()).toBe('online')
    await readFrames(stream, (frames) => frames.some((frame) => frame.name === 'synced'))
    controller.abort()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(chatHub().availability()).toBe('offline')
  })

  it('shows a chat accepted while an agent’s stream was opening as taken, not as still waiting', async () => {
    // Another console accepts the chat just after this stream first read the open chats.
    const { conversation, done } = await acceptedAfterNextRead('Opal', 'openConversations')
    const controller = new AbortController()
    try {
      const stream = await agentStream(
        new Request(`${SITE}/api/chat/agent/stream`, {
          headers: { authorization: `JWT ${agentToken}`, host: 'site.test' },
          signal: controller.signal,
        }),
        payload,
      )
      const frames = await readFrames(stream, (heard) => heard.some((frame) => frame.name === 'synced'))
      const states = frames
        .flatMap((frame) =>
          frame.name === 'conversations'
            ? (frame.data as { id: number; status: string }[])
            : frame.name === 'conversation'
              ? [frame.data as { id: number; status: string }]
              : [],
        )
        .filter((summary) => summary.id === conversation.id)
      expect(states.at(-1)?.status).toBe('chatting')
    } finally {
      controller.abort()
      await done()
    }
  })

  it('shows a visitor whose chat an agent took while their stream was opening as chatting, not as still waiting', async () => {
    // An agent accepts the chat just after the visitor's stream read it.
    const { token, done } = await acceptedAfterNextRead('Pia', 'conversationOf')
    const controller = new AbortController()
    try {
      const stream = await visitorStream(
        new Request(`${SITE}/api/chat/stream`, { headers: visitorHeaders(token), signal: controller.signal }),
        payload,
      )
      const frames = await readFrames(stream, (heard) => heard.some((frame) => frame.name === 'synced'))
      const statuses = frames
        .filter((frame) => frame.name === 'snapshot' || frame.name === 'status')
        .map((frame) => (frame.data as { status: string }).status)
      expect(statuses).toEqual(['queued', 'chatting'])
    } finally {
      controller.abort()
      await done()
    }
  })

  it('answers 503 and leaves no agent online when the open chats cannot be read from the database', async () => {
    const databaseDown = vi
      .spyOn(ChatStore.prototype, 'openConversations')
      .mockRejectedValue(new Error('Connection terminated unexpectedly'))
    try {
      // The console reconnects after each failure: no attempt may leave a connection counted.
      for (let attempt = 0; attempt < 2; attempt++) {
        const response = await agentStream(
          new Request(`${SITE}/api/chat/agent/stream`, {
            headers: { authorization: `JWT ${agentToken}`, host: 'site.test' },
          }),
          payload,
        )
        expect(response.status).toBe(503)
        expect(response.headers.get('retry-after')).toBe(String(CHAT_UNAVAILABLE_RETRY_AFTER_S))
        expect(await response.json()).toEqual({ ok: false, error: CHAT_UNAVAILABLE_MESSAGE })
      }
    } finally {
      databaseDown.mockRestore()
    }
    expect(chatHub().agentList()).toEqual([])
    expect(chatHub().availability()).toBe('offline')
  })
})
