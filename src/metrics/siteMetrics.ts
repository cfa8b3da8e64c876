// The process's metrics in Prometheus's model (prom-client), served at /metrics by src/server. One
// registry per process (processWide): the server and the app's code that Next bundles separately
// record into the same series.
import { Counter, Gauge, Histogram, Registry } from 'prom-client'
import { SHORT_CACHE_MS } from '@/platform/caches'
import { processWide } from '@/platform/processWide'

/** What kind of address a request was for; the label of the request series. */
export const ROUTE_CLASS = {
  page: 'page',
  api: 'api',
  static: 'static',
  admin: 'admin',
  other: 'other',
} as const
export type RouteClass = (typeof ROUTE_CLASS)[keyof typeof ROUTE_CLASS]

/** Upper bounds of the request-duration buckets, in seconds: a cached page is a few ms, the bound for a down part 2 s. */
export const REQUEST_DURATION_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5]
/** Longest a scrape waits for any one measurement (a count in the database, a Redis ping). */
export const METRICS_PROBE_TIMEOUT_MS = 1_000
/** A dependency check serves the gauges of the scrapes that follow it for this long (see src/platform/caches.ts). */
const DEPENDENCY_CHECK_KEPT_MS = SHORT_CACHE_MS.dependencyCheck

export const METRIC = {
  requests: 'site_http_requests_total',
  requestDuration: 'site_http_request_duration_seconds',
  pageCacheHits: 'site_page_cache_hits_total',
  pageCacheMisses: 'site_page_cache_misses_total',
  mailOutboxDepth: 'site_mail_outbox_depth',
  mailDeliveryFailures: 'site_mail_delivery_failures_total',
  chatOpenStreams: 'site_chat_open_streams',
  redisUp: 'site_redis_up',
  storageUp: 'site_upload_store_up',
  databaseUp: 'site_database_up',
  backupAge: 'site_backup_age_seconds',
  certificateDaysLeft: 'site_certificate_days_left',
} as const

/** The answer of a measurement, or null when it took longer than METRICS_PROBE_TIMEOUT_MS or failed. */
async function within<T>(measure: () => Promise<T>): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), METRICS_PROBE_TIMEOUT_MS)))
  try {
    return await Promise.race([measure(), late])
  } catch {
    return null
  } finally {
    clearTimeout(timer)
  }
}

function createSiteMetrics() {
  const registry = new Registry()
  const registers = [registry]
  let outboxDepth: (() => Promise<number>) | null = null
  return {
    registry,
    requests: new Counter({
      name: METRIC.requests,
      help: 'Requests answered, by the kind of address and the status',
      labelNames: ['route_class', 'status'] as const,
      registers,
    }),
    requestDuration: new Histogram({
      name: METRIC.requestDuration,
      help: 'Time from a request to the end of its answer (event streams left out), by the kind of address',
      labelNames: ['route_class'] as const,
      buckets: REQUEST_DURATION_BUCKETS_S,
      registers,
    }),
    pageCacheHits: new Counter({
      name: METRIC.pageCacheHits,
      help: 'Pages answered from the page cache (the server’s short memo or Next’s cache)',
      registers,
    }),
    pageCacheMisses: new Counter({
      name: METRIC.pageCacheMisses,
      help: 'Cacheable pages that had to be rendered',
      registers,
    }),
    mailDeliveryFailures: new Counter({
      name: METRIC.mailDeliveryFailures,
      help: 'Attempts to send a contact email that failed (each is retried with backoff)',
      registers,
    }),
    chatOpenStreams: new Gauge({
      name: METRIC.chatOpenStreams,
      help: 'Chat event streams open on this instance',
      registers,
    }),
    mailOutboxDepth: new Gauge({
      name: METRIC.mailOutboxDepth,
      help: 'Contact emails waiting to be sent (queued or waiting for a retry)',
      registers,
      async collect() {
        if (!outboxDepth) return
        // A count that does not come in time leaves the last one.
        const depth = await within(outboxDepth)
        if (depth !== null) this.set(depth)
      },
    }),
    measureOutboxDepth(count: () => Promise<number>) {
      outboxDepth = count
    },
  }
}

export type SiteMetrics = ReturnType<typeof createSiteMetrics>

export function siteMetrics(): SiteMetrics {
  return processWide('metrics', createSiteMetrics)
}

/**
 * Registers the gauge `name` anew (replacing one of that name), its value read at each scrape; a
 * reading of null leaves the last value.
 */
function replaceGauge(name: string, help: string, read: () => Promise<number | null>): void {
  const { registry } = siteMetrics()
  registry.removeSingleMetric(name)
  new Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      const value = await read()
      if (value !== null) this.set(value)
    },
  })
}

/** Whether each dependency answers: null for one that is not configured (Redis without REDIS_URL). */
export type DependenciesUp = { database: boolean; redis: boolean | null; storage: boolean | null }

/**
 * Reports `site_database_up` and, when configured, `site_redis_up` and `site_upload_store_up` (1 up, 0 down) from
 * `check`, asked at most once a second and given METRICS_PROBE_TIMEOUT_MS (no answer: down).
 */
export function measureDependencies(
  check: () => Promise<DependenciesUp>,
  { redis, storage = false }: { redis: boolean; storage?: boolean },
): void {
  const { registry } = siteMetrics()
  let last: { at: number; answer: Promise<DependenciesUp | null> } | null = null
  const current = () => {
    if (!last || Date.now() - last.at >= DEPENDENCY_CHECK_KEPT_MS) last = { at: Date.now(), answer: within(check) }
    return last.answer
  }
  const gauge = (name: string, help: string, read: (up: DependenciesUp) => boolean | null) =>
    replaceGauge(name, help, async () => {
      const up = await current()
      return up && read(up) ? 1 : 0
    })
  gauge(METRIC.databaseUp, 'Whether the database answers (1) or not (0)', (up) => up.database)
  if (redis) gauge(METRIC.redisUp, 'Whether Redis answers (1) or not (0)', (up) => up.redis)
  else registry.removeSingleMetric(METRIC.redisUp)
  if (storage) gauge(METRIC.storageUp, 'Whether the S3 bucket of uploads answers (1) or not (0)', (up) => up.storage)
  else registry.removeSingleMetric(METRIC.storageUp)
}

/**
 * Reports `site_backup_age_seconds` from `readAge` (+Inf when there is no backup, so that any age
 * alert fires) and, when `readDaysLeft` is given (a certificate is configured),
 * `site_certificate_days_left`; each read at every scrape within METRICS_PROBE_TIMEOUT_MS (a
 * reading that fails or comes late leaves the last value).
 */
export function measureBackupAndCertificate(
  readAge: () => Promise<number>,
  readDaysLeft: (() => Promise<number>) | null,
): void {
  replaceGauge(METRIC.backupAge, 'Seconds since the newest backup was made (+Inf: there is none)', () =>
    within(readAge),
  )
  if (!readDaysLeft) siteMetrics().registry.removeSingleMetric(METRIC.certificateDaysLeft)
  else
    replaceGauge(METRIC.certificateDaysLeft, 'Days until the front’s certificate expires (negative: expired)', () =>
      within(readDaysLeft),
    )
}
