import { describe, expect, it } from 'vitest'
import { SEARCH_DESCRIPTION_SHOWN_CHARS, SEARCH_TITLE_SHOWN_CHARS, searchPreview } from './searchPreview'

const site = { siteName: 'Cardinal Title Research', tagline: 'Title searches in Ohio.', origin: 'https://example.com' }

describe('the search-result preview of a page', () => {
  it('puts the site name after a page title, as the page head does', () => {
    const preview = searchPreview({ ...site, title: 'Pricing', path: '/pricing' })
    expect(preview.title).toBe('Pricing | Cardinal Title Research')
    expect(preview.url).toBe('https://example.com › pricing')
    expect(preview.description).toBe('Title searches in Ohio.')
  })

  it('puts the site name after an SEO title too, shows the description as written, and the home page as the name alone', () => {
    expect(searchPreview({ ...site, title: 'Home', path: '/' }).title).toBe('Cardinal Title Research')
    const preview = searchPreview({ ...site, title: 'Pricing', seoTitle: 'Prices', seoDescription: 'What it costs.' })
    expect(preview).toMatchObject({ title: 'Prices | Cardinal Title Research', description: 'What it costs.' })
  })

  it('cuts what a search engine would cut, and says so', () => {
    const preview = searchPreview({ ...site, seoTitle: 'T'.repeat(70), seoDescription: 'D'.repeat(170), path: '/a/b' })
    expect(preview.title).toHaveLength(SEARCH_TITLE_SHOWN_CHARS)
    expect(preview.title.endsWith('…')).toBe(true)
    expect(preview.description).toHaveLength(SEARCH_DESCRIPTION_SHOWN_CHARS)
    expect(preview).toMatchObject({ titleCut: true, descriptionCut: true, url: 'https://example.com › a › b' })
  })

  it('shows an unsaved page without failing', () => {
    expect(searchPreview({ ...site, title: null, path: undefined }).title).toBe(
      'Untitled page | Cardinal Title Research',
    )
  })
})
