import { chatRequest, jsonPost } from '../chatRequest'
import type { CannedReply, HistoryEntry } from '../server/consoleQueries'
import type { ChatEventView } from '../types'
import type { ChatPostResult } from '../widget/client'

/** The agent console's calls to the chat server (Payload's session cookie authenticates them). */
export async function agentAction(
  action: string,
  data: Record<string, unknown> = {},
): Promise<ChatPostResult & { events?: unknown }> {
  const words = { refused: 'The request failed.', unreachable: 'The chat server is unreachable.' }
  return chatRequest('/api/chat/agent', jsonPost({ action, ...data }), words, (answer) => ({
    ok: true as const,
    ...answer,
  }))
}

export async function signIn(email: string, password: string): Promise<string | null> {
  const response = await fetch('/api/users/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify({ email, password }),
  })
  if (response.ok) return null
  return response.status === 401 ? 'The email or password is wrong.' : 'Signing in failed. Try again later.'
}

export const agentStreamUrl = (lastEventId: number) =>
  `/api/chat/agent/stream${lastEventId ? `?lastEventId=${lastEventId}` : ''}`

/** Ends the session: Payload's logout clears the cookie on the server. */
export async function signOut(): Promise<boolean> {
  const response = await fetch('/api/users/logout', { method: 'POST', credentials: 'same-origin' }).catch(() => null)
  return Boolean(response?.ok)
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string }

async function agentQuery<T>(action: string, key: string, data: Record<string, unknown> = {}): Promise<Outcome<T>> {
  const result = await agentAction(action, data)
  return result.ok ? { ok: true, value: (result as Record<string, unknown>)[key] as T } : result
}

export const searchHistory = (search: { query: string; from?: string; to?: string }) =>
  agentQuery<HistoryEntry[]>('history', 'conversations', search)

export const loadCannedReplies = () => agentQuery<CannedReply[]>('canned_replies', 'replies')

export const loadTranscript = (conversationId: number) =>
  agentQuery<ChatEventView[]>('transcript_view', 'events', { conversationId })
