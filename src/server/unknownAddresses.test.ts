import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { forgetKnownAddresses, KNOWN_ADDRESSES_TRUSTED_MS, keepKnownAddresses } from '@/content/knownAddresses'
import { proxyTrustFrom } from './clientAddress'
import { NOT_FOUND_CACHE_CONTROL } from './pageResponses'
import { siteRequestListener } from './requestListener'
import { isUnknownPageAddress, NOT_FOUND_PAGE_MEMO_MS } from './unknownAddresses'

const KNOWN = new Set(['/', '/faq', '/services/lien-search', '/old-faq'])
/** An address the menu still names although no page has it. */
const IN_THE_MENU = '/zz-in-the-menu'

describe('which addresses no page has', () => {
  it('knows the published pages and redirect sources, with any query', () => {
    for (const url of ['/', '/faq', '/faq?utm_source=x', '/services/lien-search', '/old-faq'])
      expect(isUnknownPageAddress(url, KNOWN)).toBe(false)
  })

  it('tells every other page address, malformed ones included', () => {
    for (const url of ['/zz-nope', '/FAQ', '/faq/more', '/home', '/%E2%82%AC', '/a/b/c/d/e/f/g/h/i', '/services'])
      expect(isUnknownPageAddress(url, KNOWN)).toBe(true)
  })

  it('leaves to Next what it cannot tell: other routes, a trailing slash, no known set', () => {
    for (const url of [
      '/api/search?q=x',
      '/admin',
      '/_next/static/x.js',
      '/robots.txt',
      '/faq/',
      '/zz/',
      // A metadata file's address as Next writes it (an icon.svg in a route folder).
      '/icon-12o0cb.svg?icon.0jjun0nglzi0-.svg',
    ])
      expect(isUnknownPageAddress(url, KNOWN)).toBe(false)
    expect(isUnknownPageAddress('/zz-nope', null)).toBe(false)
  })

  it('leaves every address of the app’s other routes to them, read from src/app', () => {
    for (const url of ['/admin', '/agent/login', '/api/health', '/chat', '/search', '/robots.txt', '/sitemap.xml'])
      expect(isUnknownPageAddress(url, KNOWN), url).toBe(false)
    expect(isUnknownPageAddress('/_next/static/chunks/x.js', KNOWN)).toBe(false)
  })
})

describe('the server before an unknown address', () => {
  let renders = 0
  let server: http.Server
  let origin: string

  beforeAll(async () => {
    server = http.createServer(
      siteRequestListener({
        // A stand-in for Next: every address is its 404 page with the site around it.
        handle: (req, res) => {
          renders++
          res.statusCode = 404
          res.setHeader('Content-Type', 'text/html; charset=utf-8')
          res.setHeader('Cache-Control', 'private, no-cache, no-store, max-age=0, must-revalidate')
          // The menu marks its entry for the address when it names it (src/site/MenuLink.tsx).
          const mark = req.url === IN_THE_MENU ? ` aria-current="page"` : ''
          res.end(
            `<!doctype html><html><body><header><a href="${IN_THE_MENU}"${mark}>Gone</a></header><h1>Page not found</h1></body></html>`,
          )
        },
        trust: proxyTrustFrom('loopback'),
        dev: false,
        scriptMark: 'testMarkForTheStandInServer0000',
      }),
    )
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => {
    forgetKnownAddresses()
    return new Promise<void>((resolve) => server.close(() => resolve()))
  })

  it('renders the 404 page once, then answers every unknown address with it, never a cacheable answer', async () => {
    keepKnownAddresses(KNOWN)
    const before = renders
    const answers = []
    for (let i = 0; i < 200; i++) answers.push(await fetch(`${origin}/zz-${i}-${Math.random()}`))
    expect(renders - before).toBe(1)
    for (const answer of answers) {
      expect(answer.status).toBe(404)
      expect(answer.headers.get('cache-control')).toBe(NOT_FOUND_CACHE_CONTROL)
      expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'")
      expect(await answer.text()).toContain('Page not found')
    }
  })

  it('answers malformed, hostile and unknown addresses with the 404 page (400 when it cannot be decoded), never an error', async () => {
    keepKnownAddresses(new Set([...KNOWN, '/services', '/contact']))
    const before = renders
    for (const address of [
      '/services/no-such-child',
      '/Services',
      '/home',
      '/%00',
      '/a/b/c/d/e/f/g/h/i/j/k',
      '/services/..%2F..%2Fetc%2Fpasswd',
      `/${'x'.repeat(3000)}`,
    ]) {
      const answer = await fetch(`${origin}${address}`)
      expect(answer.status, address.slice(0, 40)).toBe(404)
      expect(answer.headers.get('cache-control'), address.slice(0, 40)).toBe(NOT_FOUND_CACHE_CONTROL)
      expect(await answer.text()).toContain('Page not found')
    }
    const undecodable = await fetch(`${origin}/%E0%A4%A`)
    expect(undecodable.status).toBe(400)
    expect(await undecodable.text()).toMatch(/address is not valid/)
    // Rendered at most once, for the first of them: the rest are the remembered page.
    expect(renders - before).toBeLessThanOrEqual(1)

    // A known page with a hostile query is the page's to answer, not refused on the way.
    const rendersBefore = renders
    const known = await fetch(`${origin}/contact?%%=%zz&a[]=<script>`)
    expect(known.status).toBeLessThan(500)
    expect(renders - rendersBefore).toBe(1)
  })

  it('asks Next again once the remembered page is older than its time', async () => {
    keepKnownAddresses(KNOWN)
    await fetch(`${origin}/zz-first`)
    await new Promise((resolve) => setTimeout(resolve, NOT_FOUND_PAGE_MEMO_MS + 50))
    const before = renders
    await fetch(`${origin}/zz-later`)
    expect(renders - before).toBe(1)
  })

  it('never answers another address with the 404 of an address the menu names, which marks that menu entry', async () => {
    keepKnownAddresses(KNOWN)
    await new Promise((resolve) => setTimeout(resolve, NOT_FOUND_PAGE_MEMO_MS + 50))
    const marked = await fetch(`${origin}${IN_THE_MENU}`)
    expect(marked.status).toBe(404)
    expect(await marked.text()).toContain('aria-current="page"')
    const before = renders
    const other = await fetch(`${origin}/zz-not-in-the-menu`)
    expect(other.status).toBe(404)
    expect(await other.text()).not.toContain('aria-current')
    expect(renders - before).toBe(1)
    // That one, unmarked, is remembered for the next unknown address as before.
    await fetch(`${origin}/zz-after-it`)
    expect(renders - before).toBe(1)
  })

  it('sends a known address, and every address while the set is unknown or too old, to Next', async () => {
    keepKnownAddresses(KNOWN)
    let before = renders
    await fetch(`${origin}/faq`)
    expect(renders - before).toBe(1)
    keepKnownAddresses(KNOWN, Date.now() - KNOWN_ADDRESSES_TRUSTED_MS - 1)
    before = renders
    await fetch(`${origin}/zz-while-stale`)
    await fetch(`${origin}/zz-while-stale-2`)
    expect(renders - before).toBe(2)
  })

  it('answers the client router’s request for an unknown address with a plain 404, without a render', async () => {
    keepKnownAddresses(KNOWN)
    const before = renders
    const answer = await fetch(`${origin}/zz-navigated`, { headers: { RSC: '1' } })
    expect(answer.status).toBe(404)
    expect(answer.headers.get('content-type')).toContain('text/plain')
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(renders).toBe(before)
  })
})
