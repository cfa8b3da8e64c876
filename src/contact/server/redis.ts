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
