import type { Payload } from 'payload'
import { mailLogo, mailLogoHtml } from '@/brand/mail'
import { readSiteSettings } from '@/content/siteSettingsReader'
import { escapeHtml } from '@/security/html'
import { createMailTransport, sendMail } from '@/platform/mailTransport'
import { createRateLimiter } from '@/security/rateLimit'
import { headerText, safeAddress, siteSender } from '@/contact/delivery/email'
import { ChatRequestError, refuseWhenLimited } from '../errors'
import type { ChatEventView } from '../../protocol'
import { transcriptEvents, transcriptText } from '../storage/transcript'

/** Transcript emails one conversation may send per window, whoever asks: a chat cannot become a mail cannon. */
export const CHAT_TRANSCRIPT_EMAILS_PER_CONVERSATION = 3
export const CHAT_TRANSCRIPT_EMAIL_WINDOW_MS = 60 * 60_000
/** Characters of transcript text an email holds at most; a longer one ends with a note that it was cut. */
export const CHAT_TRANSCRIPT_MAX_CHARS = 200_000
export const TRANSCRIPT_CUT_NOTE = '… (the transcript was too long for one email and was cut here)'

const transcriptEmailLimiter = createRateLimiter(
  { kind: 'fixed-window', limit: CHAT_TRANSCRIPT_EMAILS_PER_CONVERSATION, windowMs: CHAT_TRANSCRIPT_EMAIL_WINDOW_MS },
  { scope: 'chat-transcript-email' },
)

/**
 * What a copy mailed at a visitor's request says before the chat, so that words a visitor typed
 * never stand under the business's name as if the business had written them.
 */
export function visitorCopyIntro(siteName: string): string {
  return [
    `You asked ${siteName} for a copy of your chat with us. It follows as it was written: lines under`,
    'your name are your own words as you typed them, not ours. If you did not chat with us, someone',
    'else gave your address; you can ignore this email.',
    '',
    '',
  ].join('\n')
}

/** The transcript as HTML under the owner's logo: the same text, its lines kept. */
const transcriptHtml = (text: string, logo: Parameters<typeof mailLogoHtml>[0]) =>
  `<!doctype html><html><body style="font-family:sans-serif">${mailLogoHtml(logo)}` +
  `<div style="white-space:pre-wrap">${escapeHtml(text)}</div></body></html>`

/**
 * Emails a conversation's transcript to `to` through the site's mail transport (SMTP_URL, or the
 * outbox). Refuses a bad address (400), an unknown conversation (404) and a fourth email within
 * the window (429) with a ChatRequestError, whose message a visitor can read. A `visitorCopy` is
 * the chat a visitor asked for (its events), said to be a copy of their own chat.
 */
export async function emailTranscript(
  payload: Payload,
  conversationId: number,
  to: unknown,
  { visitorCopy }: { visitorCopy?: ChatEventView[] } = {},
): Promise<void> {
  const address = typeof to === 'string' ? safeAddress(to) : null
  if (!address) throw new ChatRequestError(400, 'Please enter a valid email address.')
  if (!Number.isSafeInteger(conversationId) || conversationId <= 0)
    throw new ChatRequestError(404, 'No such conversation.')
  const conversation = await payload.findByID({
    collection: 'chat-conversations',
    id: conversationId,
    depth: 0,
    disableErrors: true,
  })
  if (!conversation) throw new ChatRequestError(404, 'No such conversation.')
  const taken = await transcriptEmailLimiter.take(String(conversationId))
  refuseWhenLimited(taken, 'This transcript was sent several times already. Please try again later.')
  try {
    const full = transcriptText(conversation, visitorCopy ?? (await transcriptEvents(payload, conversationId)))
    const transcript =
      full.length > CHAT_TRANSCRIPT_MAX_CHARS
        ? `${full.slice(0, CHAT_TRANSCRIPT_MAX_CHARS)}\n${TRANSCRIPT_CUT_NOTE}\n`
        : full
    const settings = await readSiteSettings(payload)
    const from = siteSender(settings)
    const text = visitorCopy ? `${visitorCopyIntro(from.name)}${transcript}` : transcript
    const logo = await mailLogo(payload, settings)
    await sendMail(createMailTransport(), {
      from,
      to: address,
      subject: headerText(
        visitorCopy
          ? `A copy of your chat, as you asked (#${conversation.id})`
          : `Your chat transcript (#${conversation.id})`,
      ),
      text,
      // With a logo, an HTML part shows it above the transcript, which keeps its lines as written.
      html: logo ? transcriptHtml(text, logo) : undefined,
    })
  } catch (error) {
    // No mail went out: the conversation keeps its allowance for a try once the cause is gone.
    await transcriptEmailLimiter.giveBack(String(conversationId), taken)
    throw error
  }
}
