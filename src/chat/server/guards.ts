/** Checks every chat request passes before it reaches the chat: origin and size (the rate is counted by its caller). */
import { readLimitedText } from '@/security/request'
import { domainAllowed } from '../domains'

export class ChatRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/**
 * A request comes from the site when its Origin is the site's own (the Host it was sent to,
 * or SERVER_URL) or an allowed domain. Without Origin, a browser's Sec-Fetch-Site tells.
 */
export function originAllowed(headers: Headers, allowedDomains: string[]): boolean {
  const origin = headers.get('origin')
  if (!origin) return headers.get('sec-fetch-site') !== 'cross-site'
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false
  }
  const own = [headers.get('host'), hostOf(process.env.SERVER_URL)].filter(Boolean)
  if (own.includes(url.host)) return true
  return domainAllowed(url.hostname, allowedDomains)
}

function hostOf(value: string | undefined): string | null {
  try {
    return value ? new URL(value).host : null
  } catch {
    return null
  }
}

/** Reads a JSON object body, refusing more than `maxBytes` without reading it all. */
export async function readJsonBody(request: Request, maxBytes: number): Promise<Record<string, unknown>> {
  const hasBody = request.body !== null
  const text = await readLimitedText(request, maxBytes)
  if (text === null) throw new ChatRequestError(413, 'The message is too large.')
  if (!hasBody) throw new ChatRequestError(400, 'The request has no body.')
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new ChatRequestError(400, 'The request is not valid JSON.')
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ChatRequestError(400, 'The request must be a JSON object.')
  }
  return parsed as Record<string, unknown>
}

export function jsonError(error: unknown): Response {
  if (error instanceof ChatRequestError) {
    return Response.json({ ok: false, error: error.message }, { status: error.status })
  }
  console.error('chat request failed', error)
  return Response.json({ ok: false, error: 'The chat could not handle this request.' }, { status: 500 })
}
