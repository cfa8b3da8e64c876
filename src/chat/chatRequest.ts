import type { ChatEventView } from './types'

/** A call the chat server refused or could not take, in words for the visitor or agent. */
export type ChatFailure = { ok: false; status: number; error: string }

/** What the chat server answers: the stored event, a reason for a refusal, or what an agent asked for. */
export type ChatAnswer = { event?: ChatEventView; error?: string; [key: string]: unknown }

/** What a call says when the server refuses without a reason, and when the server cannot be reached. */
export type FailureWords = { refused: string; unreachable: string }

/**
 * One call from the browser to the chat server; a refusal or a network failure comes back, never
 * thrown. `read` turns an accepted answer into the result (an answer it cannot read counts as unreachable).
 */
export async function chatRequest<Accepted>(
  path: string,
  init: RequestInit,
  words: FailureWords,
  read: (answer: ChatAnswer) => Accepted,
): Promise<Accepted | ChatFailure> {
  try {
    const response = await fetch(path, { ...init, credentials: 'same-origin' })
    const answer = await response.json().catch(() => ({}))
    if (!response.ok) return { ok: false, status: response.status, error: answer.error ?? words.refused }
    return read(answer)
  } catch {
    return { ok: false, status: 0, error: words.unreachable }
  }
}

/** A JSON post, as the chat's action endpoints take them. */
export const jsonPost = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
})
