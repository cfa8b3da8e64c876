import { createClient } from 'redis'

const connectTo = (url: string) =>
  createClient({ url }).on('error', (error: unknown) => console.error('redis error', error))

export type SharedRedisClient = ReturnType<typeof connectTo>

let shared: Promise<SharedRedisClient> | null = null

/** One connection, opened on first use, for the state every instance of the site shares (limits, used answers). */
export function sharedRedis(url: string): Promise<SharedRedisClient> {
  shared ??= connectTo(url).connect()
  return shared
}

/** Closes the shared connection (tests, and a clean shutdown). */
export async function closeSharedRedis(): Promise<void> {
  const client = shared
  shared = null
  if (client) await (await client).quit()
}
