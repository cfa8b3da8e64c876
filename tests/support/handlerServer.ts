import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { answerOutsideNext } from '@/server/routesOutsideNext'

/**
 * A Node request listener that answers through a fetch-style handler (Request -> Response), as
 * the site's server answers the routes it serves outside Next: streamed, every Set-Cookie kept.
 */
export function nodeListenerFor(handler: (request: Request) => Promise<Response>): http.RequestListener {
  return (req, res) => void answerOutsideNext(req, res, handler, { https: false })
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
