/** A call the chat server refused or could not take, in words for the visitor or agent. */
export type ChatFailure = { ok: false; status: number; error: string }

/** What a call comes back as: the server's answer when it accepted, else why not. */
export type ChatResult<Accepted> = ({ ok: true } & Accepted) | ChatFailure

/** Any call's result, for code that only reports whether it went through. */
export type ChatPostResult = { ok: true } | ChatFailure

/** What a call says when the server refuses without a reason, and when the server cannot be reached. */
export type FailureWords = { refused: string; unreachable: string }

/**
 * One call from the browser to the chat server; a refusal or a network failure comes back, never
 * thrown. An accepted answer is what the protocol names for the request (`Accepted`).
 */
export async function chatRequest<Accepted>(
  path: string,
  init: RequestInit,
  words: FailureWords,
): Promise<ChatResult<Accepted>> {
  try {
    const response = await fetch(path, { ...init, credentials: 'same-origin' })
    const answer = await response.json().catch(() => ({}))
    if (!response.ok) return { ok: false, status: response.status, error: answer.error ?? words.refused }
    return { ...answer, ok: true }
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
