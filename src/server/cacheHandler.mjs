// Next's cache (pages, unstable_cache data) for this site, loaded by Next through next.config.ts.
// With REDIS_URL every instance shares one cache in Redis, so a publish through one instance is
// seen by all; without it each process keeps its cache in memory, which a restart clears (the
// cache never outlives the database it was made from).
import fs from 'node:fs'
import path from 'node:path'
import { CacheHandler } from '@fortedigital/nextjs-cache-handler'
import createLruHandler from '@fortedigital/nextjs-cache-handler/local-lru'
import createRedisHandler from '@fortedigital/nextjs-cache-handler/redis-strings'
import { createClient } from 'redis'

/** One configuration per process, however many times Next creates the handler. */
const CONFIG = Symbol.for('cardinal-title.cache-handler.config')

/** How long a cache read or write may wait for Redis before the page is simply rendered. */
const REDIS_TIMEOUT_MS = 1_000

/** Entries of one build are never read by another: their pages name that build's scripts. */
function buildId() {
  try {
    return fs.readFileSync(path.join(process.cwd(), '.next', 'BUILD_ID'), 'utf8').trim()
  } catch {
    return 'development'
  }
}

async function configure() {
  const memory = createLruHandler()
  const url = process.env.REDIS_URL
  if (!url || process.env.NEXT_PHASE === 'phase-production-build') return { handlers: [memory] }
  const client = createClient({ url, pingInterval: 10_000 })
  client.on('error', (error) => console.error('Page cache: Redis error:', error.message))
  try {
    await client.connect()
  } catch (error) {
    console.error(`Page cache: cannot reach Redis at ${url}; this instance keeps its own cache.`, error)
    return { handlers: [memory] }
  }
  return {
    handlers: [createRedisHandler({ client, keyPrefix: `site:${buildId()}:`, timeoutMs: REDIS_TIMEOUT_MS })],
  }
}

CacheHandler.onCreation(() => (globalThis[CONFIG] ??= configure()))

/**
 * The handler gives an entry back without the lifetime it was stored with, and Next then sends
 * a page that another instance rendered with no Cache-Control at all (so no cache keeps it). The
 * lifetime is in the stored entry: hand it back as Next expects it.
 */
export default class SiteCacheHandler extends CacheHandler {
  async get(key, ctx) {
    const entry = await super.get(key, ctx)
    if (entry && !entry.cacheControl && entry.lifespan?.revalidate !== undefined)
      entry.cacheControl = { revalidate: entry.lifespan.revalidate, expire: entry.lifespan.expireAge }
    return entry
  }
}
