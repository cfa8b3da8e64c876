import { isIPv6 } from 'node:net'
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

/** Leading 16-bit groups of an IPv6 address that name one subscriber's network (a /64). */
const IPV6_NETWORK_GROUPS = 4

/** The eight groups of an IPv6 address, `::` expanded; null when it is not one. */
function ipv6Groups(address: string): string[] | null {
  if (!isIPv6(address)) return null
  const [head, tail] = address.includes('::') ? address.split('::') : [address, null]
  const split = (part: string) => (part ? part.split(':') : [])
  const headGroups = split(head)
  const tailGroups = tail === null ? [] : split(tail)
  // An IPv4 tail (::ffff:1.2.3.4) counts as two groups.
  const width = (groups: string[]) => groups.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0)
  const missing = 8 - width(headGroups) - width(tailGroups)
  return [...headGroups, ...Array(tail === null ? 0 : missing).fill('0'), ...tailGroups]
}

/**
 * The key a per-address limit counts: an IPv4 address whole, an IPv6 address by its /64 network,
 * since one subscriber holds a whole /64 and could otherwise take a new address for every request.
 */
export function limitKeyOf(request: Pick<Request, 'headers'>): string {
  const address = clientAddress(request)
  if (address.toLowerCase().startsWith('::ffff:') && address.includes('.')) return address.slice(7)
  const groups = ipv6Groups(address)
  if (!groups) return address
  const network = groups.slice(0, IPV6_NETWORK_GROUPS).map((group) => parseInt(group, 16).toString(16))
  return `${network.join(':')}::/64`
}
