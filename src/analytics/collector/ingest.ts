import type { Payload } from 'payload'
import { database, type SqlValue } from '@/platform/sql'
import { createRateLimiter, tooManyRequests } from '@/security/rateLimit'
import { clientAddress, limitKeyOf, readLimitedText } from '@/security/request'
import { isConversion, isServerRecorded } from '../events'
import { redactUrl } from '../redact'
import { deviceClass } from './device'
import { type CollectedEvent, MAX_BATCH_BYTES } from './limits'
import { latestSessionOf } from './recall'
import { createSessionTracker } from './sessions'
import { validateBatch } from './validate'
import { createSaltKeeper, utcDay, visitorId } from './visitor'

/** Requests one client address may make to the collector: a burst, refilled steadily. */
export const COLLECT_RATE_LIMIT = { burst: 60, perMinute: 120 } as const

export type CollectorDeps = {
  payload: Payload
  /** Hosts whose pages may report events (the public origin's host, and the request's own). */
  siteHosts: (request: Request) => string[]
  now?: () => number
}

/** The columns of `analytics_events` the collector fills, in the order of each stored row's values. */
const STORED_COLUMNS = [
  'name',
  'ts',
  'day',
  'path',
  'url',
  'referrer_host',
  'device',
  'visitor',
  'session',
  'conversion',
  'props',
  'created_at',
  'updated_at',
] as const
type StoredRow = { [Column in (typeof STORED_COLUMNS)[number]]: SqlValue }

const json = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } })

function pathOf(url: string): string {
  const { pathname } = new URL(url)
  return pathname.length > 512 ? pathname.slice(0, 512) : pathname
}

function externalReferrerHost(referrer: string | undefined, siteHosts: string[]): string | null {
  if (!referrer) return null
  try {
    const host = new URL(referrer).host.toLowerCase()
    return siteHosts.includes(host) ? null : host
  } catch {
    return null
  }
}

// One multi-row insert per batch: the collector's throughput is bounded by this statement.
const insertRows = (payload: Payload, rows: StoredRow[]) =>
  database(payload).insertRows(
    'analytics_events',
    STORED_COLUMNS,
    rows.map((row) => STORED_COLUMNS.map((column) => row[column])),
  )

/** Who sent events: the client's address and browser, and the hosts of this site (for referrers). */
export type EventSource = { address: string; userAgent: string; hosts: string[] }

/** A process's writer of events: one salt keeper and one session tracker, whoever reports the events. */
export type EventRecorder = (events: CollectedEvent[], source: EventSource) => Promise<number>

/**
 * Stores checked events as one batch, each with the visitor's daily hash, its session and device.
 * The collector writes what browsers report through it; the server, what it saw happen itself.
 */
export function createEventRecorder(payload: Payload, now: () => number = Date.now): EventRecorder {
  const salts = createSaltKeeper(payload)
  const sessions = createSessionTracker((visitor) => latestSessionOf(payload, utcDay(now()), visitor))
  return async function recordEvents(events, { address, userAgent, hosts }) {
    const at = now()
    const visitor = visitorId(await salts.saltFor(at), address, userAgent, hosts[0] ?? '')
    const device = deviceClass(userAgent)
    const stamp = new Date(at).toISOString()
    const rows: StoredRow[] = []
    for (const event of [...events].sort((a, b) => a.ts - b.ts)) {
      const url = redactUrl(event.url)
      rows.push({
        name: event.name,
        ts: new Date(event.ts).toISOString(),
        day: utcDay(event.ts),
        path: pathOf(url),
        url,
        referrer_host: externalReferrerHost(event.referrer, hosts),
        device,
        visitor,
        session: await sessions.sessionFor(visitor, event.ts),
        conversion: isConversion(event.name),
        props: event.props ? JSON.stringify(event.props) : null,
        created_at: stamp,
        updated_at: stamp,
      })
    }
    if (rows.length > 0) await insertRows(payload, rows)
    return rows.length
  }
}

/**
 * POST /api/collect: validates a batch of first-party events and stores it whole, or refuses it whole.
 * Events the server records itself when it sees them happen (SERVER_RECORDED_EVENTS) are accepted
 * and not stored, so that neither an older page's script nor a hand-made request counts them twice.
 */
export function createCollector({ payload, siteHosts, now = Date.now }: CollectorDeps) {
  const limiter = createRateLimiter({ kind: 'token-bucket', ...COLLECT_RATE_LIMIT }, { scope: 'collect', now })
  const recordEvents = createEventRecorder(payload, now)

  return async function collect(request: Request): Promise<Response> {
    const address = clientAddress(request)
    const decision = await limiter.take(limitKeyOf(request))
    if (!decision.allowed) return tooManyRequests('too many requests; try again later', decision.retryAfterMs)
    const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase()
    if (type !== 'application/json') return json(415, { ok: false, error: 'send application/json' })

    const text = await readLimitedText(request, MAX_BATCH_BYTES)
    if (text === null) return json(413, { ok: false, error: `the body may take at most ${MAX_BATCH_BYTES} bytes` })
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return json(400, { ok: false, error: 'the body is not valid JSON' })
    }
    const hosts = siteHosts(request)
    const verdict = validateBatch(body, hosts, now())
    if (!verdict.ok) return json(verdict.status, { ok: false, error: verdict.error, index: verdict.index })

    // Visitors who asked not to be tracked are not counted, even by this cookie-free collector.
    if (trackingRefused(request)) return json(202, { ok: true, stored: 0 })

    const reported = verdict.events.filter((event) => !isServerRecorded(event.name))
    let stored: number
    try {
      stored = await recordEvents(reported, { address, userAgent: request.headers.get('user-agent') ?? '', hosts })
    } catch (error) {
      console.error('analytics: storing a batch failed', error)
      return json(503, { ok: false, error: 'could not store the events; send them again later' })
    }
    return json(202, { ok: true, stored })
  }
}

/** Global Privacy Control or Do Not Track: such a visitor is not counted, by the collector or the server. */
export const trackingRefused = (request: Pick<Request, 'headers'>) =>
  request.headers.get('sec-gpc') === '1' || request.headers.get('dnt') === '1'
