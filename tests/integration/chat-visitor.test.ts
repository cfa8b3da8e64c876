// A visitor's conversation over the chat's own endpoints: messages stored and replayed, a stream's
// first chunk, and what is refused (oversized, malformed, flooding, foreign, another's conversation).
// A visitor's files: chat-visitor-files.test.ts.
import { describe, expect, it, vi } from 'vitest'
import { CHAT_BODY_MAX_BYTES, CHAT_MESSAGE_MAX_CHARS, CHAT_POST_LIMIT, CHAT_VISITOR_COOKIE } from '@/chat/constants'
import { newVisitorToken } from '@/chat/server/http/tokens'
import { answerVisitorPost, visitorStream } from '@/chat/server/http/visitor'
import { chatHub } from '@/chat/server/live/hub'
import { CHAT_REPLAY_MAX_EVENTS, ChatStore } from '@/chat/server/storage/store'
import { database, sql } from '@/platform/sql'
import {
  chatEvents,
  firstFrame,
  headersFrom,
  newAddress,
  payload,
  readFrames,
  setUpChatSuite,
  SITE,
  visitorHeaders,
  visitorPost,
} from '../support/chat'

setUpChatSuite({ seeded: true, withEditor: true })

describe('visitor conversation', () => {
  it('stores a visitor message and queues the visitor', async () => {
    const token = newVisitorToken()
    const response = await visitorPost(token, { action: 'message', text: 'Hello, is a title search possible?' })
    expect(response.status).toBe(200)
    const { event } = await response.json()
    expect(event).toMatchObject({
      type: 'message',
      author: { type: 'customer' },
      text: 'Hello, is a title search possible?',
    })
    const { docs } = await payload.find({
      collection: 'chat-conversations',
      where: { id: { equals: event.conversationId } },
    })
    expect(docs[0].status).toBe('queued')
  })

  it('replays missed events after Last-Event-ID once each, in order', async () => {
    const token = newVisitorToken()
    const ids: number[] = []
    for (const text of ['one', 'two', 'three']) {
      ids.push((await (await visitorPost(token, { action: 'message', text })).json()).event.id)
    }
    const stream = await visitorStream(
      new Request(`${SITE}/api/chat/stream`, {
        headers: { ...visitorHeaders(token), 'last-event-id': String(ids[0]) },
      }),
      payload,
    )
    const frames = await readFrames(stream, (seen) => seen.some((frame) => frame.name === 'synced'))
    expect(chatEvents(frames).map((event) => event.text)).toEqual(['two', 'three'])
  })

  it(`replays a conversation of more than ${CHAT_REPLAY_MAX_EVENTS} events from its newest ones, from the start and from a position`, async () => {
    const token = newVisitorToken()
    const { event } = await (await visitorPost(token, { action: 'message', text: 'first of many' })).json()
    // Written directly (a visitor's posts are rate limited): a long conversation, months of chats.
    const store = new ChatStore(payload, chatHub())
    const texts = ['first of many']
    const ids = [event.id as number]
    for (let index = 1; index <= CHAT_REPLAY_MAX_EVENTS + 20; index++) {
      texts.push(`message ${index}`)
      const stored = await store.insertEvent(event.conversationId, {
        type: 'message',
        author: { type: 'customer', name: 'Visitor' },
        text: `message ${index}`,
      })
      ids.push(stored.id)
    }
    const replayed = async (lastEventId?: number) => {
      const headers = visitorHeaders(token, lastEventId ? { 'last-event-id': String(lastEventId) } : {})
      const stream = await visitorStream(new Request(`${SITE}/api/chat/stream`, { headers }), payload)
      const frames = await readFrames(stream, (seen) => seen.some((frame) => frame.name === 'synced'))
      return chatEvents(frames).map((chat) => chat.text)
    }
    expect(await replayed()).toEqual(texts.slice(-CHAT_REPLAY_MAX_EVENTS))
    expect(await replayed(ids.at(-11))).toEqual(texts.slice(-10))
  })

  it('answers a stored message as sent, once, even when its conversation’s last-message time cannot be written', async () => {
    const token = newVisitorToken()
    await visitorPost(token, { action: 'message', text: 'before the failure' })
    const db = database(payload)
    await db.run(sql`CREATE TRIGGER test_refuse_touch BEFORE UPDATE OF last_message_at ON chat_conversations
      BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`)
    try {
      const response = await visitorPost(token, { action: 'message', text: 'stored despite the failure' })
      expect(response.status).toBe(200)
      expect((await response.json()).event.text).toBe('stored despite the failure')
    } finally {
      await db.run(sql`DROP TRIGGER test_refuse_touch`)
    }
    const stream = await visitorStream(
      new Request(`${SITE}/api/chat/stream`, { headers: visitorHeaders(token) }),
      payload,
    )
    const frames = await readFrames(stream, (seen) => seen.some((frame) => frame.name === 'synced'))
    expect(chatEvents(frames).map((event) => event.text)).toEqual(['before the failure', 'stored despite the failure'])
  })

  it('keeps HTML in a message as plain text', async () => {
    const token = newVisitorToken()
    const html = '<img src=x onerror=alert(1)><script>alert(2)</script>'
    const { event } = await (await visitorPost(token, { action: 'message', text: html })).json()
    expect(event.text).toBe(html)
  })

  it(`refuses a message over ${CHAT_MESSAGE_MAX_CHARS} characters, or a body over ${CHAT_BODY_MAX_BYTES} bytes, with 413 and stores nothing`, async () => {
    const token = newVisitorToken()
    const response = await visitorPost(token, { action: 'message', text: 'x'.repeat(CHAT_MESSAGE_MAX_CHARS + 1) })
    expect(response.status).toBe(413)
    const oversized = await visitorPost(token, { action: 'message', text: 'x'.repeat(CHAT_BODY_MAX_BYTES) })
    expect(oversized.status).toBe(413)
    const count = await payload.count({ collection: 'chat-events', where: { text: { like: 'xxxxxxxxxx' } } })
    expect(count.totalDocs).toBe(0)
  })

  it('answers malformed JSON, unknown actions and empty messages with 400', async () => {
    const token = newVisitorToken()
    expect((await visitorPost(token, '{not json')).status).toBe(400)
    expect((await visitorPost(token, '{"action": "start"')).status).toBe(400)
    expect((await visitorPost(token, { action: 'become_agent' })).status).toBe(400)
    expect((await visitorPost(token, '[1,2]')).status).toBe(400)
    expect((await visitorPost(token, { action: 'drop_tables' })).status).toBe(400)
    expect((await visitorPost(token, { action: 'message', text: '   ' })).status).toBe(400)
    expect((await visitorPost(token, { action: 'message', type: 'system', text: 'I am the system' })).status).toBe(400)
  })

  it('answers a flood of posts with 429 once the allowance is spent', async () => {
    const token = newVisitorToken()
    const statuses: number[] = []
    for (let i = 0; i < CHAT_POST_LIMIT + 3; i++)
      statuses.push((await visitorPost(token, { action: 'typing', typing: true })).status)
    expect(statuses.slice(0, CHAT_POST_LIMIT).every((status) => status === 200)).toBe(true)
    expect(statuses.slice(CHAT_POST_LIMIT)).toEqual([429, 429, 429])
    const refused = await visitorPost(token, { action: 'typing', typing: true })
    expect(refused.headers.get('retry-after')).toMatch(/^[1-9]\d*$/)
  })

  it('refuses posts and streams from a foreign origin', async () => {
    const token = newVisitorToken()
    expect((await visitorPost(token, { action: 'typing' }, { origin: 'https://evil.example' })).status).toBe(403)
    // A first visit from another site's page, without the cookie, starts nothing either.
    const cookieless = await answerVisitorPost(
      new Request(`${SITE}/api/chat/visitor`, {
        method: 'POST',
        headers: { host: 'site.test', origin: 'https://attacker.example', 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'start' }),
      }),
      payload,
    )
    expect(cookieless.status).toBe(403)
    const stream = await visitorStream(
      new Request(`${SITE}/api/chat/stream`, { headers: visitorHeaders(token, { origin: 'https://evil.example' }) }),
      payload,
    )
    expect(stream.status).toBe(403)
  })

  it('shows a visitor only their own conversation', async () => {
    const alice = newVisitorToken()
    const mallory = newVisitorToken()
    await visitorPost(alice, { action: 'message', text: 'alice private message' })
    const stream = await visitorStream(
      new Request(`${SITE}/api/chat/stream`, { headers: visitorHeaders(mallory) }),
      payload,
    )
    const frames = await readFrames(stream, (seen) => seen.some((frame) => frame.name === 'synced'))
    expect(chatEvents(frames)).toEqual([])
    await expect(payload.find({ collection: 'chat-events', overrideAccess: false })).rejects.toThrow(/not allowed/i)
  })

  it('opens a first visit’s stream without asking the database for a conversation, and a returning visitor’s with theirs', async () => {
    const openStream = (headers: Record<string, string>) =>
      visitorStream(new Request(`${SITE}/api/chat/stream?page=%2F`, { headers }), payload)
    const finds = vi.spyOn(payload, 'find')
    // Looking a visitor's conversation up by their token (the replay's own reads are another matter).
    const lookups = () =>
      finds.mock.calls.filter(
        ([args]) => args.collection === 'chat-conversations' && 'visitorTokenHash' in (args.where ?? {}),
      )
    try {
      const first = await openStream(headersFrom(newAddress()))
      expect(first.headers.get('set-cookie')).toContain(`${CHAT_VISITOR_COOKIE}=`)
      const firstSnapshot = await firstFrame<{ conversationId: number | null }>(first, 'snapshot')
      expect(firstSnapshot.conversationId).toBeNull()
      expect(lookups()).toEqual([])

      const token = newVisitorToken()
      const { event } = await (await visitorPost(token, { action: 'message', text: 'back again' })).json()
      finds.mockClear()
      const returning = await openStream(headersFrom(newAddress(), token))
      const snapshot = await firstFrame<{ conversationId: number | null }>(returning, 'snapshot')
      expect(snapshot.conversationId).toBe(event.conversationId)
      expect(lookups()).toHaveLength(1)
    } finally {
      finds.mockRestore()
    }
  })

  it('opens a stream with one chunk, its retry, snapshot, replay and synced frames together', async () => {
    const token = newVisitorToken()
    await visitorPost(token, { action: 'message', text: 'one chunk please' })
    const stream = await visitorStream(
      new Request(`${SITE}/api/chat/stream`, { headers: visitorHeaders(token) }),
      payload,
    )
    const reader = stream.body!.getReader()
    const { value } = await reader.read()
    const first = new TextDecoder().decode(value)
    await reader.cancel()
    expect(first).toMatch(
      /^retry: 1000\n\nevent: snapshot\n.*\n\nid: \d+\nevent: chat\n.*one chunk please.*\n\nevent: synced\n/s,
    )
  })

  it('answers an offline_message post with 400 like any unknown action, and creates no submission', async () => {
    const before = (await payload.count({ collection: 'form-submissions' })).totalDocs
    const response = await visitorPost(newVisitorToken(), {
      action: 'offline_message',
      name: 'Olive',
      email: 'olive@example.com',
      message: 'Please call me about a deed.',
      page: 'javascript:alert(1)',
    })
    expect(response.status).toBe(400)
    expect((await response.json()).error).toBe('Unknown chat action.')
    expect((await payload.count({ collection: 'form-submissions' })).totalDocs).toBe(before)
  })
})
