import { describe, expect, it } from 'vitest'
import { ChatRequestError } from '@/chat/server/errors'
import {
  CHAT_TRANSCRIPT_EMAILS_PER_CONVERSATION,
  CHAT_TRANSCRIPT_MAX_CHARS,
  emailTranscript,
  TRANSCRIPT_CUT_NOTE,
} from '@/chat/server/conversation/transcriptEmail'
import { conversationWithEventsAndFile, setUpChatStore } from '../support/chatHistory'
import { bodyOf, setUpSmtpServer } from '../support/smtp'

// The loopback SMTP server first: the suite's Payload then mails through it.
const smtp = setUpSmtpServer()
const chat = setUpChatStore()

/** The status of the ChatRequestError a call throws, or 'no error'. */
async function refusal(call: Promise<unknown>): Promise<number | string> {
  try {
    await call
    return 'no error'
  } catch (error) {
    if (error instanceof ChatRequestError) return error.status
    throw error
  }
}

describe('transcript by email', () => {
  it('sends the messages in order, with who said them and the files by name, through SMTP', async () => {
    const { conversation, file } = await conversationWithEventsAndFile(chat.payload, chat.store, 'Tess')
    await emailTranscript(chat.payload, conversation.id, 'tess@example.com')

    expect(smtp.server.received).toHaveLength(1)
    expect(smtp.server.received[0].to).toEqual(['tess@example.com'])
    const body = bodyOf(smtp.server.received[0].raw)
    const order = ['Tess: I need a search.', `Tess: [file] ${file.filename}`, 'Ada: On it.'].map((line) =>
      body.indexOf(line),
    )
    expect(order.every((at) => at >= 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
    // Each line dated as the business reads time (its zone, named), never in raw UTC.
    expect(body).toMatch(
      /^\[[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2} (AM|PM) E[SD]T\] Tess: I need a search\./m,
    )
    expect(body).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/)
  })

  it('refuses malformed and hostile addresses and unknown conversations, sending nothing', async () => {
    const { conversation } = await conversationWithEventsAndFile(chat.payload, chat.store, 'Hal')
    const before = smtp.server.received.length
    for (const to of [
      '',
      'not-an-address',
      'a@b.c\r\nBcc: all@example.com',
      'x@example.com, y@example.com',
      42,
      null,
    ]) {
      expect(await refusal(emailTranscript(chat.payload, conversation.id, to))).toBe(400)
    }
    expect(await refusal(emailTranscript(chat.payload, 999_999, 'hal@example.com'))).toBe(404)
    expect(await refusal(emailTranscript(chat.payload, -1, 'hal@example.com'))).toBe(404)
    expect(smtp.server.received.length).toBe(before)
  })

  it(`sends at most ${CHAT_TRANSCRIPT_EMAILS_PER_CONVERSATION} emails of one conversation per window`, async () => {
    const { conversation } = await conversationWithEventsAndFile(chat.payload, chat.store, 'Rex')
    const before = smtp.server.received.length
    for (let sent = 0; sent < CHAT_TRANSCRIPT_EMAILS_PER_CONVERSATION; sent++) {
      await emailTranscript(chat.payload, conversation.id, 'rex@example.com')
    }
    expect(await refusal(emailTranscript(chat.payload, conversation.id, 'rex@example.com'))).toBe(429)
    expect(smtp.server.received.length - before).toBe(CHAT_TRANSCRIPT_EMAILS_PER_CONVERSATION)
  })

  it('cuts a transcript longer than the size limit and says so', async () => {
    const { conversation } = await conversationWithEventsAndFile(chat.payload, chat.store, 'Lou')
    const long = 'x'.repeat(1900)
    const needed = Math.ceil(CHAT_TRANSCRIPT_MAX_CHARS / long.length) + 5
    for (let index = 0; index < needed; index++) {
      await chat.store.insertEvent(conversation.id, {
        type: 'message',
        author: { type: 'customer', name: 'Lou' },
        text: long,
      })
    }
    const before = smtp.server.received.length
    await emailTranscript(chat.payload, conversation.id, 'lou@example.com')
    const body = bodyOf(smtp.server.received[before].raw)
    expect(body.includes(TRANSCRIPT_CUT_NOTE)).toBe(true)
    expect(body.length).toBeLessThan(CHAT_TRANSCRIPT_MAX_CHARS + 20_000)
  })
})
