import type { Payload } from 'payload'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { answerSearch, SEARCH_RATE_LIMIT, searchEndpoint } from '@/search/api'
import { SEARCH_QUERY_MAX_LENGTH, TYPEAHEAD_MAX_ITEMS } from '@/search/query'
import { searchPageModel } from '@/search/results'
import { SearchResults } from '@/search/SearchResults'
import { SEARCH_INDEX_MAX_AGE_MS } from '@/search/searchPages'
import { startTestPayload } from '../support/payload'

let payload: Payload
let cleanup: () => Promise<void>

const hero = (heading: string, text = '') => ({ blockType: 'hero', heading, text })

async function createPage(slug: string, title: string, status: 'draft' | 'published', text = '') {
  return payload.create({
    collection: 'pages',
    data: { title, slug, layout: [hero(title, text)], _status: status } as never,
    draft: status === 'draft',
  })
}

async function search(query: string | null): Promise<{ status: number; body: Record<string, unknown> }> {
  const params = new URLSearchParams()
  if (query !== null) params.set('q', query)
  const response = await answerSearch(params, async () => payload)
  return { status: response.status, body: await response.json() }
}

const titles = (body: Record<string, unknown>) => (body.results as { title: string }[]).map((result) => result.title)

beforeAll(async () => {
  ;({ payload, cleanup } = await startTestPayload())
  await createPage(
    'quitclaim',
    'Quitclaim deeds explained',
    'published',
    'A quitclaim deed transfers whatever interest.',
  )
  await createPage('zephyr-draft', 'Zephyr draft page', 'draft', 'zephyrword appears only in a draft')
  const published = await createPage('easements', 'Easement copies', 'published', 'Recorded rights of way.')
  // A later draft of a published page: its words must not reach visitors before it is published.
  await payload.update({
    collection: 'pages',
    id: published.id,
    data: { title: 'Easement copies', layout: [hero('Easement copies', 'unpublishedsecret wording')] } as never,
    draft: true,
  })
  for (let i = 0; i < TYPEAHEAD_MAX_ITEMS + 4; i++) {
    await createPage(`county-${i}`, `Mercer county note ${i}`, 'published', 'Mercer county records.')
  }
})
afterAll(() => cleanup?.())

describe('GET /api/search', () => {
  it('finds a published page by a word of its title, case-insensitively, with its path and an excerpt', async () => {
    const { status, body } = await search('QUITCLAIM')
    expect(status).toBe(200)
    expect(body.results).toEqual([
      { title: 'Quitclaim deeds explained', path: '/quitclaim', excerpt: expect.stringContaining('quitclaim') },
    ])
  })

  it('finds a page by the text of its blocks', async () => {
    expect(titles((await search('rights of way')).body)).toEqual(['Easement copies'])
  })

  it('never returns a draft page, nor the unpublished draft of a published page', async () => {
    expect(titles((await search('zephyrword')).body)).toEqual([])
    expect(titles((await search('Zephyr')).body)).toEqual([])
    expect(titles((await search('unpublishedsecret')).body)).toEqual([])
  })

  it('searches a prepared index: many searches read the pages once, and a publish made here shows at once', async () => {
    await search('Quitclaim')
    await new Promise((resolve) => setTimeout(resolve, SEARCH_INDEX_MAX_AGE_MS + 50))
    const reads = vi.spyOn(payload, 'find')
    try {
      const answers = await Promise.all(['Q', 'Qu', 'Qui', 'Quit', 'Quitc', 'Quitclaim'].map((typed) => search(typed)))
      expect(answers.every(({ body }) => titles(body).includes('Quitclaim deeds explained'))).toBe(true)
      // One read of the pages and one of the news posts, for all six searches.
      expect(reads.mock.calls.map(([options]) => options.collection).sort()).toEqual(['pages', 'posts'])
    } finally {
      reads.mockRestore()
    }
    const page = await createPage('indexed-now', 'Partition suits', 'published', 'partitionword in the text')
    expect(titles((await search('partitionword')).body)).toEqual(['Partition suits'])
    await payload.update({ collection: 'pages', id: page.id, data: { _status: 'draft' } as never })
    expect(titles((await search('partitionword')).body)).toEqual([])
    await payload.delete({ collection: 'pages', id: page.id })
  })

  it(`lists at most ${TYPEAHEAD_MAX_ITEMS} suggestions`, async () => {
    const { body } = await search('mercer')
    expect(titles(body)).toHaveLength(TYPEAHEAD_MAX_ITEMS)
  })

  it('answers a missing or blank query with an empty list', async () => {
    for (const query of [null, '', '    ']) {
      const { status, body } = await search(query)
      expect(status).toBe(200)
      expect(body).toEqual({ query: '', results: [] })
    }
  })

  it('refuses an oversized query with 400 and a plain JSON error', async () => {
    const { status, body } = await search('a'.repeat(SEARCH_QUERY_MAX_LENGTH + 1))
    expect(status).toBe(400)
    expect(body).toEqual({ error: expect.stringMatching(/too long/) })
  })

  it('answers over HTTP in JSON: 400 for an oversized q, a list for a malformed or repeated one, and GET alone', async () => {
    const get = (rawQuery: string) =>
      searchEndpoint(
        new Request(`http://site.test/api/search?q=${rawQuery}`, { headers: { 'x-forwarded-for': '192.0.2.60' } }),
        async () => payload,
      )
    const oversized = await get('a'.repeat(5000))
    expect(oversized.status).toBe(400)
    expect(oversized.headers.get('content-type')).toContain('application/json')
    expect(await oversized.json()).toEqual({ error: expect.stringContaining('too long') })
    for (const raw of ['%E0%A4%A', '%00%01', '%3Cscript%3E', "'%20OR%201%3D1--", '%25', 'a&q=b&q=c', '%F0%9F%98%80']) {
      const response = await get(raw)
      expect(response.status, raw).toBe(200)
      expect(response.headers.get('content-type'), raw).toContain('application/json')
      expect(Array.isArray((await response.json()).results), raw).toBe(true)
    }
    // The route exports a GET handler only: Next answers any other method 405.
    const route = await import('@/app/(site)/api/search/route')
    expect(Object.keys(route).filter((name) => /^[A-Z]+$/.test(name))).toEqual(['GET'])
  })

  it('treats hostile input as plain text: markup, SQL, wildcards, control and odd Unicode', async () => {
    for (const query of [
      `<img src=x onerror=alert(1)>`,
      `' OR 1=1; DROP TABLE pages; --`,
      '%',
      '_',
      '.*',
      '\u0000\u0001',
      '\ud800',
      '𝔮𝔲𝔦𝔱𝔠𝔩𝔞𝔦𝔪',
      'ｑｕｉｔｃｌａｉｍ',
    ]) {
      const { status, body } = await search(query)
      expect(status, query).toBe(200)
      expect(Array.isArray(body.results), query).toBe(true)
    }
    // An escape that does not decode, then a NUL, as they come in the address itself.
    const undecodable = await searchEndpoint(
      new Request('http://site.test/api/search?q=%ZZ%00', { headers: { 'x-forwarded-for': '192.0.2.39' } }),
      async () => payload,
    )
    expect(undecodable.status).toBe(200)
    expect(Array.isArray((await undecodable.json()).results)).toBe(true)
    // The SQL wildcard is not a wildcard: nothing holds a literal "%".
    expect(titles((await search('%')).body)).toEqual([])
    // Full-width letters are the same word once normalised.
    expect(titles((await search('ｑｕｉｔｃｌａｉｍ')).body)).toEqual(['Quitclaim deeds explained'])
  })

  it('gives the same answer to the same query repeated many times at once', async () => {
    const answers = await Promise.all(Array.from({ length: 25 }, () => search('quitclaim')))
    expect(new Set(answers.map((answer) => JSON.stringify(answer)))).toHaveProperty('size', 1)
    expect(answers[0].status).toBe(200)
  })

  it('answers one address its burst of searches, then 429 with Retry-After, while another address still searches', async () => {
    const fromAddress = (address: string) =>
      searchEndpoint(
        new Request('http://site.test/api/search?q=quitclaim', { headers: { 'x-forwarded-for': address } }),
        async () => payload,
      )
    // The bucket refills while the burst runs, so count what the elapsed time allows on top of it.
    const started = Date.now()
    let allowed = 0
    let refused: Response | null = null
    while (!refused && allowed < SEARCH_RATE_LIMIT.burst * 2) {
      const response = await fromAddress('192.0.2.40')
      if (response.status === 429) refused = response
      else {
        expect(response.status).toBe(200)
        allowed++
      }
    }
    const refill = Math.ceil(((Date.now() - started) * SEARCH_RATE_LIMIT.perMinute) / 60_000)
    expect(allowed).toBeGreaterThanOrEqual(SEARCH_RATE_LIMIT.burst)
    expect(allowed).toBeLessThanOrEqual(SEARCH_RATE_LIMIT.burst + refill)
    if (!refused) throw new Error('the flood was never refused')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect((await refused.json()).error).toMatch(/too many searches/i)
    const other = await fromAddress('192.0.2.41')
    expect(other.status).toBe(200)
    expect(titles(await other.json())).toEqual(['Quitclaim deeds explained'])
  })
})

describe('the /search results page', () => {
  it('lists the matching published pages for q, and nothing for a draft', async () => {
    const model = await searchPageModel('quitclaim', payload)
    expect(model).toMatchObject({ state: 'results', results: [{ path: '/quitclaim' }] })
    expect(await searchPageModel('zephyrword', payload)).toMatchObject({ state: 'results', results: [] })
  })

  it('shows an oversized q as an alert saying it is too long, and an empty form for none; takes the first of repeated q', async () => {
    const oversized = await searchPageModel('b'.repeat(SEARCH_QUERY_MAX_LENGTH + 1), payload)
    expect(oversized).toMatchObject({ state: 'invalid' })
    expect(renderToStaticMarkup(SearchResults({ model: oversized }))).toMatch(/<p[^>]*role="alert"[^>]*>[^<]*too long/)
    expect(await searchPageModel(undefined, payload)).toEqual({ state: 'empty' })
    expect(await searchPageModel(['quitclaim', 'mercer'], payload)).toMatchObject({ results: [{ path: '/quitclaim' }] })
  })
})
