import { isHttpsRequest } from '@/security/headers'

/** A host as a Host header may name it: a name or an IPv4 or bracketed IPv6 address, and a port. */
const HOST_PATTERN =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

type RequestLike = { user?: unknown; url?: string; headers?: Headers } | undefined

/**
 * The origin a signed-in person's request came to (the admin's own address), or null for any other
 * read. Payload's admin makes a file address absolute with SERVER_URL, so an image named by a path
 * alone showed as a broken file icon in an admin opened at any other address; the admin's reads get
 * their files at the address the browser is at. Pages (read without a request) keep relative paths.
 */
export function adminFileOrigin(req: RequestLike): string | null {
  if (!req?.user || !req.headers) return null
  const host = req.headers.get('x-forwarded-host')?.split(',')[0]?.trim() || req.headers.get('host')?.trim()
  if (!host || !HOST_PATTERN.test(host)) return null
  const https = isHttpsRequest(req.url ?? '', req.headers.get('x-forwarded-proto'))
  return `${https ? 'https' : 'http'}://${host.toLowerCase()}`
}
