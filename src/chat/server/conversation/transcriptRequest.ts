import { createRateLimiter, takeEach } from '@/security/rateLimit'
import { ChatRequestError, refuseWhenLimited } from '../errors'
import { transcriptEvents } from '../storage/transcript'
import type { ChatStore } from '../storage/store'
import { chattedConversation, isChatOpen } from './life'
import { emailTranscript } from './transcriptEmail'

/** Transcripts one visitor may have mailed per window: enough for a typo, too few to spam an inbox. */
export const CHAT_TRANSCRIPTS_PER_VISITOR = 3
export const CHAT_TRANSCRIPTS_WINDOW_MS = 60 * 60_000

/** Transcripts mailed to one address per window, whichever visitors ask: one inbox cannot be flooded. */
export const CHAT_TRANSCRIPTS_PER_RECIPIENT = 3
/** Transcripts the site mails on visitors' requests per window, all visitors together. */
export const CHAT_TRANSCRIPTS_PER_SITE = 60

/** What the server says (and the end screen shows) when a chat has no address to send its transcript to. */
export const NO_TRANSCRIPT_ADDRESS_MESSAGE =
  'A transcript goes only to the email address given when the chat started, and none was given.'
/** What they say when the mail server failed or did not answer in time. */
export const TRANSCRIPT_NOT_SENT_MESSAGE = 'The transcript could not be sent. Please try again later.'
/** What they say when no agent took part in the chat. */
export const NO_AGENT_TRANSCRIPT_MESSAGE = 'A transcript is sent only for a chat with one of our staff.'

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
  if (isChatOpen(conversation)) {
    throw new ChatRequestError(409, 'You can have the transcript once the chat has ended.')
  }
  const to = conversation.transcriptEmail
  if (!to) throw new ChatRequestError(409, NO_TRANSCRIPT_ADDRESS_MESSAGE)
  const since = conversation.startedAt ?? ''
  const events = (await transcriptEvents(store.payload, conversation.id)).filter((event) => event.timestamp >= since)
  if (!events.some((event) => event.author.type === 'agent'))
    throw new ChatRequestError(409, NO_AGENT_TRANSCRIPT_MESSAGE)
  const taken = await takeEach([
    [transcriptLimiter, visitorId],
    [transcriptRecipientLimiter, to.toLowerCase()],
    [transcriptSiteLimiter, SITE_KEY],
  ])
  refuseWhenLimited(taken, 'Too many transcripts were sent. Please try again later.')
  try {
    await emailTranscript(store.payload, conversation.id, to, { visitorCopy: events })
  } catch (error) {
    // Nothing was sent: the allowances count mails sent, so the visitor may try again.
    if (taken.allowed) await taken.giveBack()
    if (error instanceof ChatRequestError) throw error
    store.payload.logger.error({ err: error, conversationId: conversation.id }, 'chat transcript mail failed')
    throw new ChatRequestError(502, TRANSCRIPT_NOT_SENT_MESSAGE)
  }
  return { to }
}
