import { describe, expect, it } from 'vitest'
import {
  CHAT_TRANSCRIPTS_PER_RECIPIENT,
  CHAT_TRANSCRIPTS_PER_SITE,
  CHAT_TRANSCRIPTS_PER_VISITOR,
  NO_AGENT_TRANSCRIPT_MESSAGE,
  NO_TRANSCRIPT_ADDRESS_MESSAGE,
  TRANSCRIPT_NOT_SENT_MESSAGE,
  transcriptSiteLimiter,
} from '@/chat/server/conversation/transcriptRequest'
import { CHAT_BODY_MAX_BYTES } from '@/chat/constants'
import { newVisitorToken } from '@/chat/server/http/tokens'
import { SMTP_GREETING_TIMEOUT_MS } from '@/platform/mailTransport'
import type { RateDecision } from '@/security/rateLimit'
import { agentPost, payload, setUpChatSuite, visitorPost } from '../support/chat'
import { setUpSmtpServer, startSilentSmtpServer } from '../support/smtp'

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

/**
 * Spends the site's transcript allowance this hour down to `left`, and answers what gives the rest
 * back once the test is done with so little.
 */
async function siteAllowanceDownTo(left: number) {
  const taken: RateDecision[] = []
  for (
    let take = await transcriptSiteLimiter.take('site');
    take.allowed;
    take = await transcriptSiteLimiter.take('site')
  )
    taken.push(take)
  // The refused take that ended the loop counts too: giving back `left` + 1 leaves `left`.
  for (const take of taken.splice(0, left + 1)) await transcriptSiteLimiter.giveBack('site', take)
  return async () => {
    for (const take of taken) await transcriptSiteLimiter.giveBack('site', take)
  }
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

/** A visitor's chat, started with `email` (null: none given at its start), that an agent answered and the visitor ended. */
async function staffedChat(text: string, email: string | null, token = newVisitorToken()) {
  const started = await visitorPost(token, { action: 'start', name: 'Rae', ...(email ? { email } : {}) })
  const { conversationId } = await started.json()
  expect((await visitorPost(token, { action: 'message', text })).status).toBe(200)
  expect((await agentPost({ action: 'accept', conversationId })).status).toBe(200)
  const answer = await agentPost({ action: 'message', conversationId, text: `Answer to: ${text}` })
  expect(answer.status).toBe(200)
  expect((await visitorPost(token, { action: 'end' })).status).toBe(200)
  return { token, conversationId: conversationId as number }
}

/** How soon a visitor hears that their copy could not be sent when the mail server hangs: its greeting's bound, and slack for a busy machine. */
const TRANSCRIPT_FAILURE_ANSWERED_MS = SMTP_GREETING_TIMEOUT_MS + 1_000

const transcriptOf = (token: string, body: Record<string, unknown> = {}) =>
  visitorPost(token, { action: 'transcript', ...body })

describe('a copy of the chat by email', () => {
  it('mails the visitor the chat an agent answered, once, to the address given at its start, said to be their copy', async () => {
    const { token } = await staffedChat('Franklin county deed, please', 'rae.copy@example.com')
    const response = await transcriptOf(token)
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ ok: true, to: 'rae.copy@example.com' })
    const mails = mailsTo('rae.copy@example.com')
    expect(mails).toHaveLength(1)
    expect(mails[0].raw).toContain('Subject: A copy of your chat, as you asked')
    const body = mails[0].raw.replace(/=\r?\n/g, '')
    const intro = body.indexOf('for a copy of your chat with us')
    const words = body.indexOf('Franklin county deed, please')
    expect(intro).toBeGreaterThan(-1)
    expect(words).toBeGreaterThan(intro)
    expect(body).toContain('lines under')
  })

  it('goes only to the address given before or at the start: one typed at the end is refused, one set later is ignored', async () => {
    const token = newVisitorToken()
    await visitorPost(token, { action: 'identify', email: 'before.start@example.com' })
    const { conversationId } = await staffedChat('address given before', null, token)
    await visitorPost(token, { action: 'identify', email: 'victim@example.org' })
    const typed = await transcriptOf(token, { email: 'victim@example.org' })
    expect(typed.status).toBe(400)
    expect((await typed.json()).error).toBe('A transcript goes only to the email address given when the chat started.')
    expect((await transcriptOf(token)).status).toBe(200)
    expect(mailsTo('victim@example.org')).toHaveLength(0)
    expect(mailsTo('before.start@example.com')).toHaveLength(1)
    const conversation = await payload.findByID({ collection: 'chat-conversations', id: conversationId })
    expect(conversation.transcriptEmail).toBe('before.start@example.com')
  })

  it('is refused for a chat no agent took part in, a chat with no address, and a chat still going on', async () => {
    const before = smtp.server.received.length
    const unanswered = newVisitorToken()
    await visitorPost(unanswered, { action: 'start', name: 'Mallory', email: 'victim@example.org' })
    await visitorPost(unanswered, { action: 'message', text: 'URGENT: verify your account at https://phish.example' })
    expect((await transcriptOf(unanswered)).status).toBe(409)
    await visitorPost(unanswered, { action: 'end' })
    const refused = await transcriptOf(unanswered)
    expect(refused.status).toBe(409)
    expect((await refused.json()).error).toBe(NO_AGENT_TRANSCRIPT_MESSAGE)

    const { token: noAddress } = await staffedChat('no address given', null)
    const none = await transcriptOf(noAddress)
    expect(none.status).toBe(409)
    expect((await none.json()).error).toBe(NO_TRANSCRIPT_ADDRESS_MESSAGE)
    expect(smtp.server.received.length).toBe(before)
    expect(mailsTo('victim@example.org')).toHaveLength(0)
  })

  it('needs an agent in this chat: an answered chat earlier does not open the next one to a new address', async () => {
    const { token } = await staffedChat('an honest first chat', 'first.address@example.com')
    await visitorPost(token, { action: 'start', email: 'victim@example.org' })
    await visitorPost(token, { action: 'message', text: 'URGENT: your account is locked' })
    await visitorPost(token, { action: 'end' })
    const refused = await transcriptOf(token)
    expect(refused.status).toBe(409)
    expect(mailsTo('victim@example.org')).toHaveLength(0)
  })

  it('never sends another visitor the chat: a visitor without one gets 404 and no mail is sent', async () => {
    await staffedChat('secret of someone else', 'owner@example.com')
    const response = await transcriptOf(newVisitorToken())
    expect(response.status).toBe(404)
    expect(mailsTo('owner@example.com')).toHaveLength(0)
  })

  it('refuses any address in the request with 400, malformed and hostile ones too, and sends nothing', async () => {
    const { token } = await staffedChat('bad addresses', 'bad.addresses@example.com')
    const before = smtp.server.received.length
    for (const email of [
      '',
      'not-an-address',
      'victim@example.com\r\nBcc: everyone@example.com',
      ['a@example.com', 'b@example.com'],
      null,
    ]) {
      expect((await transcriptOf(token, { email })).status).toBe(400)
    }
    expect((await visitorPost(token, `{"action":"transcript","email":`)).status).toBe(400)
    expect((await visitorPost(token, { action: 'transcript', email: 'x'.repeat(CHAT_BODY_MAX_BYTES) })).status).toBe(
      413,
    )
    expect(smtp.server.received.length).toBe(before)
  })

  it(`says within ${TRANSCRIPT_FAILURE_ANSWERED_MS} ms that the copy could not be sent when the mail server never greets, and counts it against no allowance`, async () => {
    const { token } = await staffedChat('the mail server hangs', 'hung.server@example.com')
    // Exactly the visitor's allowance is left to the site: a failed send that spent one would show.
    const giveSiteBack = await siteAllowanceDownTo(CHAT_TRANSCRIPTS_PER_VISITOR)
    const silent = await startSilentSmtpServer()
    const configured = process.env.SMTP_URL
    process.env.SMTP_URL = silent.url
    try {
      const started = performance.now()
      const response = await transcriptOf(token)
      const waited = performance.now() - started
      expect(response.status).toBe(502)
      expect(await response.json()).toEqual({ ok: false, error: TRANSCRIPT_NOT_SENT_MESSAGE })
      expect(silent.connections()).toBe(1)
      expect(waited).toBeLessThan(TRANSCRIPT_FAILURE_ANSWERED_MS)
    } finally {
      process.env.SMTP_URL = configured
      await silent.close()
    }
    expect(mailsTo('hung.server@example.com')).toHaveLength(0)
    // The failed send spent none of the visitor's allowance: every one is there once the server is back.
    const statuses: number[] = []
    for (let i = 0; i < CHAT_TRANSCRIPTS_PER_VISITOR + 1; i++) statuses.push((await transcriptOf(token)).status)
    expect(statuses).toEqual([...Array(CHAT_TRANSCRIPTS_PER_VISITOR).fill(200), 429])
    expect(mailsTo('hung.server@example.com')).toHaveLength(CHAT_TRANSCRIPTS_PER_VISITOR)
    await giveSiteBack()
  })

  it(`sends at most ${CHAT_TRANSCRIPTS_PER_VISITOR} per visitor, then answers 429`, async () => {
    const { token } = await staffedChat('repeat the transcript', 'repeat@example.com')
    const statuses: number[] = []
    for (let i = 0; i < CHAT_TRANSCRIPTS_PER_VISITOR + 2; i++) statuses.push((await transcriptOf(token)).status)
    expect(statuses).toEqual([...Array(CHAT_TRANSCRIPTS_PER_VISITOR).fill(200), 429, 429])
    expect(mailsTo('repeat@example.com')).toHaveLength(CHAT_TRANSCRIPTS_PER_VISITOR)
  })

  it(`sends at most ${CHAT_TRANSCRIPTS_PER_RECIPIENT} to one address an hour, whichever visitors ask`, async () => {
    const statuses: number[] = []
    for (let i = 0; i < CHAT_TRANSCRIPTS_PER_RECIPIENT + 1; i++) {
      const { token } = await staffedChat(`one inbox ${i}`, 'One.Inbox@example.com')
      statuses.push((await transcriptOf(token)).status)
    }
    expect(statuses).toEqual([...Array(CHAT_TRANSCRIPTS_PER_RECIPIENT).fill(200), 429])
    expect(mailsTo('One.Inbox@example.com')).toHaveLength(CHAT_TRANSCRIPTS_PER_RECIPIENT)
  })

  it(`sends at most ${CHAT_TRANSCRIPTS_PER_SITE} an hour for all visitors together`, async () => {
    const { token } = await staffedChat('the site is at its ceiling', 'ceiling@example.com')
    while ((await transcriptSiteLimiter.take('site')).allowed) {
      // spend what is left of the site's allowance this hour
    }
    const refused = await transcriptOf(token)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(mailsTo('ceiling@example.com')).toHaveLength(0)
  })
})
