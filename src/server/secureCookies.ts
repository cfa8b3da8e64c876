import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import type { TLSSocket } from 'node:tls'

/**
 * Whether the visitor's connection is https: TLS to this server, or a trusted front said so. The
 * forwarding headers must be settled first (settleForwardedHeaders), so a client cannot claim it.
 */
export function cameOverHttps(req: IncomingMessage): boolean {
  return Boolean((req.socket as TLSSocket).encrypted) || req.headers['x-forwarded-proto'] === 'https'
}

/** One Set-Cookie value with the Secure attribute (attributes are what follows the first `;`). */
export function withSecureAttribute(cookie: string): string {
  const attributes = cookie.split(';').slice(1)
  if (attributes.some((attribute) => attribute.trim().toLowerCase() === 'secure')) return cookie
  return `${cookie}; Secure`
}

type HeaderValue = number | string | string[]

const secured = (value: HeaderValue): HeaderValue =>
  typeof value === 'number'
    ? value
    : typeof value === 'string'
      ? withSecureAttribute(value)
      : value.map(withSecureAttribute)

/**
 * Makes every cookie this response sets carry Secure (Payload never marks its `payload-token`).
 * Cookies are rewritten when the head is written, which every way of setting them goes through:
 * setHeader, appendHeader, and the headers given to writeHead.
 */
export function secureEveryCookie(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse
  res.writeHead = function (...args: unknown[]) {
    const stored = res.getHeader('set-cookie')
    if (stored !== undefined) res.setHeader('set-cookie', secured(stored))
    const headers = args.find((arg, index) => index > 0 && arg && typeof arg === 'object' && !Array.isArray(arg)) as
      OutgoingHttpHeaders | undefined
    for (const name of Object.keys(headers ?? {})) {
      const value = headers?.[name]
      if (name.toLowerCase() === 'set-cookie' && value !== undefined && headers) headers[name] = secured(value)
    }
    return writeHead(...args)
  } as ServerResponse['writeHead']
}
