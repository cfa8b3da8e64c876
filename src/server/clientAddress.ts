import type { IncomingMessage } from 'node:http'
import proxyaddr from 'proxy-addr'

/** Whom the server believes about the client's address: a compiled `TRUST_PROXY`. */
export type ProxyTrust = (address: string, hop: number) => boolean

const TRUST_NOTHING: ProxyTrust = () => false

/**
 * Reads `TRUST_PROXY`: empty trusts no proxy (the socket's address is the client's); a whole
 * number trusts that many hops in front of the app; anything else is a comma-separated list of
 * addresses, CIDR ranges or the names `loopback`, `linklocal`, `uniquelocal`.
 */
export function proxyTrustFrom(setting: string | undefined): ProxyTrust {
  const value = setting?.trim() ?? ''
  if (!value) return TRUST_NOTHING
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    return (_address, hop) => hop < hops
  }
  return proxyaddr.compile(value.split(',').map((part) => part.trim()))
}

/** Request headers only a trusted front may set; from anyone else they are dropped. */
const FORWARDED_HEADERS = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-real-ip', 'forwarded']

/** The first value of a comma-separated header. */
const firstValue = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() || undefined

/**
 * Rewrites the request's forwarding headers to what the server knows: `X-Forwarded-For` holds the
 * client's address alone (the socket's, or what a trusted front said), and the front's protocol
 * and host are kept only when the socket is a trusted front. The app's code reads these headers
 * and never sees a value a client chose.
 */
export function settleForwardedHeaders(request: IncomingMessage, trust: ProxyTrust): string {
  const socketAddress = request.socket.remoteAddress ?? ''
  const fromTrustedFront = socketAddress !== '' && trust(socketAddress, 0)
  const client = proxyaddr(request, trust)
  const proto = fromTrustedFront ? firstValue(request.headers['x-forwarded-proto']) : undefined
  const host = fromTrustedFront ? firstValue(request.headers['x-forwarded-host']) : undefined
  for (const name of FORWARDED_HEADERS) delete request.headers[name]
  request.headers['x-forwarded-for'] = client
  if (proto === 'https' || proto === 'http') request.headers['x-forwarded-proto'] = proto
  if (host) request.headers['x-forwarded-host'] = host
  return client
}
