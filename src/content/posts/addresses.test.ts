import { describe, expect, it } from 'vitest'
import {
  categoryPath,
  newsAddressFrom,
  newsAddressPath,
  newsListPath,
  postPath,
  RESERVED_POST_SLUGS,
} from './addresses'

describe('the addresses under /news', () => {
  it('reads the listing, its later pages, a category (and its pages) and a post', () => {
    expect(newsAddressFrom(undefined)).toEqual({ kind: 'list', page: 1 })
    expect(newsAddressFrom(['page', '3'])).toEqual({ kind: 'list', page: 3 })
    expect(newsAddressFrom(['category', 'guides'])).toEqual({ kind: 'category', category: 'guides', page: 1 })
    expect(newsAddressFrom(['category', 'guides', 'page', '2'])).toEqual({
      kind: 'category',
      category: 'guides',
      page: 2,
    })
    expect(newsAddressFrom(['closing-costs-2026'])).toEqual({ kind: 'post', slug: 'closing-costs-2026' })
  })

  it('refuses what the section never answers: page 1 by number, zero-led or non-numbers, bad slugs, extra segments', () => {
    for (const segments of [
      ['page', '1'],
      ['page', '01'],
      ['page', 'two'],
      ['page'],
      ['category'],
      ['category', 'Guides'],
      ['category', 'guides', 'page', '1'],
      ['a', 'b'],
      ['Upper-Case'],
      ...RESERVED_POST_SLUGS.map((slug) => [slug]),
    ])
      expect(newsAddressFrom(segments), segments.join('/')).toBeNull()
  })

  it('writes each address back as the path it was read from', () => {
    for (const path of [
      newsListPath(),
      newsListPath(4),
      categoryPath('guides'),
      categoryPath('guides', 2),
      postPath('a-post'),
    ]) {
      const segments = path.split('/').slice(2)
      expect(newsAddressPath(newsAddressFrom(segments)!)).toBe(path)
    }
  })
})
