import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyRevalidation } from '@/content/revalidate'
import { editorSessionCookie } from '../../tests/support/editorSession'
import { get, renderCount, startStandInNext, stopStandInNext } from '../../tests/support/standInNext'
import { PAGE_MEMO_TTL_MS } from './pageMemo'

beforeAll(startStandInNext)
afterAll(stopStandInNext)

describe('the page memo', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

  it('answers a page asked for again within its time from memory, then asks Next again', async () => {
    const first = await get('/counted-page')
    const again = await get('/counted-page')
    expect(again.body.toString()).toBe(first.body.toString())
    expect(again.headers['x-nextjs-cache']).toBe('HIT')
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy'])
    await sleep(PAGE_MEMO_TTL_MS + 50)
    expect((await get('/counted-page')).body.toString()).not.toBe(first.body.toString())
  })

  it('keeps one answer per encoding, and answers 304 to the page’s own ETag', async () => {
    const plain = await get('/cached-page')
    const brotli = await get('/cached-page', { 'Accept-Encoding': 'br' })
    expect((await get('/cached-page')).body.equals(plain.body)).toBe(true)
    expect((await get('/cached-page', { 'Accept-Encoding': 'br' })).body.equals(brotli.body)).toBe(true)
    const unchanged = await get('/cached-page', { 'If-None-Match': '"page-1"' })
    expect(unchanged.status).toBe(304)
    expect(unchanged.body.length).toBe(0)
  })

  it('never answers Next’s router requests or a draft preview from memory', async () => {
    const before = renderCount()
    await get('/counted-page')
    await get('/counted-page', { RSC: '1' })
    await get('/counted-page', { Cookie: `__prerender_bypass=1; ${editorSessionCookie()}` })
    expect(renderCount() - before).toBeGreaterThanOrEqual(2)
  })

  it('forgets every page when an edit in this process revalidates', async () => {
    const first = await get('/counted-page')
    await applyRevalidation({ paths: ['/counted-page'], everyPage: false, pageList: false })
    expect((await get('/counted-page')).body.toString()).not.toBe(first.body.toString())
  })
})
