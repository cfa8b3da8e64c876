// What stands beside and before a server's front when the site runs on two or more servers
// (docs/servers.md, "Two or more servers"): other servers' instances it sends visitors to as well
// (install --peers), and the load balancers or CDN before it whose X-Forwarded-For names the visitor
// (install --trusted-proxies); each checked as install takes it, and the lines deploy/lib/nginxConf.mjs
// renders for the proxies.
import { commaList } from './commaList.mjs'

/** The address of this machine's own instances in the upstream (a deploy takes them out and back in). */
export const LOCAL_INSTANCE_HOST = '127.0.0.1'

/** A host (a name, an IPv4 address, or an IPv6 one in brackets) and a port: an instance of another server. */
const PEER = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\]):(\d{1,5})$/
const MAX_PORT = 65535

/**
 * The instances of other servers a front also sends visitors to, from `list` (`host:port,…`);
 * a clear error naming `option` for one that is not a host and a port, or that is on 127.0.0.1,
 * where the front's own instances are.
 * @param {string} list
 * @param {string} option
 * @returns {string[]}
 */
export function peersFrom(list, option) {
  const peers = commaList(list)
  for (const peer of peers) {
    const port = Number(PEER.exec(peer)?.[1])
    if (!port || port > MAX_PORT)
      throw new Error(`${option}: "${peer}" is not host:port (e.g. 10.0.0.2:3001, [2001:db8::2]:3001)`)
    // The front takes its own instances (on 127.0.0.1) out of the upstream while it restarts them.
    if (peer.startsWith(`${LOCAL_INSTANCE_HOST}:`))
      throw new Error(`${option}: ${peer} is where this machine's own instances listen (--instances)`)
  }
  return peers
}

/** An address or CIDR range (IPv4 or IPv6), as nginx's set_real_ip_from takes it. */
const PROXY_ADDRESS = /^(?:\d{1,3}(?:\.\d{1,3}){3}(?:\/\d{1,2})?|[0-9A-Fa-f:]*:[0-9A-Fa-f:.]*(?:\/\d{1,3})?)$/

/**
 * The proxies (load balancers, a CDN) in front of the front whose X-Forwarded-For it believes, from
 * `list` (addresses or CIDR ranges, comma-separated); a clear error naming `option` for another value.
 * @param {string} list
 * @param {string} option
 * @returns {string[]}
 */
export function proxyAddressesFrom(list, option) {
  const addresses = commaList(list)
  for (const address of addresses)
    if (!PROXY_ADDRESS.test(address))
      throw new Error(`${option}: "${address}" is not an address or CIDR range (e.g. 10.0.0.0/8, 2001:db8::/32)`)
  return addresses
}

/**
 * The front's lines that take the visitor's address from X-Forwarded-For when the connection comes
 * from one of `proxies` (nginx's realip module): the last address not among them, so that what a
 * visitor writes into the header counts for nothing. None without proxies: the connection's address.
 * @param {string[]} proxies
 */
export const realIpLines = (proxies) =>
  proxies.length
    ? [
        ...proxies.map((proxy) => `set_real_ip_from ${proxy};`),
        'real_ip_header X-Forwarded-For;',
        'real_ip_recursive on;',
      ]
        .map((line) => `    ${line}`)
        .join('\n')
    : "    # No trusted proxy before this front (install --trusted-proxies): the connection's address is the visitor's."
