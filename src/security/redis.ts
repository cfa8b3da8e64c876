import { createClient } from 'redis'

/** Longest a connection attempt to Redis may take before it counts as failed. */
export const REDIS_CONNECT_TIMEOUT_MS = 500
/** Longest one Redis command may take before its caller takes its fallback. */
export const REDIS_COMMAND_TIMEOUT_MS = 500
/** Longest pause between two attempts to reconnect, so that a returning Redis is used again within it. */
export const REDIS_RECONNECT_MAX_DELAY_MS = 1_000
const REDIS_RECONNECT_FIRST_DELAY_MS = 50

/** Raised at once when Redis is not connected: the caller takes its fallback instead of waiting. */
export class RedisUnavailableError extends Error {}

/**
 * A Redis client that never holds a request for an outage: commands fail at once while it is
 * disconnected (no offline queue), connecting gives up after REDIS_CONNECT_TIMEOUT_MS, and it
 * keeps reconnecting in the background, so it is used again as soon as Redis returns.
 */
export function resilientRedisClient(url: string, label: string) {
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries: number) =>
        Math.min(REDIS_RECONNECT_FIRST_DELAY_MS * 2 ** retries, REDIS_RECONNECT_MAX_DELAY_MS),
    },
  })
  // One line when Redis goes away and one when it is back, not one per reconnect attempt.
  let down = false
  client.on('error', (error: Error) => {
    if (down) return
    down = true
    console.error(`${label}: Redis is unavailable (${error.message}); using the fallback until it returns.`)
  })
  client.on('ready', () => {
    if (!down) return
    down = false
    console.info(`${label}: Redis is back.`)
  })
  // Settles when the first attempt to connect has succeeded or failed, within the connect timeout.
  const firstAttempt = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, REDIS_CONNECT_TIMEOUT_MS)
    timer.unref()
    const settle = () => {
      clearTimeout(timer)
      resolve()
    }
    client.once('ready', settle)
    client.once('error', settle)
  })
  // Resolves once connected; until then (and after any drop) the client retries by itself.
  client.connect().catch(() => {})
  return Object.assign(client, { firstAttempt })
}

export type SharedRedisClient = ReturnType<typeof resilientRedisClient>

let shared: SharedRedisClient | null = null

/** One connection, opened on first use, for the state every instance of the site shares (limits, used answers). */
export function sharedRedis(url: string): SharedRedisClient {
  shared ??= resilientRedisClient(url, 'Shared state')
  return shared
}

/**
 * Runs `command` on the shared connection within REDIS_COMMAND_TIMEOUT_MS: a RedisUnavailableError
 * while Redis is not connected (at once, or after the first attempt to connect, at most
 * REDIS_CONNECT_TIMEOUT_MS), the command's own timeout error when it does not answer.
 */
export async function withSharedRedis<T>(url: string, command: (client: SharedRedisClient) => Promise<T>): Promise<T> {
  const client = sharedRedis(url)
  // A just-made client is given its first attempt; after that, a disconnected one fails at once.
  if (!client.isReady) await client.firstAttempt
  if (!client.isReady) throw new RedisUnavailableError('Redis is not connected')
  return command(client.withCommandOptions({ timeout: REDIS_COMMAND_TIMEOUT_MS }) as unknown as SharedRedisClient)
}

/** Closes the shared connection (tests, and a clean shutdown). */
export async function closeSharedRedis(): Promise<void> {
  const client = shared
  shared = null
  client?.destroy()
}
