import type { Payload } from 'payload'
import { businessTime } from '@/content/businessHours'
import type { ChatConversation } from '@/payload-types'
import type { ChatEventView } from '../../protocol'
import { toEventView } from './store'

/** Events a transcript holds at most, the first ones (a chat rarely has more). */
export const CHAT_TRANSCRIPT_MAX_EVENTS = 2000

/** A conversation's events in order, as every transcript shows them (admin view and email). */
export async function transcriptEvents(payload: Payload, conversationId: number | string): Promise<ChatEventView[]> {
  const { docs } = await payload.find({
    collection: 'chat-events',
    where: { conversation: { equals: conversationId } },
    sort: 'id',
    limit: CHAT_TRANSCRIPT_MAX_EVENTS,
    depth: 1,
    pagination: false,
  })
  return docs.map(toEventView)
}

/** What an event says in words: its text and buttons, or its custom data (a file is shown apart). */
export function eventText(event: ChatEventView): string {
  if (event.type === 'custom') return JSON.stringify(event.customData ?? null)
  return [event.text ?? '', event.buttons?.length ? `[${event.buttons.join(' | ')}]` : ''].filter(Boolean).join(' ')
}

/** A plain-text transcript, one line per event, each dated in the business's time zone, for email. */
export function transcriptText(conversation: ChatConversation, events: ChatEventView[]): string {
  const lines = events.map((event) => {
    const what =
      event.type === 'file'
        ? `[file] ${event.file?.name ?? ''}`
        : event.type === 'custom'
          ? `[custom] ${eventText(event)}`
          : eventText(event)
    return `[${businessTime(event.timestamp, { seconds: true })}] ${event.author.name || event.author.type}: ${what}`
  })
  const who = [conversation.name, conversation.email].filter(Boolean).join(' ')
  return [`Chat #${conversation.id}${who ? ` with ${who}` : ''}`, '', ...lines, ''].join('\n')
}
