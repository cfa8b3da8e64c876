import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'

/** A Node request listener that answers through a fetch-style handler (Request -> Response). */
export function nodeListenerFor(handler: (request: Request) => Promise<Response>): http.RequestListener {
  return async (req, res) => {
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value)
      else if (Array.isArray(value)) headers.set(name, value.join(', '))
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method,
      headers,
      body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
      duplex: 'half',
    } as RequestInit)
    try {
      const response = await handler(request)
      res.writeHead(response.status, Object.fromEntries(response.headers))
      res.end(Buffer.from(await response.arrayBuffer()))
    } catch (error) {
      res.writeHead(500).end(String(error))
    }
  }
}

/** Serves a Node request listener over real HTTP on a loopback port. */
export async function listenOnLoopback(
  listener: http.RequestListener,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(listener)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Serves a fetch-style handler (Request -> Response) over real HTTP on a loopback port. */
export function serveOnLoopback(
  handler: (request: Request) => Promise<Response>,
): Promise<{ url: string; close: () => Promise<void> }> {
  return listenOnLoopback(nodeListenerFor(handler))
}
