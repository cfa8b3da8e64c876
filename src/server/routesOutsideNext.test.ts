import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HSTS_VALUE, STATIC_SECURITY_HEADERS } from '@/security/headers'
import { readLimitedText } from '@/security/request'
import { listenOnLoopback } from '../../tests/support/handlerServer'
import { proxyTrustFrom } from './clientAddress'
import { siteRequestListener } from './requestListener'
import { serveOutsideNext } from './routesOutsideNext'

/** What the stand-in for Next's handler was asked, so a test can tell who answered. */
const askedNext: string[] = []
let origin: string
let close: () => Promise<void>

beforeAll(async () => {
  ;({ url: origin, close } = await listenOnLoopback(
    siteRequestListener({
      handle: (req, res) => {
        askedNext.push(`${req.method} ${req.url}`)
        res.writeHead(200, { 'Content-Type': 'text/plain' })
        res.end('from next')
      },
      trust: proxyTrustFrom('loopback'),
      dev: false,
      scriptMark: 'testMarkForTheStandInServer0000',
    }),
  ))
})
afterAll(() => close())

/** A registered route that reports the request it saw. */
let seen: Request | null = null
serveOutsideNext('GET', '/outside/echo', (request) => {
  seen = request
  const headers = new Headers({ 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
  headers.append('Set-Cookie', 'one=1; Path=/')
  headers.append('Set-Cookie', 'two=2; Path=/')
  return Response.json({ query: new URL(request.url).searchParams.get('q') }, { status: 201, headers })
})

describe('a route registered to be answered outside Next', () => {
  it("is answered by its handler, not Next's, with the site's headers and each of its cookies", async () => {
    askedNext.length = 0
    const response = await fetch(`${origin}/outside/echo?q=deeds`)
    expect(response.status).toBe(201)
    expect(await response.json()).toEqual({ query: 'deeds' })
    expect(askedNext).toEqual([])
    for (const [name, value] of Object.entries(STATIC_SECURITY_HEADERS)) expect(response.headers.get(name)).toBe(value)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.getSetCookie()).toEqual(['one=1; Path=/', 'two=2; Path=/'])
    expect(response.headers.get('strict-transport-security')).toBeNull()
  })

  it("sees the client's settled address, and over the front's https gets HSTS and Secure cookies", async () => {
    const response = await fetch(`${origin}/outside/echo`, {
      headers: { 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Proto': 'https' },
    })
    expect(response.status).toBe(201)
    expect(seen?.headers.get('x-forwarded-for')).toBe('203.0.113.9')
    expect(seen?.url).toBe(`${origin.replace('http:', 'https:')}/outside/echo`)
    expect(response.headers.get('strict-transport-security')).toBe(HSTS_VALUE)
    expect(response.headers.getSetCookie()).toEqual(['one=1; Path=/; Secure', 'two=2; Path=/; Secure'])
  })

  it('leaves to Next any other method, any other spelling of the path, and any other path', async () => {
    askedNext.length = 0
    for (const [path, method] of [
      ['/outside/echo', 'POST'],
      ['/outside/echo', 'HEAD'],
      ['/outside/echo/', 'GET'],
      ['/outside/%65cho', 'GET'],
      ['/outside/echoes', 'GET'],
    ]) {
      const response = await fetch(`${origin}${path}`, { method })
      expect(response.status, `${method} ${path}`).toBe(200)
      await response.arrayBuffer()
    }
    expect(askedNext).toEqual([
      'POST /outside/echo',
      'HEAD /outside/echo',
      'GET /outside/echo/',
      'GET /outside/%65cho',
      'GET /outside/echoes',
    ])
  })
})

describe('a POST registered to be answered outside Next', () => {
  serveOutsideNext('POST', '/outside/post', async (request) => {
    const body = await request.text()
    return Response.json({
      method: request.method,
      type: request.headers.get('content-type'),
      length: body.length,
      body,
    })
  })

  serveOutsideNext('POST', '/outside/limited', async (request) =>
    (await readLimitedText(request, 1_000)) === null
      ? new Response('too large', { status: 413 })
      : new Response('read', { status: 200 }),
  )

  it('reaches its handler with its method, headers and whole body, however large', async () => {
    askedNext.length = 0
    const big = JSON.stringify({ events: 'x'.repeat(200_000) })
    for (const body of ['{"events":[]}', big]) {
      const response = await fetch(`${origin}/outside/post`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      })
      expect(await response.json()).toEqual({ method: 'POST', type: 'application/json', length: body.length, body })
    }
    expect(askedNext).toEqual([])
  })

  it("answers a body sent in chunks past what the handler reads with the handler's refusal, then closes the connection", async () => {
    const chunk = new TextEncoder().encode('x'.repeat(16_384))
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 64) controller.enqueue(chunk)
        else controller.close()
      },
    })
    const response = await fetch(`${origin}/outside/limited`, {
      method: 'POST',
      body,
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(413)
    expect(await response.text()).toBe('too large')
    // The rest of that body is never read: the connection closes rather than hold up the next request.
    expect(response.headers.get('connection')).toBe('close')
  })

  it('leaves a GET of the same path to Next', async () => {
    askedNext.length = 0
    expect(await (await fetch(`${origin}/outside/post`)).text()).toBe('from next')
    expect(askedNext).toEqual(['GET /outside/post'])
  })
})

describe('a streamed answer outside Next', () => {
  /** A stream that sends one chunk at a time, when the test says, and tells when it was cancelled. */
  let sendNext: (text: string) => void = () => {}
  let signalOfLast: AbortSignal | null = null
  let cancelled: () => void = () => {}
  const cancelledOnce = new Promise<void>((resolve) => (cancelled = resolve))
  serveOutsideNext('GET', '/outside/stream', (request) => {
    signalOfLast = request.signal
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        sendNext = (text) => controller.enqueue(new TextEncoder().encode(text))
        sendNext('first\n')
      },
      cancel() {
        cancelled()
      },
    })
    return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } })
  })

  it('sends each chunk as it comes, and when the client goes away aborts the request and cancels the body', async () => {
    const client = new AbortController()
    const response = await fetch(`${origin}/outside/stream`, { signal: client.signal })
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    const reader = response.body!.getReader()
    const decoder = new TextDecoder()
    expect(decoder.decode((await reader.read()).value)).toBe('first\n')
    sendNext('second\n')
    expect(decoder.decode((await reader.read()).value)).toBe('second\n')
    client.abort()
    await cancelledOnce
    expect(signalOfLast?.aborted).toBe(true)
  })
})

describe('a route outside Next that fails', () => {
  serveOutsideNext('GET', '/outside/fails', () => {
    throw new Error('the database is away')
  })

  it('answers 500 with a plain message, and the server goes on answering', async () => {
    const failed = await fetch(`${origin}/outside/fails`)
    expect(failed.status).toBe(500)
    expect(await failed.text()).toMatch(/went wrong/)
    expect((await fetch(`${origin}/outside/echo`)).status).toBe(201)
  })
})
