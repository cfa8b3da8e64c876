/** The origins this site answers on: the request's own, the forwarded one, and SERVER_URL. */
function ownOrigins(request: Request): Set<string> {
  const origins = new Set<string>()
  const url = new URL(request.url)
  origins.add(url.origin)
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host')
  const proto = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() || url.protocol.replace(':', '')
  if (host) origins.add(`${proto}://${host.split(',')[0].trim()}`)
  if (process.env.SERVER_URL) {
    try {
      origins.add(new URL(process.env.SERVER_URL).origin)
    } catch {
      // A malformed SERVER_URL names no origin.
    }
  }
  return origins
}

export type OriginVerdict = 'same-origin' | 'cross-origin' | 'unknown'

/**
 * What the browser says about where the post comes from. Browsers send Origin on every POST and
 * Sec-Fetch-Site on every request; scripts outside a browser send neither ('unknown').
 */
export function originOf(request: Request): OriginVerdict {
  const fetchSite = request.headers.get('sec-fetch-site')
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return 'cross-origin'
  const origin = request.headers.get('origin')
  if (origin !== null) return ownOrigins(request).has(origin) ? 'same-origin' : 'cross-origin'
  return fetchSite === 'same-origin' ? 'same-origin' : 'unknown'
}
