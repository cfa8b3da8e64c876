// Next's cache (pages, unstable_cache data) for this site, loaded by Next through next.config.ts.
// With REDIS_URL every instance shares one cache in Redis, so a publish through one instance is
// seen by all; without it each process keeps its cache in memory, which a restart clears (the
// cache never outlives the database it was made from).
import { CacheHandler } from '@fortedigital/nextjs-cache-handler'
import createLruHandler from '@fortedigital/nextjs-cache-handler/local-lru'
import createRedisHandler from '@fortedigital/nextjs-cache-handler/redis-strings'
import { buildIdOf } from '../platform/next/build.mjs'
import { createClient } from 'redis'

/** One configuration per process, however many times Next creates the handler. */
const CONFIG = Symbol.for('cardinal-title.cache-handler.config')

/** How long a cache read or write may wait for Redis before this instance's memory is used. */
const REDIS_TIMEOUT_MS = 500
/** The same bounds as the site's other Redis connections (src/security/redis.ts). */
const REDIS_CONNECT_TIMEOUT_MS = 500
const REDIS_RECONNECT_MAX_DELAY_MS = 1_000
const REDIS_RECONNECT_FIRST_DELAY_MS = 50

/** Entries of one build are never read by another: their pages name that build's scripts. */
function buildId() {
  try {
    return buildIdOf(process.cwd())
  } catch {
    return 'development'
  }
}

/**
 * Tags revalidated while Redis was away are revalidated there again once it is back, so that a
 * publish made during an outage does not leave Redis serving the page from before it.
 */
function replayingMissedTags(handler, client) {
  const missed = new Set()
  client.on('ready', async () => {
    for (const tag of [...missed]) {
      try {
        await handler.revalidateTag(tag)
        missed.delete(tag)
      } catch {
        return
      }
    }
  })
  return {
    ...handler,
    async revalidateTag(tag) {
      try {
        await handler.revalidateTag(tag)
      } catch (error) {
        missed.add(tag)
        throw error
      }
    },
  }
}

/**
 * With REDIS_URL: Redis first, this instance's memory second. A Redis that is down or slow never
 * holds a page: commands fail at once while disconnected (no offline queue) or after
 * REDIS_TIMEOUT_MS, and the handler then reads this instance's memory, which every write also
 * fills. The client reconnects by itself and Redis is used again as soon as it answers.
 */
async function configure() {
  const memory = createLruHandler()
  const url = process.env.REDIS_URL
  if (!url || process.env.NEXT_PHASE === 'phase-production-build') return { handlers: [memory] }
  const client = createClient({
    url,
    pingInterval: 10_000,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries) =>
        Math.min(REDIS_RECONNECT_FIRST_DELAY_MS * 2 ** retries, REDIS_RECONNECT_MAX_DELAY_MS),
    },
  })
  let down = false
  client.on('error', (error) => {
    if (down) return
    down = true
    console.error(
      `Page cache: Redis is unavailable (${error.message}); this instance uses its own memory until it returns.`,
    )
  })
  client.on('ready', () => {
    if (!down) return
    down = false
    console.info('Page cache: Redis is back.')
  })
  client.connect().catch(() => {})
  const redis = createRedisHandler({ client, keyPrefix: `site:${buildId()}:`, timeoutMs: REDIS_TIMEOUT_MS })
  return { handlers: [replayingMissedTags(redis, client), memory] }
}

CacheHandler.onCreation(() => (globalThis[CONFIG] ??= configure()))

/**
 * The handler gives an entry back without the lifetime it was stored with, and Next then sends
 * a page that another instance rendered with no Cache-Control at all (so no cache keeps it). The
 * lifetime is in the stored entry: hand it back as Next expects it.
 */
export default class SiteCacheHandler extends CacheHandler {
  /**
   * A page that answered 404 is not kept: any address can be asked for, and every unknown one
   * stored would push real pages out of the cache (memory and Redis alike). It is rendered again
   * when asked again, which costs that request alone.
   */
  async set(key, value, ctx) {
    if (value?.kind === 'APP_PAGE' && value.status === 404) return
    return super.set(key, value, ctx)
  }

  async get(key, ctx) {
    const entry = await super.get(key, ctx)
    if (entry && !entry.cacheControl && entry.lifespan?.revalidate !== undefined)
      entry.cacheControl = { revalidate: entry.lifespan.revalidate, expire: entry.lifespan.expireAge }
    return entry
  }
}
