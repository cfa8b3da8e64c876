/** A page's slug: lowercase words of letters and digits joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** Deepest path the site's catch-all route looks up. */
export const MAX_PATH_SEGMENTS = 8

/**
 * The path a request asks for, or null when a segment could never be a page slug
 * (so malformed paths answer 404 without touching the database).
 */
export function pathFromSegments(segments: string[] | undefined): string | null {
  if (!segments?.length) return '/'
  if (segments.length > MAX_PATH_SEGMENTS || !segments.every((segment) => SLUG_PATTERN.test(segment))) return null
  if (segments.length === 1 && segments[0] === 'home') return null
  return '/' + segments.join('/')
}
