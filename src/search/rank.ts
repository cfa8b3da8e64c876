import { foldText, type SearchQuery } from './query'

export type SearchablePage = { title: string; path: string; text: string }
/** A page with its title and text folded once, as the search index keeps it. */
export type PreparedPage = SearchablePage & { foldedTitle: string; foldedText: string }
export type SearchResult = { title: string; path: string; excerpt: string }

/** Excerpts show about this many characters around the first match. */
export const EXCERPT_LENGTH = 160

/**
 * The pages where every search word appears in the title or the text, best first: pages whose
 * title starts with the search text, then those whose title holds more of the words, then by
 * how often the words occur in the text; ties in title order.
 */
export function rankPages(pages: (SearchablePage | PreparedPage)[], query: SearchQuery, limit: number): SearchResult[] {
  const phrase = foldText(query.text)
  const scored = []
  for (const page of pages) {
    const title = 'foldedTitle' in page ? page.foldedTitle : foldText(page.title)
    const text = 'foldedText' in page ? page.foldedText : foldText(page.text)
    if (!query.terms.every((term) => title.includes(term) || text.includes(term))) continue
    let score = title.startsWith(phrase) ? 1000 : title.includes(phrase) ? 500 : 0
    for (const term of query.terms) {
      if (title.includes(term)) score += 100
      score += Math.min(occurrences(text, term), 20)
    }
    scored.push({ page, score })
  }
  return scored
    .sort((a, b) => b.score - a.score || a.page.title.localeCompare(b.page.title))
    .slice(0, Math.max(0, limit))
    .map(({ page }) => ({ title: page.title, path: page.path, excerpt: excerpt(page.text, query.terms) }))
}

function occurrences(haystack: string, needle: string): number {
  let count = 0
  for (let at = haystack.indexOf(needle); at !== -1 && count < 100; at = haystack.indexOf(needle, at + needle.length))
    count++
  return count
}

/**
 * A window of the page text around the first search word found, cut at word boundaries, with
 * an ellipsis where text was left out. Plain text: callers render it as text, never as HTML.
 */
export function excerpt(text: string, terms: string[]): string {
  if (text.length <= EXCERPT_LENGTH) return text
  // Folding can change lengths (e.g. "ﬁ"), so positions are looked up per character.
  const folded = foldText(text)
  const sameLength = folded.length === text.length
  const hits = terms.map((term) => (sameLength ? folded.indexOf(term) : -1)).filter((at) => at >= 0)
  const hit = hits.length ? Math.min(...hits) : 0
  let start = Math.max(0, hit - Math.floor(EXCERPT_LENGTH / 3))
  let end = Math.min(text.length, start + EXCERPT_LENGTH)
  start = Math.max(0, end - EXCERPT_LENGTH)
  if (start > 0) start = text.indexOf(' ', start) + 1 || start
  if (end < text.length) end = text.lastIndexOf(' ', end) > start ? text.lastIndexOf(' ', end) : end
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`
}
