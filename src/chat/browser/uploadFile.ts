import type { ChatEventView } from '../protocol'
import { chatRequest } from './chatRequest'

/** Where either side uploads a file into a conversation (multipart: `file`, and `conversationId` for an agent). */
const FILES_ENDPOINT = '/api/chat/files'

const FILE_NOT_SENT = 'The file could not be sent.'

/** Sends a file into the visitor's chat, or (with `conversationId`) into an agent's. */
export async function uploadFile(file: File, conversationId?: number) {
  const form = new FormData()
  form.append('file', file)
  if (conversationId) form.append('conversationId', String(conversationId))
  const words = { refused: FILE_NOT_SENT, unreachable: FILE_NOT_SENT }
  return chatRequest<{ event?: ChatEventView }>(FILES_ENDPOINT, { method: 'POST', body: form }, words)
}
