import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SENT_NONCE } from '@/security/scriptMark'
import {
  CHUNK_SCRIPT,
  get,
  lastRenderNonce,
  MARK,
  PAGE,
  SECOND_SCRIPT,
  scriptSources,
  startStandInNext,
  stopStandInNext,
  withChunk,
} from '../../tests/support/standInNext'
import { inlineScriptElements, scriptHash } from './inlineScripts'
import { CACHED_PAGE_CACHE_CONTROL, preferredEncoding, VERSIONED_ICON_CACHE_CONTROL } from './pageResponses'

describe('the encoding a page is sent in', () => {
  it('prefers brotli, then gzip, and sends plain bytes to a client that takes neither', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br')
    expect(preferredEncoding('gzip')).toBe('gzip')
    expect(preferredEncoding('*')).toBe('gzip')
    expect(preferredEncoding(undefined)).toBeNull()
    expect(preferredEncoding('identity')).toBeNull()
  })
  it('honours a refusal with q=0', () => {
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip')
    expect(preferredEncoding('br;q=0.0, gzip;q=0')).toBeNull()
  })
})

beforeAll(startStandInNext)
afterAll(stopStandInNext)

describe('pages sent by the server', () => {
  it('lists no hash for a script that reached the page without the render’s mark, so it never runs', async () => {
    const response = await get('/cached-page')
    const sources = scriptSources(response.headers['content-security-policy'])
    expect(response.body.toString()).toContain('<script>stored()</script>')
    expect(sources).not.toContain(scriptHash('stored()'))
    expect(sources.filter((source) => source.startsWith("'sha256-"))).toHaveLength(2)
    expect(sources).not.toContain("'unsafe-inline'")
  })

  it('never lets the mark out: the page and the router’s data carry the public stand-in instead', async () => {
    const page = await get('/cached-page', { 'Accept-Encoding': 'gzip' })
    expect(zlib.gunzipSync(page.body).toString()).not.toContain(MARK)
    const data = await get('/router-data')
    expect(data.body.toString()).toBe(`0:{"nonce":"${SENT_NONCE}"}\n1:{"nonce":"${SENT_NONCE}"}\n`)
    expect(data.headers['content-length']).toBe(String(data.body.length))
  })

  it('renders with its own mark whatever nonce a client names in a CSP request header', async () => {
    const response = await get('/dynamic-page', {
      'Content-Security-Policy': "script-src 'nonce-chosenByTheVisitor'",
      'Content-Security-Policy-Report-Only': "script-src 'nonce-chosenByTheVisitor'",
    })
    expect(lastRenderNonce()).toBe(MARK)
    expect(response.body.toString()).toBe(PAGE)
    expect(scriptSources(response.headers['content-security-policy'])).toContain(scriptHash('first()'))
  })

  it('sends a page with a CSP of the hashes of the scripts its render wrote, and the shared-cache policy', async () => {
    const response = await get('/cached-page')
    expect(response.body.toString()).toBe(PAGE)
    // Hashes alone: a nonce would differ per visitor, or be one any visitor could read and reuse.
    expect(response.headers['content-security-policy']).not.toContain('nonce-')
    expect(scriptSources(response.headers['content-security-policy'])).toEqual([
      "'self'",
      scriptHash('first()'),
      scriptHash(SECOND_SCRIPT),
    ])
    expect(response.headers['cache-control']).toBe(CACHED_PAGE_CACHE_CONTROL)
    expect(response.headers['content-length']).toBe(String(Buffer.byteLength(PAGE)))
  })

  it("loads a cached page's Next chunks after the first paint, through a loader its CSP lists", async () => {
    const response = await get('/cached-page-with-chunks')
    const body = response.body.toString()
    expect(body).not.toContain(CHUNK_SCRIPT(SENT_NONCE))
    const loader = inlineScriptElements(body).find((script) => script.text.includes('/_next/static/chunks/app.js'))
    expect(loader?.nonce).toBe(SENT_NONCE)
    expect(scriptSources(response.headers['content-security-policy'])).toContain(scriptHash(loader!.text))
    expect(response.headers['content-length']).toBe(String(response.body.length))
  })

  it('leaves the chunk scripts of a page no cache keeps as Next wrote them', async () => {
    const response = await get('/private-page-with-chunks')
    expect(response.body.toString()).toBe(withChunk(SENT_NONCE))
  })

  it('answers a HEAD of a page with the shared-cache policy and a CSP (no inline script beyond the page’s own)', async () => {
    const response = await get('/cached-page', {}, 'HEAD')
    expect(response.body.length).toBe(0)
    expect(response.headers['cache-control']).toBe(CACHED_PAGE_CACHE_CONTROL)
    const sources = scriptSources(response.headers['content-security-policy'])
    expect(sources[0]).toBe("'self'")
    expect(sources.slice(1).every((source) => source.startsWith("'sha256-"))).toBe(true)
    expect(sources).not.toContain("'unsafe-inline'")
  })

  it('compresses a page in the encoding asked for, the same bytes every time', async () => {
    const [first, second] = [
      await get('/cached-page', { 'Accept-Encoding': 'br' }),
      await get('/cached-page', { 'Accept-Encoding': 'br' }),
    ]
    expect(first.headers['content-encoding']).toBe('br')
    expect(zlib.brotliDecompressSync(first.body).toString()).toBe(PAGE)
    expect(second.body.equals(first.body)).toBe(true)
    const gzipped = await get('/cached-page', { 'Accept-Encoding': 'gzip' })
    expect(zlib.gunzipSync(gzipped.body).toString()).toBe(PAGE)
    expect(gzipped.headers.vary).toContain('Accept-Encoding')
  })

  it('holds a page written in parts until it is whole, and leaves a private page private', async () => {
    const response = await get('/dynamic-page')
    expect(response.body.toString()).toBe(PAGE)
    expect(response.headers['cache-control']).toBe('private, no-store')
    expect(scriptSources(response.headers['content-security-policy'])).toContain(scriptHash(SECOND_SCRIPT))
  })

  it('keeps the site icon at its versioned address for good, so browsers and the front stop asking', async () => {
    for (const address of ['/icon-abc123.svg?icon.def456.svg', '/favicon.ico?favicon.0x1y2z.ico']) {
      const icon = await get(address)
      expect(icon.status).toBe(200)
      expect(icon.headers['cache-control']).toBe(VERSIONED_ICON_CACHE_CONTROL)
    }
  })

  it('keeps the public cache policy a route wrote for itself (no day-long stale copy of a live answer)', async () => {
    expect((await get('/shared-answer')).headers['cache-control']).toBe('public, max-age=0, s-maxage=1')
  })

  it('keeps the policy a route set for itself', async () => {
    expect((await get('/own-policy')).headers['content-security-policy']).toBe("default-src 'none'; sandbox")
  })
})
