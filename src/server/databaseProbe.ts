import fs from 'node:fs'
import net from 'node:net'
import { SHORT_CACHE_MS } from '@/platform/caches'
import { isPostgresUrl } from '@/platform/databaseUrl.mjs'
import { SQLITE_FILE } from '@/platform/paths'

/** Longest the server waits to learn whether the database answers. */
export const DATABASE_PROBE_TIMEOUT_MS = 500
/** A probe's answer serves the requests that follow it for this long (see src/platform/caches.ts). */
const PROBE_KEPT_MS = SHORT_CACHE_MS.databaseProbe
const POSTGRES_DEFAULT_PORT = 5432

function postgresAccepts(url: string): Promise<boolean> {
  let target: URL
  try {
    target = new URL(url)
  } catch {
    return Promise.resolve(true)
  }
  // A socket path in the query (no host in the address) is not probed: it counts as reachable.
  if (!target.hostname) return Promise.resolve(true)
  return new Promise((resolve) => {
    const socket = net.connect({ host: target.hostname, port: Number(target.port || POSTGRES_DEFAULT_PORT) })
    const settle = (reachable: boolean) => {
      socket.destroy()
      resolve(reachable)
    }
    socket.setTimeout(DATABASE_PROBE_TIMEOUT_MS, () => settle(false))
    socket.once('connect', () => settle(true))
    socket.once('error', () => settle(false))
  })
}

async function sqliteOpens(url: string | undefined): Promise<boolean> {
  const file = url?.startsWith('file:') ? url.slice('file:'.length) : SQLITE_FILE
  try {
    await fs.promises.access(file, fs.constants.R_OK | fs.constants.W_OK)
    return true
  } catch {
    return false
  }
}

let last: { at: number; reachable: Promise<boolean> } | null = null

/**
 * Whether the database can be reached, within DATABASE_PROBE_TIMEOUT_MS: PostgreSQL accepts a
 * connection, or the SQLite file can be opened. It reads no table, so it costs nothing while the
 * site is well, and it is asked only when a page failed.
 */
export function databaseReachable(url = process.env.DATABASE_URL, now = Date.now()): Promise<boolean> {
  if (last && now - last.at < PROBE_KEPT_MS) return last.reachable
  const reachable = isPostgresUrl(url) ? postgresAccepts(url!) : sqliteOpens(url)
  last = { at: now, reachable }
  return reachable
}
