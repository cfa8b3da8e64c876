import type { ChatConversation } from '@/payload-types'
import { createRateLimiter } from '@/security/rateLimit'
import { CHAT_RATINGS, CHAT_TRANSCRIPTS_PER_VISITOR, CHAT_TRANSCRIPTS_WINDOW_MS, type ChatRating } from '../afterChat'
import { OPEN_CHAT_STATUSES } from '../constants'
import { ChatRequestError, refuseWhenLimited } from './guards'
import { customerStatusOf, type ChatStore } from './store'
import { emailTranscript } from './transcriptEmail'
import * as valid from './validation'

/** Transcripts mailed per visitor: each one is a mail the site sends to an address a visitor typed. */
export const transcriptLimiter = createRateLimiter(
  { kind: 'fixed-window', limit: CHAT_TRANSCRIPTS_PER_VISITOR, windowMs: CHAT_TRANSCRIPTS_WINDOW_MS },
  { scope: 'chat-transcript' },
)

/** The visitor's own conversation once it has had a chat, or a 404 (nobody else's can be named). */
async function chattedConversation(store: ChatStore, visitorId: string) {
  const conversation = await store.conversationOf(visitorId)
  const firstEvent = conversation ? await store.eventsAfter(0, conversation.id, 1) : []
  if (!conversation || firstEvent.length === 0) throw new ChatRequestError(404, 'There is no chat to send or rate.')
  return { conversation }
}

function ratingOf(value: unknown): ChatRating {
  if (typeof value !== 'string' || !(CHAT_RATINGS as readonly string[]).includes(value)) {
    throw new ChatRequestError(400, 'A rating is good or bad.')
  }
  return value as ChatRating
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
 * rating moves into the log, where the transcript keeps it.
 */
export async function queueAgain(store: ChatStore, conversation: ChatConversation) {
  if (conversation.rating) {
    await store.append(conversation.id, {
      type: 'system',
      author: { type: 'system', name: 'System' },
      text: `The visitor rated the last chat ${conversation.rating}.`,
    })
    await store.update(conversation.id, { rating: null, ratedAt: null })
  }
  await store.setStatus(conversation, 'queued')
}

/**
 * Mails the visitor's own chat to the address they typed, through the one transcript mailer
 * (emailTranscript), within the visitor's own allowance as well as the conversation's.
 */
export async function mailTranscript(store: ChatStore, visitorId: string, value: unknown) {
  const to = valid.optionalEmail(value)
  if (!to) throw new ChatRequestError(400, 'Please enter a valid email address.')
  const { conversation } = await chattedConversation(store, visitorId)
  refuseWhenLimited(await transcriptLimiter.take(visitorId), 'Too many transcripts were sent. Please try again later.')
  try {
    await emailTranscript(store.payload, conversation.id, to)
  } catch (error) {
    if (error instanceof ChatRequestError) throw error
    store.payload.logger.error({ err: error, conversationId: conversation.id }, 'chat transcript mail failed')
    throw new ChatRequestError(502, 'The transcript could not be sent. Please try again later.')
  }
  return { to }
}
