import type { ChatConversation } from '@/payload-types'
import type { ChatEventView } from '../types'

/** A plain-text transcript, one line per event, for email. */
export function transcriptText(conversation: ChatConversation, events: ChatEventView[]): string {
  const lines = events.map((event) => {
    const what =
      event.type === 'file'
        ? `[file] ${event.file?.name ?? ''}`
        : event.type === 'custom'
          ? `[custom] ${JSON.stringify(event.customData)}`
          : `${event.text ?? ''}${event.buttons ? ` [${event.buttons.join(' | ')}]` : ''}`
    return `[${event.timestamp}] ${event.author.name || event.author.type}: ${what}`
  })
  const who = [conversation.name, conversation.email].filter(Boolean).join(' ')
  return [`Chat #${conversation.id}${who ? ` with ${who}` : ''}`, '', ...lines, ''].join('\n')
}
