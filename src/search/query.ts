/** The typeahead lists at most this many suggestions (docs/constants.md). */
export const TYPEAHEAD_MAX_ITEMS = 8
/** Suggestions start after this many characters (docs/constants.md). */
export const TYPEAHEAD_MIN_LENGTH = 1
/** Longer search text is refused with 400: no page title or phrase is this long. */
export const SEARCH_QUERY_MAX_LENGTH = 200
/** The results page lists at most this many pages. */
export const SEARCH_PAGE_MAX_RESULTS = 20
/** Words beyond this many are ignored; they would only narrow the match to nothing. */
export const SEARCH_MAX_TERMS = 12

export type SearchQuery = { text: string; terms: string[] }
export type ParsedQuery = { ok: true; query: SearchQuery | null } | { ok: false; error: string }

/** Lower case without accents, so that "Résumé" finds "resume" and the reverse. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
}

/**
 * Reads the visitor's search text. Control characters and runs of spaces are dropped; text
 * shorter than TYPEAHEAD_MIN_LENGTH is no query (an empty answer, not an error); text longer
 * than SEARCH_QUERY_MAX_LENGTH is refused.
 */
export function parseSearchQuery(raw: string | null | undefined): ParsedQuery {
  if (raw == null) return { ok: true, query: null }
  if (raw.length > SEARCH_QUERY_MAX_LENGTH) {
    return { ok: false, error: `The search text is too long: at most ${SEARCH_QUERY_MAX_LENGTH} characters.` }
  }
  const text = raw
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (text.length < TYPEAHEAD_MIN_LENGTH) return { ok: true, query: null }
  const terms = [...new Set(foldText(text).split(' ').filter(Boolean))].slice(0, SEARCH_MAX_TERMS)
  return { ok: true, query: { text, terms } }
}
