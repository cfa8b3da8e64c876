import { createClient } from 'redis'
import { type CheckResult, reasonOf } from './check'

/** Longest the doctor waits to connect to Redis and for its answer. */
export const REDIS_TIMEOUT_MS = 2_000

const NAME = 'redis'

/** Redis's address as it may be printed: host and port, no password. */
const hostOf = (url: string) => {
  try {
    return new URL(url).host || url
  } catch {
    return 'REDIS_URL (not an address)'
  }
}

/** Whether the Redis REDIS_URL names answers a PING (with its password); off without REDIS_URL. */
export async function redisCheck(url: string | undefined, timeoutMs = REDIS_TIMEOUT_MS): Promise<CheckResult> {
  if (!url)
    return {
      name: NAME,
      status: 'off',
      detail: 'REDIS_URL is not set: each instance keeps its own page cache, chat and limits',
    }
  const client = createClient({ url, socket: { connectTimeout: timeoutMs, reconnectStrategy: false } })
  // Reported through connect() and the command, not as an uncaught event.
  client.on('error', () => {})
  try {
    await client.connect()
    await client.withCommandOptions({ timeout: timeoutMs }).ping()
    return { name: NAME, status: 'ok', detail: `Redis at ${hostOf(url)} answers` }
  } catch (error) {
    return {
      name: NAME,
      status: 'fail',
      detail: `Redis at ${hostOf(url)} does not answer: ${reasonOf(error)}`,
      fix: 'start it (systemctl start redis-server) and check REDIS_URL’s host, port and password',
    }
  } finally {
    client.destroy()
  }
}
