import type { DependenciesUp } from '@/metrics/siteMetrics'
import { withSharedRedis } from '@/security/redis'
import { getPayloadClient } from './queries'

/** Longest each dependency is given to answer; they are asked together, so health answers within a second. */
export const HEALTH_CHECK_TIMEOUT_MS = 800

export type DependencyState = 'up' | 'down' | 'off'

/**
 * Whether this instance can serve everything. `status` is `ok`, `degraded` (it serves, a shared
 * part is down: Redis) or `down` (the database is down: only cached pages are served), and each
 * dependency is named. Nothing else: no address, version or error text reaches the public.
 */
export type Readiness = {
  ok: boolean
  status: 'ok' | 'degraded' | 'down'
  database: Exclude<DependencyState, 'off'>
  redis: DependencyState
}

async function answersWithin(check: () => Promise<unknown>): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), HEALTH_CHECK_TIMEOUT_MS)))
  try {
    return await Promise.race([check().then(() => true), late])
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}

const readsPages = async () => (await getPayloadClient()).count({ collection: 'pages', overrideAccess: true })

export async function checkReadiness(
  database: () => Promise<unknown> = readsPages,
  redisUrl = process.env.REDIS_URL,
): Promise<Readiness> {
  const [databaseUp, redisUp] = await Promise.all([
    answersWithin(database),
    redisUrl ? answersWithin(() => withSharedRedis(redisUrl, (redis) => redis.ping())) : null,
  ])
  const redis: DependencyState = redisUp === null ? 'off' : redisUp ? 'up' : 'down'
  const status = !databaseUp ? 'down' : redis === 'down' ? 'degraded' : 'ok'
  return { ok: databaseUp, status, database: databaseUp ? 'up' : 'down', redis }
}

/** The readiness as the metrics report it (src/metrics/siteMetrics.ts): each part up or not, Redis null when not configured. */
export async function dependenciesUp(
  database: () => Promise<unknown> = readsPages,
  redisUrl = process.env.REDIS_URL,
): Promise<DependenciesUp> {
  const readiness = await checkReadiness(database, redisUrl)
  return { database: readiness.database === 'up', redis: readiness.redis === 'off' ? null : readiness.redis === 'up' }
}
