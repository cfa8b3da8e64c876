// The site's production server: Next's request handler behind the few things `next start` cannot
// do for a page that every visitor shares (src/server/requestListener.ts). Run by scripts/serve.mjs.
import http from 'node:http'
import next from 'next'
import { proxyTrustFrom } from './clientAddress'
import { siteRequestListener } from './requestListener'

/** How long a stopping server waits for open requests (chat streams among them) before it exits. */
const SHUTDOWN_GRACE_MS = 5_000

export async function serve({ port = Number(process.env.PORT || 3000), host = process.env.HOST } = {}) {
  const dev = process.env.NODE_ENV !== 'production'
  const app = next({ dev, dir: process.cwd(), hostname: host ?? 'localhost', port })
  await app.prepare()
  const listener = siteRequestListener({
    handle: app.getRequestHandler(),
    trust: proxyTrustFrom(process.env.TRUST_PROXY),
    dev,
  })
  const server = http.createServer(listener)
  await new Promise<void>((resolve) => server.listen(port, host, resolve))
  console.log(`> Ready on http://${host ?? 'localhost'}:${port}`)

  const stop = () => {
    server.close(() => process.exit(0))
    setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref()
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
  return server
}

await serve()
