import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { get, startStandInNext, stopStandInNext } from '../../../tests/support/standInNext'
import { withVisitorQuery } from './responseHead'

beforeAll(startStandInNext)
afterAll(stopStandInNext)

describe('permanent redirects', () => {
  it('answers a GET or HEAD of a permanently moved page with 301 and its Location, once', async () => {
    for (const path of ['/moved', '/moved-plain']) {
      for (const method of ['GET', 'HEAD']) {
        const response = await get(path, {}, method)
        expect({ path, method, status: response.status }).toEqual({ path, method, status: 301 })
        const locations = response.rawHeaders.filter((_, index) => index % 2 === 0 && /^location$/i.test(_))
        expect(locations).toHaveLength(1)
        expect(response.headers.location).toBe('/new-home')
      }
    }
  })

  it('sends a visitor who came with a query on with the same query, unless the target names its own', async () => {
    const moved = await get('/moved?utm_source=news&utm_medium=mail')
    expect(moved.status).toBe(301)
    expect(moved.headers.location).toBe('/new-home?utm_source=news&utm_medium=mail')
    expect(withVisitorQuery('https://example.com/records#top', '/old?q=1')).toBe('https://example.com/records?q=1#top')
    expect(withVisitorQuery('/new?ref=site', '/old?q=1')).toBe('/new?ref=site')
    expect(withVisitorQuery('/new', '/old')).toBe('/new')
    expect(withVisitorQuery('/new', '/old?')).toBe('/new')
  })

  it('keeps 308 for other methods, which must not turn into a GET', async () => {
    expect((await get('/moved', {}, 'POST')).status).toBe(308)
  })
})
