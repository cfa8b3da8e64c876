import { chatRequest, jsonPost } from '../chatRequest'
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
