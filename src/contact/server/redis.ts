import { createClient } from 'redis'

const connectTo = (url: string) =>
  createClient({ url }).on('error', (error: unknown) => console.error('contact: redis error', error))

type RedisClient = ReturnType<typeof connectTo>

let shared: Promise<RedisClient> | null = null

/** One connection, opened on first use, for the contact counters shared between instances. */
export function contactRedis(url: string): Promise<RedisClient> {
  shared ??= connectTo(url).connect()
  return shared
}

/** Closes the shared connection (tests, and a clean shutdown). */
export async function closeContactRedis(): Promise<void> {
  const client = shared
  shared = null
  if (client) await (await client).quit()
}
