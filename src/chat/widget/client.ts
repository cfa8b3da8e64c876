import { type ChatAnswer, type ChatFailure, chatRequest, jsonPost } from '../chatRequest'
import type { ChatEventView } from '../types'

/** The visitor widget's calls to the chat server. */
export type ChatPostResult = { ok: true; event?: ChatEventView } | ChatFailure

const FILE_NOT_SENT = 'The file could not be sent.'
const storedEvent = (answer: ChatAnswer) => ({ ok: true as const, event: answer.event })

export async function visitorAction(action: string, data: Record<string, unknown> = {}): Promise<ChatPostResult> {
  const words = { refused: 'The chat is unavailable.', unreachable: 'The chat is unreachable. Check your connection.' }
  return chatRequest('/api/chat/visitor', jsonPost({ action, ...data }), words, storedEvent)
}

export async function uploadFile(file: File, conversationId?: number): Promise<ChatPostResult> {
  const form = new FormData()
  form.append('file', file)
  if (conversationId) form.append('conversationId', String(conversationId))
  const words = { refused: FILE_NOT_SENT, unreachable: FILE_NOT_SENT }
  return chatRequest('/api/chat/files', { method: 'POST', body: form }, words, storedEvent)
}

export const streamUrl = (page: string, lastEventId: number) =>
  `/api/chat/stream?page=${encodeURIComponent(page)}${lastEventId ? `&lastEventId=${lastEventId}` : ''}`
