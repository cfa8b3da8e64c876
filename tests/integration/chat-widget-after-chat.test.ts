import { describe, expect, it } from 'vitest'
import { CHAT_TRANSCRIPTS_PER_VISITOR } from '@/chat/afterChat'
import { CHAT_BODY_MAX_BYTES } from '@/chat/constants'
import { newVisitorToken } from '@/chat/server/tokens'
import { payload, setUpChatSuite, visitorPost } from '../support/chat'
import { setUpSmtpServer } from '../support/smtp'

// Before the suite's Payload starts, so that its mail transport is this loopback server.
const smtp = setUpSmtpServer()
setUpChatSuite({ seeded: true })

/** A visitor whose chat (one message) the visitor has ended. */
async function endedChat(text = 'I need a title search') {
  const token = newVisitorToken()
  expect((await visitorPost(token, { action: 'start', name: 'Rae', email: 'rae@example.com' })).status).toBe(200)
  expect((await visitorPost(token, { action: 'message', text })).status).toBe(200)
  expect((await visitorPost(token, { action: 'end' })).status).toBe(200)
  return token
}

const conversationOf = async (text: string) => {
  const { docs } = await payload.find({ collection: 'chat-events', where: { text: { equals: text } }, depth: 0 })
  const id = docs[0].conversation as number
  return payload.findByID({ collection: 'chat-conversations', id, depth: 0 })
}

const mailsTo = (address: string) => smtp.server.received.filter((mail) => mail.to.includes(address))

describe('rating an ended chat', () => {
  it('stores the first rating on the conversation and keeps it when rated again', async () => {
    const token = await endedChat('rate me once')
    const first = await visitorPost(token, { action: 'rate', rating: 'good' })
    expect(first.status).toBe(200)
    expect(await first.json()).toMatchObject({ ok: true, rating: 'good' })
    const again = await visitorPost(token, { action: 'rate', rating: 'bad' })
    expect(await again.json()).toMatchObject({ ok: true, rating: 'good' })
    const conversation = await conversationOf('rate me once')
    expect(conversation.rating).toBe('good')
    expect(conversation.ratedAt).toBeTruthy()
  })

  it('lets a new chat be rated afresh and keeps the last rating in the log', async () => {
    const token = await endedChat('rate each chat')
    await visitorPost(token, { action: 'rate', rating: 'bad' })
    await visitorPost(token, { action: 'start' })
    expect((await conversationOf('rate each chat')).rating ?? null).toBeNull()
    await visitorPost(token, { action: 'end' })
    await visitorPost(token, { action: 'rate', rating: 'good' })
    const conversation = await conversationOf('rate each chat')
    expect(conversation.rating).toBe('good')
    const log = await payload.count({
      collection: 'chat-events',
      where: { conversation: { equals: conversation.id }, text: { equals: 'The visitor rated the last chat bad.' } },
    })
    expect(log.totalDocs).toBe(1)
  })

  it('refuses a rating that is not good or bad, a chat still going on, and a visitor with no chat', async () => {
    const token = await endedChat('hostile ratings')
    for (const rating of [undefined, '', 'excellent', 5, ['good'], { $ne: null }, "good' OR 1=1 --"]) {
      const response = await visitorPost(token, { action: 'rate', rating })
      expect(response.status).toBe(400)
      expect((await response.json()).error).toBe('A rating is good or bad.')
    }
    expect((await conversationOf('hostile ratings')).rating ?? null).toBeNull()
    const chatting = newVisitorToken()
    await visitorPost(chatting, { action: 'message', text: 'still here' })
    expect((await visitorPost(chatting, { action: 'rate', rating: 'good' })).status).toBe(409)
    expect((await visitorPost(newVisitorToken(), { action: 'rate', rating: 'good' })).status).toBe(404)
  })
})

describe('a transcript by email', () => {
  it('mails the visitor their own chat once, through the site mail transport', async () => {
    const token = await endedChat('Franklin county deed, please')
    const response = await visitorPost(token, { action: 'transcript', email: 'rae.transcript@example.com' })
    expect(response.status).toBe(200)
    const mails = mailsTo('rae.transcript@example.com')
    expect(mails).toHaveLength(1)
    expect(mails[0].raw).toContain('Franklin county deed, please')
  })

  it('never sends another visitor the chat: a visitor without one gets 404 and no mail is sent', async () => {
    await endedChat('secret of someone else')
    const response = await visitorPost(newVisitorToken(), { action: 'transcript', email: 'mallory@example.com' })
    expect(response.status).toBe(404)
    expect(mailsTo('mallory@example.com')).toHaveLength(0)
  })

  it('refuses a missing, malformed or hostile address with 400 and sends nothing', async () => {
    const token = await endedChat('bad addresses')
    const before = smtp.server.received.length
    for (const email of [
      undefined,
      '',
      'not-an-address',
      'a@b',
      'victim@example.com\r\nBcc: everyone@example.com',
      ['a@example.com', 'b@example.com'],
      `${'x'.repeat(250)}@example.com`,
    ]) {
      const response = await visitorPost(token, { action: 'transcript', email })
      expect(response.status).toBe(400)
      expect((await response.json()).error).toBe('Please enter a valid email address.')
    }
    expect((await visitorPost(token, `{"action":"transcript","email":`)).status).toBe(400)
    expect((await visitorPost(token, { action: 'transcript', email: 'x'.repeat(CHAT_BODY_MAX_BYTES) })).status).toBe(
      413,
    )
    expect(smtp.server.received.length).toBe(before)
  })

  it(`sends at most ${CHAT_TRANSCRIPTS_PER_VISITOR} transcripts per visitor, then answers 429`, async () => {
    const token = await endedChat('repeat the transcript')
    const statuses: number[] = []
    for (let i = 0; i < CHAT_TRANSCRIPTS_PER_VISITOR + 2; i++) {
      statuses.push((await visitorPost(token, { action: 'transcript', email: 'repeat@example.com' })).status)
    }
    expect(statuses).toEqual([...Array(CHAT_TRANSCRIPTS_PER_VISITOR).fill(200), 429, 429])
    expect(mailsTo('repeat@example.com')).toHaveLength(CHAT_TRANSCRIPTS_PER_VISITOR)
  })
})
