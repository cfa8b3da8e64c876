import type { Payload } from 'payload'
import { recordEndedBeforeUpgrade } from '../server/conversation/life'

/** The system line every ended chat got before conversations had an `ended` status (see server/conversation/life.ts endChat). */
const ENDED_LINE = 'ended the chat.'

/**
 * Sites that ran the chat before the `ended` status left their ended chats at `browsing`: marks
 * each browsing conversation whose chat has an end line as ended, at its last end line's time, so
 * the admin shows it ended and the retention setting applies. Answers how many it marked.
 */
export async function markChatsEndedBeforeUpgrade(payload: Payload): Promise<number> {
  const { docs } = await payload.find({
    collection: 'chat-events',
    where: {
      and: [
        { type: { equals: 'system' } },
        { text: { contains: ENDED_LINE } },
        { 'conversation.status': { equals: 'browsing' } },
      ],
    },
    sort: '-createdAt',
    depth: 0,
    pagination: false,
    select: { conversation: true, createdAt: true },
  })
  const endedAt = new Map<number, string>()
  for (const event of docs) {
    const id = typeof event.conversation === 'object' ? event.conversation.id : event.conversation
    if (!endedAt.has(id)) endedAt.set(id, event.createdAt)
  }
  for (const [id, at] of endedAt) {
    await recordEndedBeforeUpgrade(payload, id, at)
  }
  return endedAt.size
}
