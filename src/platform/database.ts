import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { DatabaseAdapterObj } from 'payload'
import { isPostgresUrl } from './databaseUrl.mjs'
import { SQLITE_FILE } from './paths'

/**
 * How long a SQLite statement waits for another connection's lock before it fails. Another
 * process on the same file (a server starting while the old one still runs, the set-up script)
 * would otherwise make a write fail at once with "database is locked". The wait holds up this
 * process (the SQLite binding is synchronous), which is the better trade: outside migrations a
 * lock is held for milliseconds, and a failed write would be a contact post or a chat message
 * refused.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000

/**
 * Longest a new PostgreSQL connection may take to open. A server that is down refuses at once;
 * one that hangs (a network fault, a stopped process) fails within this instead of holding a request.
 */
export const POSTGRES_CONNECT_TIMEOUT_MS = 1_000
/** Longest one statement may run on the server (the largest, a 10,000-row export, takes well under a second). */
export const POSTGRES_STATEMENT_TIMEOUT_MS = 15_000
/** The client gives up waiting a little after the server would have cancelled the statement. */
const POSTGRES_QUERY_TIMEOUT_MS = POSTGRES_STATEMENT_TIMEOUT_MS + 1_000

const migrationsRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations')

export { isPostgresUrl } from './databaseUrl.mjs'

/**
 * SQLite under data/ (in WAL mode, so the file has -wal and -shm companions while open) unless
 * DATABASE_URL names a Postgres server. Schema changes only ever
 * come from the committed migrations (push is off everywhere). Only the adapter in use is loaded:
 * each brings its own driver and takes seconds to load.
 */
export async function databaseAdapter(url = process.env.DATABASE_URL): Promise<DatabaseAdapterObj> {
  if (isPostgresUrl(url)) {
    const { postgresAdapter } = await import('@payloadcms/db-postgres')
    return postgresAdapter({
      pool: {
        connectionString: url as string,
        connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
        statement_timeout: POSTGRES_STATEMENT_TIMEOUT_MS,
        query_timeout: POSTGRES_QUERY_TIMEOUT_MS,
      },
      migrationDir: path.join(migrationsRoot, 'postgres'),
      push: false,
      allowIDOnCreate: true,
    })
  }
  const file = url?.startsWith('file:') ? url : `file:${SQLITE_FILE}`
  const { sqliteAdapter } = await import('@payloadcms/db-sqlite')
  return sqliteAdapter({
    client: { url: file },
    busyTimeout: SQLITE_BUSY_TIMEOUT_MS,
    // Write-ahead logging: readers never hold up a writer, nor a writer its readers.
    wal: true,
    migrationDir: path.join(migrationsRoot, 'sqlite'),
    push: false,
    allowIDOnCreate: true,
  })
}

type ErrorEmitter = { on: (event: 'error', listener: (error: Error) => void) => unknown }
type PoolEvents = ErrorEmitter & { on: (event: 'connect', listener: (client: ErrorEmitter) => void) => unknown }

/**
 * Logs the errors of PostgreSQL connections when the server goes away, instead of letting them end
 * the process: an idle one (the pool's own event) and one a request holds between two queries (a
 * transaction), which has no listener of its own. Its queries fail, the pool drops it when it comes
 * back, and new connections are opened once the server is back.
 */
export function survivePoolErrors(db: unknown): void {
  const pool = (db as { pool?: PoolEvents }).pool
  if (typeof pool?.on !== 'function') return
  pool.on('error', (error) => console.error(`Database: an idle connection failed (${error.message}).`))
  pool.on('connect', (client) =>
    client.on('error', (error) => console.error(`Database: a connection in use failed (${error.message}).`)),
  )
}
