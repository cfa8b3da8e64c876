import { describe, expect, it } from 'vitest'
import { SEARCH_MAX_TERMS, SEARCH_QUERY_MAX_LENGTH, TYPEAHEAD_MIN_LENGTH, foldText, parseSearchQuery } from './query'

describe('search query handling', () => {
  it('treats a missing, empty or blank query as no query, not an error', () => {
    expect(parseSearchQuery(null)).toEqual({ ok: true, query: null })
    expect(parseSearchQuery('')).toEqual({ ok: true, query: null })
    expect(parseSearchQuery('   \t\n ')).toEqual({ ok: true, query: null })
  })

  it('starts searching at the minimum length', () => {
    const shortest = 'a'.repeat(TYPEAHEAD_MIN_LENGTH)
    expect(parseSearchQuery(shortest)).toEqual({ ok: true, query: { text: shortest, terms: [shortest] } })
  })

  it('refuses text longer than the limit, and accepts text of exactly the limit', () => {
    const refused = parseSearchQuery('x'.repeat(SEARCH_QUERY_MAX_LENGTH + 1))
    expect(refused.ok).toBe(false)
    expect(parseSearchQuery('x'.repeat(SEARCH_QUERY_MAX_LENGTH)).ok).toBe(true)
  })

  it('drops control characters and collapses spaces', () => {
    expect(parseSearchQuery('  lien\u0000\u200b  search\r\n')).toEqual({
      ok: true,
      query: { text: 'lien search', terms: ['lien', 'search'] },
    })
  })

  it('matches without regard to case or accents, and lists each word once', () => {
    expect(foldText('Résumé TITLE')).toBe('resume title')
    expect(parseSearchQuery('Lien lien LIEN')).toEqual({ ok: true, query: { text: 'Lien lien LIEN', terms: ['lien'] } })
  })

  it('keeps markup and SQL wildcards as ordinary text', () => {
    const parsed = parseSearchQuery(`<script>alert(1)</script> %' OR 1=1 --`)
    expect(parsed.ok && parsed.query?.terms).toEqual(['<script>alert(1)</script>', "%'", 'or', '1=1', '--'])
  })

  it('keeps at most the maximum number of words', () => {
    const words = Array.from({ length: SEARCH_MAX_TERMS + 5 }, (_, i) => `w${i}`).join(' ')
    const parsed = parseSearchQuery(words)
    expect(parsed.ok && parsed.query?.terms.length).toBe(SEARCH_MAX_TERMS)
  })
})
