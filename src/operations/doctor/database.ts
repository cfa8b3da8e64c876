import fs from 'node:fs'
import path from 'node:path'
import { connectToDatabase, describeDatabase } from '@/platform/databaseConnection'
import { isPostgresUrl } from '@/platform/databaseUrl.mjs'
import { sql } from '@/platform/sql'
import { type CheckResult, reasonOf } from './check'

/** Longest the doctor waits to open the database and for each statement. */
export const DATABASE_TIMEOUT_MS = 3_000

/** Where the doctor finds the site's database: DATABASE_URL, else the SQLite file. */
export type DatabaseSettings = { url: string | undefined; sqliteFile: string }

/**
 * What one visit to the database found: whether it answered, and the migrations it has recorded
 * (Payload's `payload_migrations`; null when the table is missing: never migrated).
 */
export type DatabaseProbe =
  | { reached: true; where: string; applied: string[] | null }
  | { reached: false; where: string; error: string; missing: boolean }

export async function probeDatabase(
  { url, sqliteFile }: DatabaseSettings,
  timeoutMs = DATABASE_TIMEOUT_MS,
): Promise<DatabaseProbe> {
  const where = describeDatabase(url, sqliteFile)
  let connection
  try {
    connection = await connectToDatabase({ url, sqliteFile, timeoutMs })
  } catch (error) {
    const missing = (error as { code?: string }).code === 'ENOENT'
    return { reached: false, where, error: reasonOf(error), missing }
  }
  try {
    await connection.get(sql`select 1 as one`)
    const applied = await connection
      .all<{ name: string }>(sql`select name from payload_migrations`)
      .then((rows) => rows.map((row) => String(row.name)))
      // The one statement that fails on a database that answers: the table is not there yet.
      .catch(() => null)
    return { reached: true, where, applied }
  } catch (error) {
    return { reached: false, where, error: reasonOf(error), missing: false }
  } finally {
    await connection.close().catch(() => {})
  }
}

export function databaseCheck(probe: DatabaseProbe): CheckResult {
  const name = 'database'
  if (probe.reached) return { name, status: 'ok', detail: `${probe.where} answers` }
  if (probe.missing)
    return {
      name,
      status: 'fail',
      detail: `there is no database at ${probe.where}`,
      fix: 'run `npm run migrate` to make it (or restore a backup), or point DATABASE_URL or DATA_DIR at it',
    }
  const postgres = probe.where.startsWith('postgres')
  return {
    name,
    status: 'fail',
    detail: `${probe.where} does not answer: ${probe.error}`,
    fix: postgres
      ? 'start PostgreSQL (systemctl start postgresql) and check DATABASE_URL’s host, port, user and password'
      : 'see that the file is this user’s to read and write, and that the disk is not full',
  }
}

/** The migrations the code holds for the database's dialect: the files of src/migrations/<dialect>/. */
export function committedMigrations(root: string, url: string | undefined): string[] {
  const dir = path.join(root, 'src', 'migrations', isPostgresUrl(url) ? 'postgres' : 'sqlite')
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.ts') && file !== 'index.ts')
    .map((file) => file.slice(0, -'.ts'.length))
    .sort()
}

/** Payload's record of a schema pushed in development, not a migration. */
const DEV_PUSH = 'dev'
const MIGRATE_FIX = 'run `npm run migrate` (a server’s deploy runs it)'

export function migrationsCheck(probe: DatabaseProbe, committed: string[]): CheckResult {
  const name = 'migrations'
  if (!probe.reached)
    return { name, status: 'fail', detail: 'not known: the database does not answer', fix: 'see the database line' }
  if (probe.applied === null)
    return { name, status: 'fail', detail: 'the database has never been migrated', fix: MIGRATE_FIX }
  const applied = new Set(probe.applied)
  const pending = committed.filter((migration) => !applied.has(migration))
  const unknown = probe.applied.filter((migration) => migration !== DEV_PUSH && !committed.includes(migration))
  if (pending.length)
    return {
      name,
      status: 'fail',
      detail: `${pending.length} of ${committed.length} not applied: ${pending.join(', ')}`,
      fix: MIGRATE_FIX,
    }
  if (unknown.length)
    return {
      name,
      status: 'warn',
      detail: `all ${committed.length} applied, and ${unknown.join(', ')}, which this code does not have`,
      fix: 'a newer release migrated this database: deploy it again, or restore the backup from before it',
    }
  return { name, status: 'ok', detail: `all ${committed.length} applied` }
}
