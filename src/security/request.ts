// Request reading shared by every endpoint that takes visitor input (contact, analytics, chat).

/**
 * Reads the body up to `limit` bytes, stopping the stream as soon as it goes over, so that a huge
 * body is never held in memory. Null when the body (declared or actual) is too large.
 */
export async function readLimitedBytes(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(request.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > limit) return null
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => undefined)
      return null
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}

/** The body as UTF-8 text, read as `readLimitedBytes` does. */
export async function readLimitedText(request: Request, limit: number): Promise<string | null> {
  const bytes = await readLimitedBytes(request, limit)
  return bytes && new TextDecoder('utf-8', { fatal: false }).decode(bytes)
}

/** Longest address kept, so a forged header cannot make rate-limit keys huge. */
const MAX_ADDRESS_LENGTH = 64

/**
 * The client's address. The server (src/server/clientAddress.ts) replaces `X-Forwarded-For` with
 * the one address it settled on: the socket's, or what a trusted front (`TRUST_PROXY`) said.
 * The last entry is read, so that a request that reached a route some other way is still keyed
 * by the address its nearest proxy added.
 */
export function clientAddress(request: Pick<Request, 'headers'>): string {
  const last = request.headers.get('x-forwarded-for')?.split(',').pop()?.trim()
  return last ? last.slice(0, MAX_ADDRESS_LENGTH) : 'unknown'
}
