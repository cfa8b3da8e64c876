import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyRevalidation } from '@/content/revalidate'
import { proxyTrustFrom } from './clientAddress'
import { SENT_NONCE, scriptMarkFor } from '@/security/scriptMark'
import { inlineScriptElements, scriptHash } from './inlineScripts'
import { PAGE_MEMO_TTL_MS } from './pageMemo'
import {
  CACHED_PAGE_CACHE_CONTROL,
  preferredEncoding,
  VERSIONED_ICON_CACHE_CONTROL,
  withVisitorQuery,
} from './pageResponses'
import { siteRequestListener } from './requestListener'
import { editorSessionCookie } from '../../tests/support/editorSession'

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

const MARK = scriptMarkFor('test-secret', 'test-build')

/**
 * A page as Next renders it: the scripts it writes carry the nonce the request's CSP header named
 * (the server's mark); the one in the body came from stored content, so it carries none.
 */
const rendered = (nonce: string) =>
  `<!doctype html><html><head><script nonce="${nonce}">first()</script></head><body><p>Hi</p>` +
  `<script>stored()</script><script nonce="${nonce}">self.__next_f.push([1,"{\\"nonce\\":\\"${nonce}\\"}"])</script></body></html>`

/** A page with one of Next's chunk scripts, as Next writes them. */
const CHUNK_SCRIPT = (nonce: string) => `<script src="/_next/static/chunks/app.js" async="" nonce="${nonce}"></script>`
const withChunk = (nonce: string) => rendered(nonce).replace('<head>', `<head>${CHUNK_SCRIPT(nonce)}`)

/** The same page as it leaves the server: the mark replaced everywhere. */
const PAGE = rendered(SENT_NONCE)
const SECOND_SCRIPT = `self.__next_f.push([1,"{\\"nonce\\":\\"${SENT_NONCE}\\"}"])`
let nonce = ''

let renders = 0

/** Routes written the ways Next writes its answers: in one end(), head first, in chunks, streamed. */
const routes: Record<string, (res: http.ServerResponse) => void> = {
  '/cached-page': (res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    res.setHeader('Cache-Control', 's-maxage=86400, stale-while-revalidate=31449600')
    res.setHeader('ETag', '"page-1"')
    res.end(rendered(nonce))
  },
  '/counted-page': (res) => {
    renders++
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    res.setHeader('Cache-Control', 's-maxage=86400')
    res.setHeader('ETag', `"render-${renders}"`)
    res.end(`<p>render ${renders}</p>`)
  },
  '/dynamic-page': (res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store' })
    res.write(rendered(nonce).slice(0, 40))
    res.write(Buffer.from(rendered(nonce).slice(40)))
    res.end()
  },
  '/cached-page-with-chunks': (res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    res.setHeader('Cache-Control', 's-maxage=86400, stale-while-revalidate=31449600')
    res.end(withChunk(nonce))
  },
  '/private-page-with-chunks': (res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store' })
    res.end(withChunk(nonce))
  },
  '/own-policy': (res) => {
    res.setHeader('Content-Type', 'text/html')
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox")
    res.end('<p>file</p>')
  },
  '/icon-abc123.svg?icon.def456.svg': (res) => {
    // As Next sends the site icon: the address changes with the file, yet max-age=0.
    res.setHeader('Content-Type', 'image/svg+xml')
    res.setHeader('Cache-Control', 'public, max-age=0, must-revalidate')
    res.end('<svg xmlns="http://www.w3.org/2000/svg"/>')
  },
  '/favicon.ico?favicon.0x1y2z.ico': (res) => {
    res.setHeader('Content-Type', 'image/x-icon')
    res.setHeader('Cache-Control', 'public, max-age=0, must-revalidate')
    res.end(Buffer.from([0, 0, 1, 0]))
  },
  '/shared-answer': (res) => {
    res.setHeader('Content-Type', 'application/json')
    res.setHeader('Cache-Control', 'public, max-age=0, s-maxage=1')
    res.end('{"availability":"online"}')
  },
  '/text': (res) => {
    res.setHeader('Content-Type', 'text/plain')
    res.end('plain words')
  },
  '/implicit-head': (res) => {
    res.statusCode = 201
    res.setHeader('Content-Type', 'application/json')
    res.write('{"a":')
    res.end('1}')
  },
  '/moved': (res) => {
    res.statusCode = 308
    res.setHeader('Location', '/new-home')
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    res.setHeader('Cache-Control', 's-maxage=86400')
    res.end('<meta http-equiv="refresh" content="0;url=/new-home">')
  },
  '/moved?utm_source=news&utm_medium=mail': (res) => routes['/moved'](res),
  '/moved-plain': (res) => {
    res.setHeader('Location', '/new-home')
    res.appendHeader('Location', '/new-home')
    res.writeHead(308)
    res.end()
  },
  '/router-data': (res) => {
    // Next's data for the router names the nonce in its props; a chunk may end inside it.
    const data = `0:{"nonce":"${nonce}"}\n1:{"nonce":"${nonce}"}\n`
    res.writeHead(200, { 'Content-Type': 'text/x-component', 'Content-Length': String(Buffer.byteLength(data)) })
    res.write(data.slice(0, 14))
    res.write(data.slice(14, 40))
    res.end(data.slice(40))
  },
  // As Next sends a route's answer: the headers on their own, the body, then the end a moment later.
  '/route-answer': (res) => routeAnswer(res, ['{"status":"alive"}']),
  '/route-large-answer': (res) => routeAnswer(res, [JSON.stringify({ words: 'title search '.repeat(300) })]),
  '/route-answer-over-time': (res) => {
    res.setHeader('Content-Type', 'application/json')
    res.flushHeaders()
    res.write('["first",')
    setTimeout(() => res.end('"second"]'), 300)
  },
  '/stream': (res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache, no-transform' })
    res.write('data: one\n\n')
    setTimeout(() => res.end('data: two\n\n'), 300)
  },
}

function routeAnswer(res: http.ServerResponse, chunks: string[]) {
  res.setHeader('Content-Type', 'application/json')
  res.flushHeaders()
  for (const chunk of chunks) res.write(chunk)
  queueMicrotask(() => res.end())
}

let server: http.Server
let origin: string

beforeAll(async () => {
  server = http.createServer(
    siteRequestListener({
      handle: (req, res) => {
        // Next's router adds forwarding headers to the request before it answers.
        req.headers['x-forwarded-proto'] ??= 'http'
        req.headers['x-forwarded-port'] ??= '80'
        nonce = /'nonce-([^']+)'/.exec(String(req.headers['content-security-policy']))?.[1] ?? ''
        routes[req.url ?? '']?.(res)
      },
      trust: proxyTrustFrom('loopback'),
      dev: false,
      scriptMark: MARK,
    }),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** A raw request, so that the test sees the bytes and headers as sent (fetch would decompress). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{
    status: number
    headers: http.IncomingHttpHeaders
    rawHeaders: string[]
    body: Buffer
    firstChunkAt: number
  }>((resolve, reject) => {
    const started = Date.now()
    http
      .request(`${origin}${path}`, { headers, method }, (res) => {
        const chunks: Buffer[] = []
        let firstChunkAt = -1
        res.on('data', (chunk: Buffer) => {
          if (firstChunkAt < 0) firstChunkAt = Date.now() - started
          chunks.push(chunk)
        })
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            rawHeaders: res.rawHeaders,
            body: Buffer.concat(chunks),
            firstChunkAt,
          }),
        )
      })
      .on('error', reject)
      .end()
  })
}

const scriptSources = (csp: string | string[] | undefined) =>
  String(csp ?? '')
    .split('; ')
    .find((part) => part.startsWith('script-src '))
    ?.split(' ')
    .slice(1) ?? []

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
    expect(nonce).toBe(MARK)
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

  it('passes everything that is not a page through untouched, status and headers included', async () => {
    const text = await get('/text')
    expect(text.body.toString()).toBe('plain words')
    expect(text.headers['content-security-policy']).toBeUndefined()
    const json = await get('/implicit-head')
    expect(json.status).toBe(201)
    expect(json.body.toString()).toBe('{"a":1}')
  })

  it('sends a small answer a route makes at once whole, with its length and uncompressed, not as headers, a chunk and an end', async () => {
    const small = await get('/route-answer', { 'accept-encoding': 'br, gzip' })
    expect(small.body.toString()).toBe('{"status":"alive"}')
    expect(small.headers['content-length']).toBe('18')
    expect(small.headers['transfer-encoding']).toBeUndefined()
    expect(small.headers['content-encoding']).toBeUndefined()
    // A larger one is still compressed.
    const large = await get('/route-large-answer', { 'accept-encoding': 'br, gzip' })
    expect(large.headers['content-encoding']).toBe('br')
    expect(zlib.brotliDecompressSync(large.body).toString()).toContain('title search title search')
  })

  it('lets an answer written over time through as it comes, not when it ends', async () => {
    const response = await get('/route-answer-over-time')
    expect(response.body.toString()).toBe('["first","second"]')
    expect(response.firstChunkAt).toBeLessThan(250)
  })

  it('lets an event stream through as it is written, not when it ends', async () => {
    const response = await get('/stream')
    expect(response.body.toString()).toBe('data: one\n\ndata: two\n\n')
    expect(response.firstChunkAt).toBeLessThan(250)
  })

  it('adds HSTS when the visitor’s connection is https', async () => {
    expect((await get('/text', { 'X-Forwarded-Proto': 'https' })).headers['strict-transport-security']).toMatch(
      /max-age/,
    )
    expect((await get('/text')).headers['strict-transport-security']).toBeUndefined()
  })
})

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
    const before = renders
    await get('/counted-page')
    await get('/counted-page', { RSC: '1' })
    await get('/counted-page', { Cookie: `__prerender_bypass=1; ${editorSessionCookie()}` })
    expect(renders - before).toBeGreaterThanOrEqual(2)
  })

  it('forgets every page when an edit in this process revalidates', async () => {
    const first = await get('/counted-page')
    await applyRevalidation({ paths: ['/counted-page'], everyPage: false, pageList: false })
    expect((await get('/counted-page')).body.toString()).not.toBe(first.body.toString())
  })
})
