/** What an email-like query value becomes in any URL sent to an analytics or tag endpoint (docs/constants.md). */
export const REDACTION_TEXT = '(redacted)'

const EMAIL_LIKE = /[^\s@/?#&=]+@[^\s@/?#&=]+\.[^\s@/?#&=]+/

function decodeLoosely(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '))
  } catch {
    return value
  }
}

/** True when a (possibly percent-encoded) value looks like an email address. */
export function looksLikeEmail(value: string): boolean {
  return EMAIL_LIKE.test(decodeLoosely(value))
}

function redactParams(params: string): string {
  return params
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=')
      if (eq < 0) return looksLikeEmail(pair) ? REDACTION_TEXT : pair
      return looksLikeEmail(pair.slice(eq + 1)) ? `${pair.slice(0, eq + 1)}${REDACTION_TEXT}` : pair
    })
    .join('&')
}

/**
 * The URL with every query value that looks like an email address replaced by `(redacted)`;
 * the rest of the URL is left byte for byte as it was. Works on absolute and relative URLs.
 */
export function redactUrl(url: string): string {
  if (!url) return url
  const hashAt = url.indexOf('#')
  const beforeHash = hashAt < 0 ? url : url.slice(0, hashAt)
  const hash = hashAt < 0 ? '' : url.slice(hashAt)
  const queryAt = beforeHash.indexOf('?')
  if (queryAt < 0) return url
  return beforeHash.slice(0, queryAt + 1) + redactParams(beforeHash.slice(queryAt + 1)) + hash
}
