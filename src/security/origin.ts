/**
 * The origins this site answers on: the request's own (its address, or the Host the browser
 * named, or the host and scheme the front forwarded) and SERVER_URL. A site reached by a second
 * name, a staging address or an IP is still itself.
 */
function ownOrigins(headers: Headers, requestUrl?: string): Set<string> {
  const origins = new Set<string>()
  const url = requestUrl ? new URL(requestUrl) : null
  if (url) origins.add(url.origin)
  const host = headers.get('x-forwarded-host') ?? headers.get('host')
  const proto = headers.get('x-forwarded-proto')?.split(',')[0]?.trim() || url?.protocol.replace(':', '') || 'http'
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
 * What the browser says about where a request comes from. Browsers send Origin on every POST and
 * Sec-Fetch-Site on every request, and a page's scripts can set neither; scripts outside a
 * browser send neither ('unknown').
 */
export function originOfHeaders(headers: Headers, requestUrl?: string): OriginVerdict {
  const fetchSite = headers.get('sec-fetch-site')
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return 'cross-origin'
  const origin = headers.get('origin')
  if (origin !== null) return ownOrigins(headers, requestUrl).has(origin) ? 'same-origin' : 'cross-origin'
  return fetchSite === 'same-origin' ? 'same-origin' : 'unknown'
}

export const originOf = (request: Request): OriginVerdict => originOfHeaders(request.headers, request.url)
