import { describe, expect, it } from 'vitest'
import { applyRevalidation, pageChangeEffect } from './revalidate'

const page = (path: string, title: string, status: 'published' | 'draft' = 'published') => ({
  path,
  title,
  _status: status,
})

describe('what an edit to a page makes stale', () => {
  it('a content edit of a published page: that page only', () => {
    expect(pageChangeEffect(page('/pricing', 'Pricing'), page('/pricing', 'Pricing'))).toEqual({
      paths: ['/pricing'],
      everyPage: false,
      pageList: false,
    })
  })

  it('a new title: every page, since menus and links show it, but the list of pages stays', () => {
    expect(pageChangeEffect(page('/pricing', 'Pricing'), page('/pricing', 'Prices'))).toMatchObject({
      everyPage: true,
      pageList: false,
    })
  })

  it('a publish, an unpublish, a rename or a delete: every page and the list of pages', () => {
    const cases = [
      [page('/new', 'New', 'draft'), page('/new', 'New')],
      [page('/old', 'Old'), page('/old', 'Old', 'draft')],
      [page('/before', 'Moved'), page('/after', 'Moved')],
      [page('/gone', 'Gone'), null],
    ] as const
    for (const [before, after] of cases)
      expect(pageChangeEffect(before, after)).toMatchObject({ everyPage: true, pageList: true })
    expect(pageChangeEffect(page('/before', 'Moved'), page('/after', 'Moved')).paths).toEqual(['/before', '/after'])
  })

  it('a move to the trash or a restore: every page and the list of pages', () => {
    const trashed = { ...page('/trashed', 'Trashed'), deletedAt: '2026-11-26T10:00:00.000Z' }
    expect(pageChangeEffect(page('/trashed', 'Trashed'), trashed)).toEqual({
      paths: ['/trashed'],
      everyPage: true,
      pageList: true,
    })
    expect(pageChangeEffect(trashed, page('/trashed', 'Trashed'))).toMatchObject({ everyPage: true, pageList: true })
    expect(pageChangeEffect(trashed, null)).toEqual({ paths: [], everyPage: false, pageList: false })
  })

  it('a draft of a page the public never saw: nothing', () => {
    expect(pageChangeEffect(page('/secret', 'Secret', 'draft'), page('/secret', 'Still secret', 'draft'))).toEqual({
      paths: [],
      everyPage: false,
      pageList: false,
    })
  })

  it('outside a request (the set-up script, a test) there is no cache to tell, and that is no error', async () => {
    await expect(applyRevalidation({ paths: ['/'], everyPage: true, pageList: true })).resolves.toBeUndefined()
  })
})
