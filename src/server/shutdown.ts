import http from 'node:http'
import net from 'node:net'
import { startDraining, workFinished } from '@/platform/draining'

/** How long a stopping server gives the requests in flight and the mail being sent before it exits. */
export const SHUTDOWN_GRACE_MS = 10_000
/**
 * How long the front keeps an idle connection to an instance before giving it up itself
 * (deploy/nginx.conf.template: the upstream's keepalive_timeout).
 */
export const FRONT_IDLE_CONNECTION_MS = 1_000
/**
 * How long an instance keeps an idle kept-alive connection open (Node's 5 s, written down): longer
 * than the front, so that the front never sends a request on a connection as the instance closes it
 * (a POST sent so is not sent again, and answers 502).
 */
export const KEEP_ALIVE_MS = 5_000
/** How long a stopping server leaves the connections that were idle when it began alone: until the front has given them up. */
export const IDLE_KEPT_WHILE_STOPPING_MS = FRONT_IDLE_CONNECTION_MS + 500
/** How often a stopping server then closes the connections that are idle. */
const IDLE_SWEEP_MS = 100

/** A server's open connections and the answers being written on them, for its stop. */
type Connections = { sockets: Set<net.Socket>; answering: Set<http.ServerResponse> }
const connectionsOf = new WeakMap<http.Server, Connections>()

/** The site's server: Node's HTTP server, its idle connections kept as the front expects, and known to its stop. */
export function createSiteServer(listener: http.RequestListener): http.Server {
  const connections: Connections = { sockets: new Set(), answering: new Set() }
  const server = http.createServer((request, response) => {
    connections.answering.add(response)
    response.once('close', () => connections.answering.delete(response))
    return listener(request, response)
  })
  server.on('connection', (socket: net.Socket) => {
    connections.sockets.add(socket)
    socket.once('close', () => connections.sockets.delete(socket))
  })
  server.keepAliveTimeout = KEEP_ALIVE_MS
  connectionsOf.set(server, connections)
  return server
}

/**
 * Closes the connections with no answer being written on them, those that never carried a request
 * among them (Node's closeIdleConnections leaves a connection that has not sent one yet).
 */
function closeIdle(server: http.Server) {
  const connections = connectionsOf.get(server)
  if (!connections) return server.closeIdleConnections()
  const busy = new Set([...connections.answering].map((response) => response.socket))
  for (const socket of connections.sockets) if (!busy.has(socket)) socket.destroy()
}

/** After `response`, its connection closes: said in its headers while they are unsent, else done once it ends. */
function lastOnItsConnection(response: http.ServerResponse) {
  if (!response.headersSent) response.setHeader('Connection', 'close')
  else response.once('finish', () => response.socket?.end())
}

/**
 * What SIGTERM does: take no new connections (the front sends them to another instance), end the
 * chat streams (their clients reconnect elsewhere and resume), claim no more mail, then settle once
 * the requests in flight have been answered, the mail being sent is out and the connections are
 * closed, or after the grace; whatever is still open then is cut. Answers whether everything
 * finished in time.
 *
 * No connection is closed under a request the front may be sending on it at that moment (a front on
 * another server cannot take this instance out of its upstream first): every answer from the stop
 * on is the last on its connection, and a connection that was idle when the stop began is left open
 * until the front has given it up itself (a request that comes on it meanwhile is answered).
 */
export async function shutDownGracefully(server: http.Server, graceMs = SHUTDOWN_GRACE_MS): Promise<boolean> {
  startDraining()
  for (const response of connectionsOf.get(server)?.answering ?? []) lastOnItsConnection(response)
  server.prependListener('request', (_request: http.IncomingMessage, response: http.ServerResponse) =>
    lastOnItsConnection(response),
  )
  // net.Server's close stops listening and leaves the open connections be (http.Server's would
  // close the idle ones at once); it calls back once the last one has closed.
  const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()))
  let sweep: ReturnType<typeof setInterval> | undefined
  const idleGivenUp = setTimeout(() => {
    closeIdle(server)
    sweep = setInterval(() => closeIdle(server), IDLE_SWEEP_MS)
  }, IDLE_KEPT_WHILE_STOPPING_MS)
  let timer: ReturnType<typeof setTimeout> | undefined
  const grace = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs)))
  const finished = Promise.all([closed, workFinished(graceMs)]).then(([, work]) => work)
  try {
    return await Promise.race([finished, grace])
  } finally {
    clearTimeout(timer)
    clearTimeout(idleGivenUp)
    clearInterval(sweep)
    server.closeAllConnections()
    // Ends http.Server's own timers too.
    server.close()
  }
}
