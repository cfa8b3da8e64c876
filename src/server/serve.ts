// The site's production server: Next's request handler behind the few things `next start` cannot
// do for a page that every visitor shares (src/server/requestListener.ts). Run by scripts/serve.mjs.
import next from 'next'
import { measureBackupAndCertificateOf } from '@/operations/doctor/metrics'
import { buildIdOf } from '@/platform/next/build.mjs'
import { SCRIPT_MARK_ENV, scriptMarkFor } from '@/security/scriptMark'
import { proxyTrustFrom } from './clientAddress'
import { consoleAsJsonLines } from './consoleLines'
import { siteRequestListener } from './requestListener'
import { createSiteServer, shutDownGracefully } from './shutdown'

export async function serve({ port = Number(process.env.PORT || 3000), host = process.env.HOST } = {}) {
  consoleAsJsonLines()
  const dev = process.env.NODE_ENV !== 'production'
  // One mark per build and secret, shared by every instance serving the build (src/security/scriptMark.ts).
  const buildId = dev ? 'development' : buildIdOf(process.cwd())
  const scriptMark = scriptMarkFor(process.env.PAYLOAD_SECRET ?? '', buildId)
  process.env[SCRIPT_MARK_ENV] = scriptMark
  const app = next({ dev, dir: process.cwd(), hostname: host ?? 'localhost', port })
  await app.prepare()
  const listener = siteRequestListener({
    handle: app.getRequestHandler(),
    trust: proxyTrustFrom(process.env.TRUST_PROXY),
    dev,
    scriptMark,
  })
  // The backup's age and the certificate's days left, on /metrics beside what the app records.
  measureBackupAndCertificateOf()
  const server = createSiteServer(listener)
  await new Promise<void>((resolve) => server.listen(port, host, resolve))
  console.log(`> Ready on http://${host ?? 'localhost'}:${port}`)

  // A repeated signal (a supervisor passing on what its process group also got) changes nothing.
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    console.log('> Stopping: finishing the requests in flight…')
    await shutDownGracefully(server)
    process.exit(0)
  }
  process.on('SIGTERM', () => void stop())
  process.on('SIGINT', () => void stop())
  return server
}

await serve()
