import type http from 'node:http'
import { startDraining, workFinished } from '@/platform/draining'

/** How long a stopping server gives the requests in flight and the mail being sent before it exits. */
export const SHUTDOWN_GRACE_MS = 10_000
/** How often a stopping server closes the keep-alive connections that have gone idle. */
const IDLE_SWEEP_MS = 100

/**
 * What SIGTERM does: take no new connections (the front sends them to another instance), end the
 * chat streams (their clients reconnect elsewhere and resume), claim no more mail, then settle once
 * the requests in flight have been answered and the mail being sent is out, or after the grace;
 * whatever is still open then is cut. Answers whether everything finished in time.
 */
export async function shutDownGracefully(server: http.Server, graceMs = SHUTDOWN_GRACE_MS): Promise<boolean> {
  startDraining()
  const closed = new Promise<void>((resolve) => server.close(() => resolve()))
  server.closeIdleConnections()
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS)
  let timer: ReturnType<typeof setTimeout> | undefined
  const grace = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs)))
  const finished = Promise.all([closed, workFinished(graceMs)]).then(([, work]) => work)
  try {
    return await Promise.race([finished, grace])
  } finally {
    clearTimeout(timer)
    clearInterval(sweep)
    server.closeAllConnections()
  }
}
