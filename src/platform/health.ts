import type { DependenciesUp } from '@/metrics/siteMetrics'
import { withSharedRedis } from '@/security/redis'
import { mailRoute, type SentMail } from './mailTransport'
import { getPayloadClient } from './sitePayload'
import { uploadObjects } from './storage/uploadStorage'

/** Longest each dependency is given to answer; they are asked together, so health answers within a second. */
export const HEALTH_CHECK_TIMEOUT_MS = 800

export type DependencyState = 'up' | 'down' | 'off'

/**
 * Whether this instance can serve everything. `status` is `ok`, `degraded` (it serves, a shared
 * part is down: Redis, or the S3 bucket the uploads live in) or `down` (the database is down: only
 * cached pages are served), and each dependency is named. Nothing else: no address, version or
 * error text reaches the public.
 */
export type Readiness = {
  ok: boolean
  status: 'ok' | 'degraded' | 'down'
  database: Exclude<DependencyState, 'off'>
  redis: DependencyState
  /** The S3 bucket of uploads; `off` while uploads are on the local disk. */
  storage: DependencyState
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

/** The configured bucket's check, or null when uploads are on the local disk. */
function bucketAnswers(): (() => Promise<unknown>) | null {
  const objects = uploadObjects()
  return objects ? () => objects.answers(HEALTH_CHECK_TIMEOUT_MS) : null
}

const stateOf = (up: boolean | null): DependencyState => (up === null ? 'off' : up ? 'up' : 'down')

export async function checkReadiness(
  database: () => Promise<unknown> = readsPages,
  redisUrl = process.env.REDIS_URL,
  bucket: (() => Promise<unknown>) | null = bucketAnswers(),
): Promise<Readiness> {
  const [databaseUp, redisUp, bucketUp] = await Promise.all([
    answersWithin(database),
    redisUrl ? answersWithin(() => withSharedRedis(redisUrl, (redis) => redis.ping())) : null,
    bucket ? answersWithin(bucket) : null,
  ])
  const redis = stateOf(redisUp)
  const storage = stateOf(bucketUp)
  const status = !databaseUp ? 'down' : redis === 'down' || storage === 'down' ? 'degraded' : 'ok'
  return { ok: databaseUp, status, database: databaseUp ? 'up' : 'down', redis, storage }
}

/** The readiness, and how mail leaves: `/api/health`'s answer. */
export type Health = Readiness & {
  /** `smtp` with SMTP_URL set; `outbox` when every mail is only written to data/outbox/ and nobody receives it. */
  mail: SentMail['via']
}

/**
 * The outbox leaves `status` as it is: it is how this instance was configured, not a part that
 * went down (a fresh clone runs on it, and every message is kept to read), and `degraded` must keep
 * meaning "a part is down, it heals by itself" for whoever watches it. `mail` says it apart.
 */
export async function checkHealth(): Promise<Health> {
  return { ...(await checkReadiness()), mail: mailRoute() }
}

const upOrNull = (state: DependencyState) => (state === 'off' ? null : state === 'up')

/** The readiness as the metrics report it (src/metrics/siteMetrics.ts): each part up or not, null when not configured. */
export async function dependenciesUp(
  database: () => Promise<unknown> = readsPages,
  redisUrl = process.env.REDIS_URL,
  bucket: (() => Promise<unknown>) | null = bucketAnswers(),
): Promise<DependenciesUp> {
  const readiness = await checkReadiness(database, redisUrl, bucket)
  return {
    database: readiness.database === 'up',
    redis: upOrNull(readiness.redis),
    storage: upOrNull(readiness.storage),
  }
}
