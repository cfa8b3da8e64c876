// The database of a backup's target, SQLite or PostgreSQL: where it is, its tables' row counts, a
// consistent copy of it for an archive, and, in a restore, emptying it and loading the copy back.
// The one module of the backups that speaks SQL.
import fs from 'node:fs'
import path from 'node:path'
import { createClient } from '@libsql/client'
import pg from 'pg'
import { BackupError } from './backupArchives.mjs'
import { DATABASE_FOLDER, POSTGRES_DUMP, SQLITE_COPY } from './backupArchiveReading.mjs'
import { createPrivateFile, copyIntoNewFile } from './backupFiles.mjs'
import { postgresBin, postgresToolCall, runTool } from './backupTools.mjs'
import { isPostgresUrl } from '../../src/platform/databaseUrl.mjs'
import { SQLITE_FILE_NAME } from '../../src/platform/dataFolder.mjs'

/**
 * The site a backup is made of or a restore is made into: its data folder, and its database's
 * address (DATABASE_URL; none for the SQLite file in the data folder).
 * @typedef {{ dataDir: string, databaseUrl?: string }} BackupTarget
 */
/** @typedef {Record<string, number>} RowCounts */

/** The live SQLite database's files: the database and the ones SQLite keeps beside it. */
export const SQLITE_SIDE_FILES = ['', '-wal', '-shm', '-journal']

/**
 * The SQLite file the site uses: DATABASE_URL's `file:` path, or the site's in the data folder (src/platform/dataFolder.mjs).
 * @param {BackupTarget} target
 * @returns {string}
 */
export const sqliteFileOf = ({ dataDir, databaseUrl }) =>
  databaseUrl?.startsWith('file:')
    ? path.resolve(databaseUrl.slice('file:'.length))
    : path.join(dataDir, SQLITE_FILE_NAME)

/**
 * The target's PostgreSQL address, or null when its database is the SQLite file.
 * @param {BackupTarget} target
 * @returns {string | null}
 */
export const postgresUrlOf = ({ databaseUrl }) => (databaseUrl && isPostgresUrl(databaseUrl) ? databaseUrl : null)

/**
 * The database's address without its password, for what is printed and kept in the manifest.
 * @param {BackupTarget} target
 * @returns {string}
 */
export const describeDatabase = (target) => {
  const postgresUrl = postgresUrlOf(target)
  if (!postgresUrl) return `sqlite:${sqliteFileOf(target)}`
  const url = new URL(postgresUrl)
  url.password = ''
  return url.toString()
}

/** @param {string} name */
const quoteIdent = (name) => `"${name.replace(/"/g, '""')}"`

/**
 * @param {string} file
 * @returns {Promise<RowCounts>}
 */
async function sqliteCounts(file) {
  const client = createClient({ url: `file:${file}` })
  try {
    const tables = await client.execute(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    /** @type {RowCounts} */
    const counts = {}
    for (const { name } of tables.rows) {
      const result = await client.execute(`SELECT count(*) AS n FROM ${quoteIdent(String(name))}`)
      counts[String(name)] = Number(result.rows[0].n)
    }
    return counts
  } finally {
    client.close()
  }
}

/**
 * @param {pg.Client} client
 * @returns {Promise<RowCounts>}
 */
async function postgresCounts(client) {
  const tables = await client.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename")
  /** @type {RowCounts} */
  const counts = {}
  for (const { tablename } of tables.rows) {
    const result = await client.query(`SELECT count(*)::int AS n FROM public.${quoteIdent(tablename)}`)
    counts[tablename] = result.rows[0].n
  }
  return counts
}

/**
 * @template T
 * @param {string} databaseUrl
 * @param {(client: pg.Client) => Promise<T>} work
 * @returns {Promise<T>}
 */
async function withPostgres(databaseUrl, work) {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/**
 * The row count of each table of the target's database.
 * @param {BackupTarget} target
 * @returns {Promise<RowCounts>}
 */
export const rowCountsOf = (target) => {
  const postgresUrl = postgresUrlOf(target)
  return postgresUrl ? withPostgres(postgresUrl, postgresCounts) : sqliteCounts(sqliteFileOf(target))
}

/**
 * How many tables the target's database holds (0 when it does not exist yet).
 * @param {BackupTarget} target
 * @returns {Promise<number>}
 */
export async function tableCountOf(target) {
  const postgresUrl = postgresUrlOf(target)
  if (postgresUrl) {
    return withPostgres(postgresUrl, async (client) => {
      const { rows } = await client.query("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'")
      return rows[0].n
    })
  }
  return fs.existsSync(sqliteFileOf(target)) ? Object.keys(await sqliteCounts(sqliteFileOf(target))).length : 0
}

/**
 * Each table whose count differs from the backup's, in words; empty when all match.
 * @param {RowCounts} found
 * @param {RowCounts} wanted
 * @returns {string[]}
 */
export function sameCounts(found, wanted) {
  const names = new Set([...Object.keys(found), ...Object.keys(wanted)])
  return [...names]
    .filter((name) => found[name] !== wanted[name])
    .map((name) => `${name}: ${found[name] ?? 'no table'} rows, the backup had ${wanted[name] ?? 'no table'}`)
}

/**
 * Copies the target's database into `staging` as the archive holds it, consistently while the site
 * runs; answers the manifest's `database` (kind, file, row counts) without its size and hash.
 * @param {BackupTarget} target
 * @param {string} staging
 * @returns {Promise<{ kind: 'sqlite' | 'postgres', file: string, tables: RowCounts }>}
 */
export async function copyDatabase(target, staging) {
  fs.mkdirSync(path.join(staging, DATABASE_FOLDER), { recursive: true, mode: 0o700 })
  const postgresUrl = postgresUrlOf(target)
  if (postgresUrl) {
    const file = path.join(staging, POSTGRES_DUMP)
    createPrivateFile(file)
    // The counts and the dump read one snapshot, so the manifest describes exactly what was dumped.
    const tables = await withPostgres(postgresUrl, async (client) => {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
      const { rows } = await client.query('SELECT pg_export_snapshot() AS snapshot')
      const counts = await postgresCounts(client)
      await runTool(
        postgresToolCall(
          'pg_dump',
          ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${rows[0].snapshot}`, '-f', file],
          postgresUrl,
        ),
        'pg_dump failed',
      )
      await client.query('COMMIT')
      return counts
    })
    return { kind: 'postgres', file: POSTGRES_DUMP, tables }
  }
  const source = sqliteFileOf(target)
  if (!fs.existsSync(source)) throw new BackupError(`there is no database at ${source}`)
  const copy = path.join(staging, SQLITE_COPY)
  // VACUUM INTO fills an empty file it is given, keeping its mode.
  createPrivateFile(copy)
  // SQLite's online copy: one read transaction, so writes by the running site neither block it nor tear it.
  const client = createClient({ url: `file:${source}` })
  try {
    await client.execute({ sql: 'VACUUM INTO ?', args: [copy] })
  } finally {
    client.close()
  }
  return { kind: 'sqlite', file: SQLITE_COPY, tables: await sqliteCounts(copy) }
}

/**
 * Creates the PostgreSQL database the target names when it does not exist yet.
 * @param {string} databaseUrl
 */
export async function ensurePostgresDatabase(databaseUrl) {
  const url = new URL(databaseUrl)
  const name = decodeURIComponent(url.pathname.slice(1))
  url.pathname = '/postgres'
  await withPostgres(url.toString(), async (client) => {
    const { rows } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (!rows.length) await client.query(`CREATE DATABASE ${quoteIdent(name)}`)
  })
}

/**
 * Checks that the archive's database copy can be read by the tool that restores it (pg_restore
 * lists its contents; SQLite opens it and counts its rows), before anything in the target is removed.
 * @param {import('./backupArchiveReading.mjs').BackupManifest} manifest
 * @param {string} databaseCopy
 */
export async function checkDatabaseCopy(manifest, databaseCopy) {
  try {
    if (manifest.database.kind === 'postgres') {
      await runTool({ command: postgresBin('pg_restore'), args: ['--list', databaseCopy] }, 'pg_restore cannot read it')
      return
    }
    const problems = sameCounts(await sqliteCounts(databaseCopy), manifest.database.tables)
    if (problems.length) throw new Error(problems.join('; '))
  } catch (error) {
    throw new BackupError(`the archive's database copy cannot be restored: ${/** @type {Error} */ (error).message}`)
  }
}

/**
 * Removes every table of the target's database (PostgreSQL's schema, or SQLite's files).
 * @param {BackupTarget} target
 */
export async function emptyDatabase(target) {
  const postgresUrl = postgresUrlOf(target)
  if (postgresUrl) {
    await withPostgres(postgresUrl, async (client) => {
      await client.query('DROP SCHEMA IF EXISTS public CASCADE')
      await client.query('CREATE SCHEMA public')
    })
  } else {
    for (const suffix of SQLITE_SIDE_FILES) fs.rmSync(`${sqliteFileOf(target)}${suffix}`, { force: true })
  }
}

/**
 * Loads the archive's database copy into the target's empty database.
 * @param {import('./backupArchiveReading.mjs').BackupManifest} manifest
 * @param {string} databaseCopy
 * @param {BackupTarget} target
 */
export async function loadDatabaseCopy(manifest, databaseCopy, target) {
  if (manifest.database.kind === 'postgres') {
    await runTool(
      postgresToolCall(
        'pg_restore',
        ['--exit-on-error', '--no-owner', '--no-privileges', databaseCopy],
        // A restore loads a PostgreSQL copy into a PostgreSQL database only (backupRestore.mjs checks).
        /** @type {string} */ (postgresUrlOf(target)),
      ),
      'pg_restore failed',
    )
    return
  }
  fs.mkdirSync(path.dirname(sqliteFileOf(target)), { recursive: true })
  // A database file with no table counts as empty; the copy takes its place.
  for (const suffix of SQLITE_SIDE_FILES) fs.rmSync(`${sqliteFileOf(target)}${suffix}`, { force: true })
  await copyIntoNewFile(databaseCopy, sqliteFileOf(target), 0o600)
}
