// Next as the site's server sees it, for the tests of how its answers leave (src/server/pageResponses.ts,
// src/server/response/, src/server/pageMemo.ts): routes written the ways Next writes its answers,
// behind the real request listener on a loopback port.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { proxyTrustFrom } from '../../src/server/clientAddress'
import { siteRequestListener } from '../../src/server/requestListener'
import { SENT_NONCE, scriptMarkFor } from '../../src/security/scriptMark'

export const MARK = scriptMarkFor('test-secret', 'test-build')

/**
 * A page as Next renders it: the scripts it writes carry the nonce the request's CSP header named
 * (the server's mark); the one in the body came from stored content, so it carries none.
 */
export const rendered = (nonce: string) =>
  `<!doctype html><html><head><script nonce="${nonce}">first()</script></head><body><p>Hi</p>` +
  `<script>stored()</script><script nonce="${nonce}">self.__next_f.push([1,"{\\"nonce\\":\\"${nonce}\\"}"])</script></body></html>`

/** A page with one of Next's chunk scripts, as Next writes them. */
export const CHUNK_SCRIPT = (nonce: string) =>
  `<script src="/_next/static/chunks/app.js" async="" nonce="${nonce}"></script>`
export const withChunk = (nonce: string) => rendered(nonce).replace('<head>', `<head>${CHUNK_SCRIPT(nonce)}`)

/** The same page as it leaves the server: the mark replaced everywhere. */
export const PAGE = rendered(SENT_NONCE)
export const SECOND_SCRIPT = `self.__next_f.push([1,"{\\"nonce\\":\\"${SENT_NONCE}\\"}"])`
let nonce = ''
/** The nonce the last render was given (the server's mark, whatever the client asked). */
export const lastRenderNonce = () => nonce

let renders = 0
/** How many times the counted page has been rendered so far. */
export const renderCount = () => renders

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

/** Starts the site's server in front of the stand-in (once per test file, in its beforeAll). */
export async function startStandInNext(): Promise<void> {
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
}

export const stopStandInNext = () => new Promise<void>((resolve) => server.close(() => resolve()))

/** A raw request, so that the test sees the bytes and headers as sent (fetch would decompress). */
export function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
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

/** The sources a CSP's script-src lists. */
export const scriptSources = (csp: string | string[] | undefined) =>
  String(csp ?? '')
    .split('; ')
    .find((part) => part.startsWith('script-src '))
    ?.split(' ')
    .slice(1) ?? []
