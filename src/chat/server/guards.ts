/** Checks every chat request passes before it reaches the chat: origin, size, rate. */
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
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > maxBytes) throw new ChatRequestError(413, 'The message is too large.')
  const reader = request.body?.getReader()
  if (!reader) throw new ChatRequestError(400, 'The request has no body.')
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      throw new ChatRequestError(413, 'The message is too large.')
    }
    chunks.push(value)
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    throw new ChatRequestError(400, 'The request is not valid JSON.')
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ChatRequestError(400, 'The request must be a JSON object.')
  }
  return parsed as Record<string, unknown>
}

/** Fixed-window counter per key: true while the key is within its allowance. */
export function createRateLimiter({ limit, windowMs }: { limit: number; windowMs: number }) {
  const windows = new Map<string, { start: number; count: number }>()
  return {
    allow(key: string, now = Date.now()): boolean {
      const window = windows.get(key)
      if (!window || now - window.start >= windowMs) {
        if (windows.size > 50_000) windows.clear()
        windows.set(key, { start: now, count: 1 })
        return true
      }
      window.count += 1
      return window.count <= limit
    },
  }
}

export function jsonError(error: unknown): Response {
  if (error instanceof ChatRequestError) {
    return Response.json({ ok: false, error: error.message }, { status: error.status })
  }
  console.error('chat request failed', error)
  return Response.json({ ok: false, error: 'The chat could not handle this request.' }, { status: 500 })
}
