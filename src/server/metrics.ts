import { createHash, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { ROUTE_CLASS, type RouteClass, siteMetrics } from '@/metrics/siteMetrics'
import { STATIC_SECURITY_HEADERS } from '@/security/headers'
import { MEDIA_FILE_PREFIX } from './mediaFiles'
import { NEXT_OWN_FIRST_SEGMENT } from '@/platform/next/addresses'
import { NEXT_CACHE_HEADER, NEXT_CACHE_HITS } from '@/platform/next/responses'
import { isEventStream } from './pageResponses'
import { type Route, routeClassOfRoute, routeOf } from './routes/siteRoutes'

/** Where the server answers its metrics; never passed on by the front (deploy/nginx.conf.template). */
export const METRICS_PATH = '/metrics'

/** Files named with an extension (icons, images) that the pages' catch-all route would otherwise answer. */
const FILE_ADDRESS = /\.[a-z0-9]+$/i

/**
 * The kind of address a request is for, the label its metrics are counted under: from the route
 * that answers it (src/server/routes/siteRoutes.ts), Next's own files and the uploads being static.
 */
export function routeClassOf(method: string | undefined, url: string | undefined, routes?: Route[]): RouteClass {
  const path = (url ?? '/').split('?')[0]
  if (path.startsWith(`/${NEXT_OWN_FIRST_SEGMENT}/`) || path.startsWith(MEDIA_FILE_PREFIX)) return ROUTE_CLASS.static
  const route = routeOf(path, routes)
  const fromRoute = route ? routeClassOfRoute(route) : null
  if (fromRoute) return fromRoute
  if (FILE_ADDRESS.test(path)) return ROUTE_CLASS.static
  return method === 'GET' || method === 'HEAD' ? ROUTE_CLASS.page : ROUTE_CLASS.other
}

/**
 * Counts the request when its answer ends (or the client goes away): by route class and status,
 * its duration (an event stream's lifetime is not a latency: left out), and for a cacheable page
 * whether the page cache answered. `answeredFromMemo` is asked at the end: the server's own memo
 * of pages sends its headers without keeping them on the response.
 */
export function countRequest(req: IncomingMessage, res: ServerResponse, answeredFromMemo: () => boolean): void {
  const started = process.hrtime.bigint()
  const routeClass = routeClassOf(req.method, req.url)
  res.once('close', () => {
    const metrics = siteMetrics()
    metrics.requests.inc({ route_class: routeClass, status: String(res.statusCode) })
    if (!isEventStream(res))
      metrics.requestDuration.observe({ route_class: routeClass }, Number(process.hrtime.bigint() - started) / 1e9)
    if (routeClass !== ROUTE_CLASS.page) return
    const cache = answeredFromMemo() ? 'HIT' : res.getHeader(NEXT_CACHE_HEADER)
    if (cache === undefined) return
    if (NEXT_CACHE_HITS.has(String(cache))) metrics.pageCacheHits.inc()
    else metrics.pageCacheMisses.inc()
  })
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/
const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * Who may read the metrics: a request straight from this machine (loopback, and no front named a
 * client for it), or one bearing METRICS_TOKEN when it is set (compared in constant time).
 */
export function mayReadMetrics(req: IncomingMessage, token = process.env.METRICS_TOKEN): boolean {
  const forwarded = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined
  if (!forwarded && LOOPBACK.test(req.socket.remoteAddress ?? '')) return true
  const presented = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
  return Boolean(token && presented && timingSafeEqual(digest(presented), digest(token)))
}

export const isMetricsRequest = (req: IncomingMessage) => (req.url ?? '').split('?')[0] === METRICS_PATH

/** The metrics in Prometheus's text format; 404 to anyone else, as if there were nothing here. */
export async function answerMetrics(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const noStore = { 'Cache-Control': 'no-store', ...STATIC_SECURITY_HEADERS }
  if (!mayReadMetrics(req) || (req.method !== 'GET' && req.method !== 'HEAD')) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', ...noStore })
    res.end('Not found.')
    return
  }
  const { registry } = siteMetrics()
  try {
    const text = await registry.metrics()
    res.writeHead(200, { 'Content-Type': registry.contentType, ...noStore })
    res.end(req.method === 'HEAD' ? undefined : text)
  } catch (error) {
    console.error('The metrics could not be gathered:', error)
    res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', ...noStore })
    res.end('The metrics could not be gathered.')
  }
}
