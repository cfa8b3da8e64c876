import type { ChatEventView } from '../types'

/** The visitor widget's calls to the chat server. */
export type ChatPostResult = { ok: true; event?: ChatEventView } | { ok: false; status: number; error: string }

async function post(path: string, body: unknown): Promise<ChatPostResult> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    })
    const json = await response.json().catch(() => ({}))
    if (!response.ok) return { ok: false, status: response.status, error: json.error ?? 'The chat is unavailable.' }
    return { ok: true, event: json.event }
  } catch {
    return { ok: false, status: 0, error: 'The chat is unreachable. Check your connection.' }
  }
}

export const visitorAction = (action: string, data: Record<string, unknown> = {}) =>
  post('/api/chat/visitor', { action, ...data })

export async function uploadFile(file: File, conversationId?: number): Promise<ChatPostResult> {
  const form = new FormData()
  form.append('file', file)
  if (conversationId) form.append('conversationId', String(conversationId))
  try {
    const response = await fetch('/api/chat/files', { method: 'POST', body: form, credentials: 'same-origin' })
    const json = await response.json().catch(() => ({}))
    if (!response.ok) return { ok: false, status: response.status, error: json.error ?? 'The file could not be sent.' }
    return { ok: true, event: json.event }
  } catch {
    return { ok: false, status: 0, error: 'The file could not be sent.' }
  }
}

export const streamUrl = (page: string, lastEventId: number) =>
  `/api/chat/stream?page=${encodeURIComponent(page)}${lastEventId ? `&lastEventId=${lastEventId}` : ''}`
