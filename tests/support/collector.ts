import type { Payload } from 'payload'
import { createCollector } from '@/analytics/collector/ingest'
import { COLLECT_PATH } from '@/analytics/collector/limits'
import { serveOnLoopback } from './handlerServer'

export const SITE_HOST = 'site.test'
export const pageUrl = (path: string) => `http://${SITE_HOST}${path}`

/** A clock the test moves by hand. */
export function testClock(start: number) {
  let now = start
  return { now: () => now, set: (t: number) => (now = t), advance: (ms: number) => (now += ms) }
}

/** The real collector, behind real HTTP, on the given Payload, with the test's clock. */
export async function startCollector(payload: Payload, now: () => number) {
  const collect = createCollector({ payload, siteHosts: () => [SITE_HOST], now })
  const server = await serveOnLoopback(collect)
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${COLLECT_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': '203.0.113.7',
        'user-agent': 'TestBrowser/1.0',
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
  return { ...server, post }
}

export async function storedEvents(payload: Payload) {
  const { docs } = await payload.find({ collection: 'analytics-events', limit: 0, sort: 'ts', depth: 0 })
  return docs
}
