import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { agentStream } from '@/chat/server/http/agent'
import { newVisitorToken } from '@/chat/server/http/tokens'
import { chatHub } from '@/chat/server/live/hub'
import type { StreamMessage } from '@/chat/server/live/bus'
import type { ChatEventView, HistoryEntry } from '@/chat/protocol'
import { agentPost, agentToken, payload, readFrames, setUpChatSuite, SITE, visitorPost } from '../support/chat'

setUpChatSuite({ seeded: true })

const PASSWORD = 'a-long-test-password'

/** An account of the chat staff, signed in; returns its token. */
async function staff(data: {
  email: string
  name?: string
  displayName?: string
  photo?: number
  roles: ('agent' | 'admin')[]
}) {
  await payload.create({ collection: 'users', data: { ...data, password: PASSWORD } })
  return (await payload.login({ collection: 'users', data: { email: data.email, password: PASSWORD } })).token!
}

/** A visitor waiting in the queue as `name`; returns their token and conversation id. */
async function waitingVisitor(name: string) {
  const token = newVisitorToken()
  const started = await visitorPost(token, { action: 'start', name, email: `${name.toLowerCase()}@example.com` })
  expect(started.status).toBe(200)
  return { token, conversationId: (await started.json()).conversationId as number }
}

/** What the visitor reads in their chat: each line's author and text. */
async function transcript(conversationId: number) {
  const answer = await agentPost({ action: 'transcript_view', conversationId })
  return ((await answer.json()).events as ChatEventView[]).map((event) => `${event.author.name}: ${event.text ?? ''}`)
}

describe('the agent visitors read', () => {
  it('is named by the display name from their profile', async () => {
    const token = await staff({
      email: 'samantha@example.com',
      name: 'Samantha Reyes',
      displayName: 'Sam',
      roles: ['agent'],
    })
    const { conversationId } = await waitingVisitor('Nell')
    expect((await agentPost({ action: 'accept', conversationId }, token)).status).toBe(200)
    await agentPost({ action: 'message', conversationId, text: 'Hello Nell.' }, token)
    await agentPost({ action: 'end', conversationId }, token)
    expect(await transcript(conversationId)).toEqual(
      expect.arrayContaining(['System: Sam joined the chat.', 'Sam: Hello Nell.', 'System: Sam ended the chat.']),
    )
  })

  it('shows the photo from their profile beside what they write, as its small copy on this site; an agent without one shows none', async () => {
    const image = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#a35' } })
      .png()
      .toBuffer()
    const portrait = await payload.create({
      collection: 'media',
      data: { alt: 'Portrait of Pat' },
      file: { data: image, mimetype: 'image/png', name: 'pat.png', size: image.length },
    })
    const token = await staff({ email: 'pat@example.com', displayName: 'Pat', photo: portrait.id, roles: ['agent'] })
    const { conversationId } = await waitingVisitor('Quinn')
    expect((await agentPost({ action: 'accept', conversationId }, token)).status).toBe(200)
    await agentPost({ action: 'message', conversationId, text: 'Hello Quinn.' }, token)
    // The suite's other agent has no photo.
    await agentPost({ action: 'message', conversationId, text: 'Ada here too.' })
    const answer = await agentPost({ action: 'transcript_view', conversationId })
    const authors = Object.fromEntries(
      ((await answer.json()).events as ChatEventView[]).map((event) => [event.text, event.author]),
    )
    const small = portrait.sizes?.thumbnail?.url
    expect(small).toMatch(/^\/api\/media\/file\/pat-.*\.webp/)
    expect(authors['Hello Quinn.']).toEqual({ type: 'agent', name: 'Pat', photo: small })
    expect(authors['Ada here too.']).toEqual({ type: 'agent', name: 'Ada Agent' })
  })

  it('is named by the first part of their email when their only name is a role, never "Site administrator"', async () => {
    const token = await staff({ email: 'owner@example.com', name: 'Site administrator', roles: ['admin'] })
    const { conversationId } = await waitingVisitor('Otto')
    expect((await agentPost({ action: 'accept', conversationId }, token)).status).toBe(200)
    await agentPost({ action: 'message', conversationId, text: 'Hi Otto.' }, token)
    await agentPost({ action: 'end', conversationId }, token)
    const lines = await transcript(conversationId)
    expect(lines).toEqual(expect.arrayContaining(['System: owner joined the chat.', 'owner: Hi Otto.']))
    expect(lines.join('\n')).not.toContain('Site administrator')
  })
})

describe('typing once a chat ends', () => {
  it('the end tells the visitor’s screen and the agents that nobody types, and typing afterwards says nothing', async () => {
    const { token, conversationId } = await waitingVisitor('Tara')
    await agentPost({ action: 'accept', conversationId })
    const heard: StreamMessage[] = []
    const stop = chatHub().subscribe((message) => heard.push(message))
    const typingSignals = () =>
      heard.flatMap((message) =>
        message.kind === 'signal' && message.name === 'typing'
          ? [{ audience: message.audience, data: message.data }]
          : [],
      )
    try {
      await agentPost({ action: 'typing', conversationId, typing: true })
      await visitorPost(token, { action: 'typing', typing: true })
      expect(await agentPost({ action: 'end', conversationId })).toHaveProperty('status', 200)
      const afterEnd = typingSignals().slice(2)
      expect(afterEnd).toEqual(
        expect.arrayContaining([
          { audience: { kind: 'conversation', conversationId }, data: expect.objectContaining({ typing: false }) },
          { audience: { kind: 'agents' }, data: expect.objectContaining({ conversationId, typing: false }) },
        ]),
      )
      const count = typingSignals().length
      await agentPost({ action: 'typing', conversationId, typing: true })
      await visitorPost(token, { action: 'typing', typing: true })
      expect(typingSignals()).toHaveLength(count)
    } finally {
      stop()
    }
  })
})

describe('history and availability in the console', () => {
  it('lists a past chat with the visitor’s rating, and one without a rating as unrated', async () => {
    const rated = await waitingVisitor('Ruth')
    const unrated = await waitingVisitor('Ulla')
    for (const { conversationId } of [rated, unrated]) {
      await agentPost({ action: 'accept', conversationId })
      await agentPost({ action: 'end', conversationId })
    }
    expect((await visitorPost(rated.token, { action: 'rate', rating: 'good' })).status).toBe(200)
    const entries = async (query: string) =>
      (await (await agentPost({ action: 'history', query })).json()).conversations as HistoryEntry[]
    expect((await entries('Ruth')).map((entry) => entry.rating)).toEqual(['good'])
    expect((await entries('Ulla')).map((entry) => entry.rating)).toEqual([null])
  })

  it('opens the agents’ stream with what visitors see of the chat', async () => {
    const controller = new AbortController()
    const stream = await agentStream(
      new Request(`${SITE}/api/chat/agent/stream`, {
        headers: { authorization: `JWT ${agentToken}`, host: 'site.test' },
        signal: controller.signal,
      }),
      payload,
    )
    try {
      const frames = await readFrames(stream, (heard) => heard.some((frame) => frame.name === 'availability'))
      expect(frames.find((frame) => frame.name === 'availability')?.data).toEqual({
        availability: 'online',
        withinOpeningHours: true,
      })
    } finally {
      controller.abort()
    }
  })
})
