import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { postgresAdapter } from '@payloadcms/db-postgres'
import { sqliteAdapter } from '@payloadcms/db-sqlite'
import type { DatabaseAdapterObj } from 'payload'
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

const migrationsRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations')

export function isPostgresUrl(url: string | undefined): boolean {
  return Boolean(url && /^postgres(ql)?:\/\//.test(url))
}

/**
 * SQLite under data/ (in WAL mode, so the file has -wal and -shm companions while open) unless
 * DATABASE_URL names a Postgres server. Schema changes only ever
 * come from the committed migrations (push is off everywhere).
 */
export function databaseAdapter(url = process.env.DATABASE_URL): DatabaseAdapterObj {
  if (isPostgresUrl(url)) {
    return postgresAdapter({
      pool: { connectionString: url as string },
      migrationDir: path.join(migrationsRoot, 'postgres'),
      push: false,
      allowIDOnCreate: true,
    })
  }
  const file = url?.startsWith('file:') ? url : `file:${SQLITE_FILE}`
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
