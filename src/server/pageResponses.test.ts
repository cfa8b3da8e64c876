import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CACHED_PAGE_CACHE_CONTROL, preferredEncoding, takeOverResponse } from './pageResponses'
import { scriptHash } from './inlineScripts'

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

const PAGE =
  '<!doctype html><html><head><script>first()</script></head><body><p>Hi</p><script>second()</script></body></html>'

/** Routes written the ways Next writes its answers: in one end(), head first, in chunks, streamed. */
const routes: Record<string, (res: http.ServerResponse) => void> = {
  '/cached-page': (res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    res.setHeader('Cache-Control', 's-maxage=86400, stale-while-revalidate=31449600')
    res.end(PAGE)
  },
  '/dynamic-page': (res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store' })
    res.write(PAGE.slice(0, 40))
    res.write(Buffer.from(PAGE.slice(40)))
    res.end()
  },
  '/own-policy': (res) => {
    res.setHeader('Content-Type', 'text/html')
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox")
    res.end('<p>file</p>')
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
  '/stream': (res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache, no-transform' })
    res.write('data: one\n\n')
    setTimeout(() => res.end('data: two\n\n'), 300)
  },
}

let server: http.Server
let origin: string

beforeAll(async () => {
  server = http.createServer((req, res) => {
    takeOverResponse(req, res, { https: req.headers['x-forwarded-proto'] === 'https', dev: false })
    routes[req.url ?? '']?.(res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** A raw GET, so that the test sees the bytes and headers as sent (fetch would decompress). */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer; firstChunkAt: number }>(
    (resolve, reject) => {
      const started = Date.now()
      http
        .get(`${origin}${path}`, { headers }, (res) => {
          const chunks: Buffer[] = []
          let firstChunkAt = -1
          res.on('data', (chunk: Buffer) => {
            if (firstChunkAt < 0) firstChunkAt = Date.now() - started
            chunks.push(chunk)
          })
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), firstChunkAt }),
          )
        })
        .on('error', reject)
    },
  )
}

const scriptSources = (csp: string | string[] | undefined) =>
  String(csp ?? '')
    .split('; ')
    .find((part) => part.startsWith('script-src '))
    ?.split(' ')
    .slice(1) ?? []

describe('pages sent by the server', () => {
  it('sends a page with a CSP of its inline scripts’ hashes and the shared-cache policy', async () => {
    const response = await get('/cached-page')
    expect(response.body.toString()).toBe(PAGE)
    expect(scriptSources(response.headers['content-security-policy'])).toEqual([
      "'self'",
      scriptHash('first()'),
      scriptHash('second()'),
    ])
    expect(response.headers['cache-control']).toBe(CACHED_PAGE_CACHE_CONTROL)
    expect(response.headers['content-length']).toBe(String(Buffer.byteLength(PAGE)))
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
    expect(scriptSources(response.headers['content-security-policy'])).toContain(scriptHash('second()'))
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
