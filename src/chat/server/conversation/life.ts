import type { ChatConversation } from '@/payload-types'
import { createRateLimiter } from '@/security/rateLimit'
import {
  CHAT_TRANSCRIPTS_PER_RECIPIENT,
  CHAT_TRANSCRIPTS_PER_SITE,
  CHAT_TRANSCRIPTS_PER_VISITOR,
  CHAT_TRANSCRIPTS_WINDOW_MS,
  NO_AGENT_TRANSCRIPT_MESSAGE,
  NO_TRANSCRIPT_ADDRESS_MESSAGE,
} from '../../afterChat'
import { CHAT_RATINGS, type ChatRating } from '../../protocol'
import { OPEN_CHAT_STATUSES } from '../../constants'
import { ChatRequestError, refuseWhenLimited } from '../http/guards'
import { customerStatusOf, type ChatStore } from '../storage/store'
import { emailTranscript } from './transcriptEmail'
import { transcriptEvents } from '../storage/transcript'

/** Transcripts mailed per visitor: each one is a mail the site sends to an address a visitor typed. */
export const transcriptLimiter = createRateLimiter(
  { kind: 'fixed-window', limit: CHAT_TRANSCRIPTS_PER_VISITOR, windowMs: CHAT_TRANSCRIPTS_WINDOW_MS },
  { scope: 'chat-transcript' },
)

/** Transcripts mailed to one address, whoever asks. */
export const transcriptRecipientLimiter = createRateLimiter(
  { kind: 'fixed-window', limit: CHAT_TRANSCRIPTS_PER_RECIPIENT, windowMs: CHAT_TRANSCRIPTS_WINDOW_MS },
  { scope: 'chat-transcript-recipient' },
)

/** Transcripts mailed on visitors' requests, all together: the site's own ceiling. */
export const transcriptSiteLimiter = createRateLimiter(
  { kind: 'fixed-window', limit: CHAT_TRANSCRIPTS_PER_SITE, windowMs: CHAT_TRANSCRIPTS_WINDOW_MS },
  { scope: 'chat-transcript-site' },
)
const SITE_KEY = 'site'

/** The visitor's own conversation once it has had a chat, or a 404 (nobody else's can be named). */
async function chattedConversation(store: ChatStore, visitorId: string) {
  const conversation = await store.conversationOf(visitorId)
  const firstEvent = conversation ? await store.eventsAfter(0, conversation.id, 1) : []
  if (!conversation || firstEvent.length === 0) throw new ChatRequestError(404, 'There is no chat to send or rate.')
  return { conversation }
}

function ratingOf(value: unknown): ChatRating {
  const rating = CHAT_RATINGS.find((known) => known === value)
  if (!rating) throw new ChatRequestError(400, 'A rating is good or bad.')
  return rating
}

/**
 * A one-click rating of the visitor's ended chat. The first rating is kept: a repeated one
 * answers with the stored rating and changes nothing. A new chat clears it (see queueAgain).
 */
export async function rateChat(store: ChatStore, visitorId: string, value: unknown) {
  const rating = ratingOf(value)
  const { conversation } = await chattedConversation(store, visitorId)
  if (OPEN_CHAT_STATUSES.includes(customerStatusOf(conversation.status))) {
    throw new ChatRequestError(409, 'You can rate the chat once it has ended.')
  }
  if (conversation.rating) return { rating: conversation.rating }
  await store.update(conversation.id, { rating, ratedAt: new Date().toISOString() })
  return { rating }
}

/**
 * Queues the visitor's conversation for a new chat. The new chat starts unrated: the last chat's
 * rating moves into the log, where the transcript keeps it. The address the visitor has given by
 * now is the only one this chat's transcript may go to, whatever they type later.
 */
export async function queueAgain(store: ChatStore, conversation: ChatConversation) {
  if (conversation.rating) {
    await store.append(conversation.id, {
      type: 'system',
      author: { type: 'system', name: 'System' },
      text: `The visitor rated the last chat ${conversation.rating}.`,
    })
  }
  const started = await store.update(conversation.id, {
    rating: null,
    ratedAt: null,
    startedAt: new Date().toISOString(),
    transcriptEmail: conversation.email || null,
  })
  await store.setStatus(started, 'queued')
}

/**
 * Mails the visitor a copy of the chat that just ended, to the address they gave before or at its
 * start, never to one typed now: only for a chat an agent took part in, within the visitor's,
 * the address's and the site's hourly allowances as well as the conversation's.
 */
export async function mailTranscript(store: ChatStore, visitorId: string, body: Record<string, unknown>) {
  if (body.email !== undefined) {
    throw new ChatRequestError(400, 'A transcript goes only to the email address given when the chat started.')
  }
  const { conversation } = await chattedConversation(store, visitorId)
  if (OPEN_CHAT_STATUSES.includes(customerStatusOf(conversation.status))) {
    throw new ChatRequestError(409, 'You can have the transcript once the chat has ended.')
  }
  const to = conversation.transcriptEmail
  if (!to) throw new ChatRequestError(409, NO_TRANSCRIPT_ADDRESS_MESSAGE)
  const since = conversation.startedAt ?? ''
  const events = (await transcriptEvents(store.payload, conversation.id)).filter((event) => event.timestamp >= since)
  if (!events.some((event) => event.author.type === 'agent'))
    throw new ChatRequestError(409, NO_AGENT_TRANSCRIPT_MESSAGE)
  const limited = 'Too many transcripts were sent. Please try again later.'
  refuseWhenLimited(await transcriptLimiter.take(visitorId), limited)
  refuseWhenLimited(await transcriptRecipientLimiter.take(to.toLowerCase()), limited)
  refuseWhenLimited(await transcriptSiteLimiter.take(SITE_KEY), limited)
  try {
    await emailTranscript(store.payload, conversation.id, to, { visitorCopy: events })
  } catch (error) {
    if (error instanceof ChatRequestError) throw error
    store.payload.logger.error({ err: error, conversationId: conversation.id }, 'chat transcript mail failed')
    throw new ChatRequestError(502, 'The transcript could not be sent. Please try again later.')
  }
  return { to }
}
