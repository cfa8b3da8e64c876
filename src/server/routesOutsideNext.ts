import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { processWide } from '@/platform/processWide'
import { HSTS_VALUE, STATIC_SECURITY_HEADERS } from '@/security/headers'

/**
 * Route handlers the server calls itself, without Next's router. Next's handling of a route (its
 * matching, its request and response adapters, its abort path) costs an instance about 1.5 ms of
 * CPU a request on the production machines, several times what some routes do themselves. A route
 * most visits ask (the chat's event stream, the collector's beacon) registers its handler here when
 * Next first loads its module, and later requests with its method and exact path go straight to it.
 * Anything else, and any address spelled differently, still goes to Next, which answers it as before.
 *
 * The registry is one per process (processWide), shared by the server's bundle and the code Next bundles.
 */
export type HandlerOutsideNext = (request: Request) => Response | Promise<Response>
type Method = 'GET' | 'POST'

const registry = processWide('server.routes-outside-next', () => new Map<string, HandlerOutsideNext>())

/** From now on, a `method` request of exactly `path` (any query) is answered by `handler` without Next's router. */
export function serveOutsideNext(method: Method, path: string, handler: HandlerOutsideNext): void {
  registry.set(`${method} ${path}`, handler)
}

/** The handler registered for this request's method and path, if any. */
export function handlerOutsideNext(req: IncomingMessage): HandlerOutsideNext | undefined {
  const url = req.url ?? '/'
  const query = url.indexOf('?')
  return registry.get(`${req.method} ${query === -1 ? url : url.slice(0, query)}`)
}

/** The request as a route handler sees it, its body read as the handler reads it; its signal aborts when the client goes away. */
function webRequestOf(req: IncomingMessage, https: boolean, signal: AbortSignal): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one)
    else if (value !== undefined) headers.set(name, value)
  }
  const host = req.headers.host ?? 'localhost'
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  return new Request(`${https ? 'https' : 'http'}://${host}${req.url ?? '/'}`, {
    method: req.method,
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit)
}

const CLIENT_WENT_AWAY = new Error('The client went away before its answer ended.')

/** Waits until the connection takes more, or is gone (then there is no more to write). */
const drained = (res: ServerResponse) =>
  new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done)
      res.off('close', done)
      resolve()
    }
    res.on('drain', done)
    res.on('close', done)
  })

/**
 * Answers the request with `handler`'s Response: its status and headers, with the headers every
 * answer of the site carries (and HSTS over https), then its body as it comes, each chunk as one
 * write. The client going away aborts the request's signal and cancels the body; a handler that
 * fails answers 500 and is logged.
 */
export async function answerOutsideNext(
  req: IncomingMessage,
  res: ServerResponse,
  handler: HandlerOutsideNext,
  { https }: { https: boolean },
): Promise<void> {
  const gone = new AbortController()
  // Only a client gone before its answer ended has anything to stop; the reason is made once (a
  // reason made per abort is an exception with its stack, a cost on every answer).
  res.once('close', () => res.writableFinished || gone.abort(CLIENT_WENT_AWAY))
  let response: Response
  try {
    response = await handler(webRequestOf(req, https, gone.signal))
  } catch (error) {
    console.error(`${req.url} failed:`, error)
    if (res.headersSent || res.destroyed) return void res.destroy()
    if (!req.complete) res.setHeader('Connection', 'close')
    res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', ...STATIC_SECURITY_HEADERS })
    res.end('Something went wrong. Please try again.')
    return
  }
  for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) res.setHeader(name, value)
  if (https) res.setHeader('Strict-Transport-Security', HSTS_VALUE)
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value)
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length) res.setHeader('Set-Cookie', cookies)
  // A body the handler left unread (it refused it midway) would hold up the connection's next
  // request behind it: the connection closes after this answer instead.
  if (!req.complete) res.setHeader('Connection', 'close')
  res.writeHead(response.status)
  if (!response.body || res.destroyed) {
    void response.body?.cancel().catch(() => {})
    return void res.end()
  }
  const reader = response.body.getReader()
  gone.signal.addEventListener('abort', () => void reader.cancel().catch(() => {}))
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done || res.destroyed) break
      if (!res.write(value)) await drained(res)
    }
  } catch (error) {
    // A body that fails midway ends the answer where it is; the client sees the connection close.
    if (!gone.signal.aborted) console.error(`${req.url} failed while answering:`, error)
    return void res.destroy()
  }
  res.end()
}
