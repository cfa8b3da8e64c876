/** Longest Cookie header read; a longer one is not a browser's and is read as carrying none. */
export const MAX_COOKIE_HEADER_LENGTH = 16_384

/** One cookie's value from a Cookie header, without trusting its shape; null when it has none of that name. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header || header.length > MAX_COOKIE_HEADER_LENGTH) return null
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return null
}
