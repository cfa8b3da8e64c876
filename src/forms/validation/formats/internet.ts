// Email addresses, URLs and IP addresses; no nested regex quantifiers, so long input stays linear.

const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+$/
const ASCII_LABEL = /^[A-Za-z0-9-]+$/
const UNICODE_LABEL = /^[\p{L}\p{N}\p{M}-]+$/u
const ASCII_TLD = /^[A-Za-z]{2,63}$/
const UNICODE_TLD = /^[\p{L}\p{M}]{2,63}$/u
const PUNYCODE_TLD = /^xn--[A-Za-z0-9-]{1,59}$/i

function isDomainName(host: string, allowUnicode: boolean): boolean {
  if (host.length > 253) return false
  const labels = host.split('.')
  if (labels.length < 2) return false
  const tld = labels[labels.length - 1]
  if (!ASCII_TLD.test(tld) && !PUNYCODE_TLD.test(tld) && !(allowUnicode && UNICODE_TLD.test(tld))) return false
  const label = allowUnicode ? UNICODE_LABEL : ASCII_LABEL
  return labels.every(
    (part) => part.length >= 1 && part.length <= 63 && !part.startsWith('-') && !part.endsWith('-') && label.test(part),
  )
}

export function isEmail(value: string): boolean {
  if (value.length > 254) return false
  const at = value.indexOf('@')
  if (at < 1 || at !== value.lastIndexOf('@')) return false
  const local = value.slice(0, at)
  if (local.length > 64 || !EMAIL_LOCAL.test(local)) return false
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false
  return isDomainName(value.slice(at + 1), false)
}

const URL_START = /^(?:https:\/\/|http:\/\/|ftp:\/\/|\/\/)/i
const USERINFO = /^[A-Za-z0-9._~%!$&'()*+,;=:-]+$/
const PORT = /^\d{1,5}$/
const DOTTED_NUMBERS = /^[\d.]+$/

export function isUrl(value: string): boolean {
  const start = URL_START.exec(value)
  if (!start || /\s/.test(value)) return false
  const rest = value.slice(start[0].length)
  const end = rest.search(/[/?#]/)
  const authority = end === -1 ? rest : rest.slice(0, end)
  const at = authority.lastIndexOf('@')
  if (at !== -1 && !USERINFO.test(authority.slice(0, at))) return false
  const hostPort = authority.slice(at + 1)
  let host = hostPort
  let port: string | null = null
  if (hostPort.startsWith('[')) {
    const close = hostPort.indexOf(']')
    if (close === -1 || !isIPv6(hostPort.slice(1, close))) return false
    const after = hostPort.slice(close + 1)
    if (after !== '' && !after.startsWith(':')) return false
    return after === '' || isPort(after.slice(1))
  }
  const colon = hostPort.lastIndexOf(':')
  if (colon !== -1) {
    host = hostPort.slice(0, colon)
    port = hostPort.slice(colon + 1)
  }
  if (port !== null && !isPort(port)) return false
  if (DOTTED_NUMBERS.test(host)) return isIPv4(host)
  return isDomainName(host.endsWith('.') ? host.slice(0, -1) : host, true)
}

const isPort = (port: string): boolean => PORT.test(port) && Number(port) <= 65535

const OCTET = /^(?:0|[1-9]\d{0,2})$/

export function isIPv4(value: string): boolean {
  if (value.length > 15) return false
  const parts = value.split('.')
  return parts.length === 4 && parts.every((part) => OCTET.test(part) && Number(part) <= 255)
}

const HEXTET = /^[0-9A-Fa-f]{1,4}$/

export function isIPv6(value: string): boolean {
  // 45 = six full groups plus a dotted IPv4 tail, the longest legal spelling.
  if (value.length < 2 || value.length > 45) return false
  const halves = value.split('::')
  if (halves.length > 2) return false
  const sides = halves.map((half) => (half === '' ? [] : half.split(':')))
  const groups = sides.flat()
  let count = groups.length
  const last = groups[groups.length - 1]
  if (last !== undefined && last.includes('.')) {
    const finalSide = sides[sides.length - 1]
    if (finalSide[finalSide.length - 1] !== last || !isIPv4(last)) return false
    groups.pop()
    count += 1
  }
  if (!groups.every((group) => HEXTET.test(group))) return false
  return halves.length === 2 ? count <= 7 : count === 8
}
