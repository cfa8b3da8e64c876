// The site's production server: Next's request handler behind the few things `next start` cannot
// do for a page that every visitor shares. Run by scripts/serve.mjs.
import http from 'node:http'
import compression from 'compression'
import next from 'next'
import { STATIC_SECURITY_HEADERS } from '@/security/headers'
import { proxyTrustFrom, settleForwardedHeaders } from './clientAddress'
import { takeOverResponse } from './pageResponses'

/** How long a stopping server waits for open requests (chat streams among them) before it exits. */
const SHUTDOWN_GRACE_MS = 5_000

/** A path whose percent-escapes do not decode (e.g. "/%E0%A4%A") can name nothing here. */
function hasValidEncoding(url: string): boolean {
  try {
    decodeURIComponent(url.split('?')[0])
    return true
  } catch {
    return false
  }
}

export async function serve({ port = Number(process.env.PORT || 3000), host = process.env.HOST } = {}) {
  const dev = process.env.NODE_ENV !== 'production'
  const trust = proxyTrustFrom(process.env.TRUST_PROXY)
  const app = next({ dev, dir: process.cwd(), hostname: host ?? 'localhost', port })
  const handle = app.getRequestHandler()
  await app.prepare()
  // Next's own compression is off (next.config.ts): pages are compressed once, here, with their CSP.
  const compress = compression({
    filter: (req, res) =>
      !String(res.getHeader('content-type')).includes('event-stream') && compression.filter(req, res),
  })

  const server = http.createServer((req, res) => {
    settleForwardedHeaders(req, trust)
    if (!hasValidEncoding(req.url ?? '/')) {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', ...STATIC_SECURITY_HEADERS })
      res.end('Bad request: the address is not valid.')
      return
    }
    const https = req.headers['x-forwarded-proto'] === 'https'
    compress(req as never, res as never, () => {
      takeOverResponse(req, res, { https, dev })
      void handle(req, res)
    })
  })
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
