import { describe, expect, it } from 'vitest'
import { parseSearchQuery, type SearchQuery } from './query'
import { EXCERPT_LENGTH, excerpt, rankPages } from './rank'

const query = (text: string): SearchQuery => {
  const parsed = parseSearchQuery(text)
  if (!parsed.ok || !parsed.query) throw new Error(`not a query: ${text}`)
  return parsed.query
}

const pages = [
  { title: 'Lien and Judgment Search', path: '/services/lien-search', text: 'Mechanic’s liens and judgment liens.' },
  { title: 'Pricing', path: '/pricing', text: 'A lien search costs less than a full search. Lien lien lien.' },
  { title: 'About', path: '/about', text: 'Examiners in Columbus.' },
  { title: 'Licking County', path: '/counties/licking', text: 'Courthouse records.' },
]

describe('search ranking', () => {
  it('returns only pages holding every search word, in the title or the text', () => {
    expect(rankPages(pages, query('lien search'), 8).map((r) => r.path)).toEqual(['/services/lien-search', '/pricing'])
    expect(rankPages(pages, query('columbus'), 8).map((r) => r.path)).toEqual(['/about'])
    expect(rankPages(pages, query('nothing-like-this'), 8)).toEqual([])
  })

  it('puts a title starting with the search text before pages that only mention it', () => {
    expect(rankPages(pages, query('li'), 8)[0].path).toBe('/services/lien-search')
  })

  it('returns no more results than the limit', () => {
    expect(rankPages(pages, query('i'), 2)).toHaveLength(2)
  })
})

describe('search excerpts', () => {
  const long = `${'Opening words of the page. '.repeat(10)}Here the judgment index is mentioned. ${'Closing words. '.repeat(10)}`

  it('shows short text whole', () => {
    expect(excerpt('Short text.', ['text'])).toBe('Short text.')
  })

  it('cuts long text around the first match, with ellipses where text was left out', () => {
    const shown = excerpt(long, ['judgment'])
    expect(shown).toContain('judgment index')
    expect(shown.startsWith('…')).toBe(true)
    expect(shown.endsWith('…')).toBe(true)
    expect(shown.length).toBeLessThanOrEqual(EXCERPT_LENGTH + 2)
  })
})
