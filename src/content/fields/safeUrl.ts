/** The schemes a link on the site may use; anything else (javascript:, data:, vbscript:, file:…) is refused. */
export const LINK_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const

export const UNSAFE_LINK_MESSAGE =
  'Links may start with https://, http://, mailto:, tel:, / or #. Addresses such as javascript:, data: or vbscript: are refused.'

// Browsers drop tabs and line breaks anywhere in an address and ignore spaces and control characters
// around it, so "java\tscript:" runs as javascript: and has to be read the same way here.
const IGNORED_BY_BROWSERS = /[\u0000-\u0020\u007f-\u009f]/g
const SCHEME = /^([a-z][a-z0-9+.-]*):/i

/** The scheme an address would be opened with, as a browser reads it; null for a relative address. */
export function schemeOf(url: string): string | null {
  const match = SCHEME.exec(url.replace(IGNORED_BY_BROWSERS, ''))
  return match ? match[1].toLowerCase() : null
}

/** Whether an address is safe to put in a link: relative, an anchor, or one of the allowed schemes. */
export function isSafeLinkUrl(url: unknown): url is string {
  if (typeof url !== 'string' || url.trim() === '') return false
  const scheme = schemeOf(url)
  return scheme === null || (LINK_SCHEMES as readonly string[]).includes(scheme)
}
