/**
 * The query parameter that names the version of an uploaded file in its address. A page links each
 * file with the version it had when the page was made, so a changed file gets a new address and
 * every cache may keep an address's bytes for good (see MEDIA_CACHE_CONTROL).
 */
export const MEDIA_VERSION_PARAM = 'v'

/** What a version looks like: the upload's last change in milliseconds, base 36 (`m2x7k3ab`). */
export const MEDIA_VERSION_SHAPE = /^[0-9a-z]{1,16}$/

/** How long a response may be kept, by whether its address carries a version. */
export const MEDIA_CACHE_CONTROL = {
  /** The address changes with the file, so the bytes at this one never do. */
  versioned: 'public, max-age=31536000, immutable',
  /**
   * An address without a version (an old link, a copy made elsewhere) may show a replaced file
   * tomorrow: any cache may keep it, but asks before each use, and gets a 304 while unchanged.
   */
  unversioned: 'public, max-age=0, must-revalidate',
} as const

/** The version of an upload last changed at `updatedAt`, or null when the date is missing or unreadable. */
export function mediaVersion(updatedAt: string | null | undefined): string | null {
  const time = updatedAt ? Date.parse(updatedAt) : Number.NaN
  return Number.isFinite(time) && time >= 0 ? time.toString(36) : null
}

/** The file's address with its version, replacing any version it carried. */
export function versionedMediaUrl<T extends string | null | undefined>(url: T, version: string | null): T {
  if (!url || !version) return url
  const [beforeHash, hash] = splitOnce(url, '#')
  const [path, query] = splitOnce(beforeHash, '?')
  const params = new URLSearchParams(query ?? '')
  params.set(MEDIA_VERSION_PARAM, version)
  return `${path}?${params.toString()}${hash === undefined ? '' : `#${hash}`}` as T
}

/** Whether a request's query names a version, so its answer may be kept for good. */
export function carriesMediaVersion(search: string): boolean {
  const version = new URLSearchParams(search).get(MEDIA_VERSION_PARAM)
  return version !== null && MEDIA_VERSION_SHAPE.test(version)
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator)
  return at === -1 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)]
}
