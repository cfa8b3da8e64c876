import { pathFromSegments } from '../sitePath'

/** Longer than any page path the site serves (eight segments of slugs), short enough to refuse early. */
export const MAX_PREVIEW_PATH_LENGTH = 512

export type PreviewPath = { ok: true; path: string } | { ok: false; error: string }

/**
 * The page path a preview may redirect to: exactly a path the site could serve ("/" or
 * "/slug/child"), nothing else, so the redirect can only lead to a page of this site.
 */
export function previewPathFrom(raw: string | null): PreviewPath {
  if (raw === null || raw === '') return { ok: false, error: 'Say which page to preview: ?path=/its/path.' }
  if (raw.length > MAX_PREVIEW_PATH_LENGTH) return { ok: false, error: 'The page path is too long.' }
  if (!raw.startsWith('/')) return { ok: false, error: 'The page path must start with "/".' }
  const segments = raw === '/' ? [] : raw.slice(1).split('/')
  const path = pathFromSegments(segments)
  if (path === null || path !== raw)
    return { ok: false, error: 'That is not a page path of this site (lower-case words joined by dashes).' }
  return { ok: true, path }
}
