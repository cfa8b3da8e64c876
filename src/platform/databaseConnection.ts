import fs from 'node:fs'
import { isPostgresUrl } from './databaseUrl.mjs'
import { type OwnConnection, type Queries, queriesOnConnection } from './sql'

/** A connection of its own to the site's database, opened without Payload; `where` names it without its password. */
export type DatabaseConnection = Queries & { where: string; close: () => Promise<void> }

/** The database's address as it may be printed: PostgreSQL's without its password, SQLite's file. */
export function describeDatabase(url: string | undefined, sqliteFile: string): string {
  if (!isPostgresUrl(url)) return `sqlite:${sqliteFileOf(url, sqliteFile)}`
  const address = new URL(url!)
  address.password = ''
  return address.toString()
}

const sqliteFileOf = (url: string | undefined, sqliteFile: string) =>
  url?.startsWith('file:') ? url.slice('file:'.length) : sqliteFile

/**
 * Opens the database DATABASE_URL names (PostgreSQL), or the SQLite file (`url`'s `file:` path,
 * else `sqliteFile`), giving up after `timeoutMs` for the connection and for each statement. A
 * SQLite file that does not exist is an error, never made empty. The packages load on first use:
 * only tools that open their own connection need them here.
 */
export async function connectToDatabase({
  url,
  sqliteFile,
  timeoutMs,
}: {
  url: string | undefined
  sqliteFile: string
  timeoutMs: number
}): Promise<DatabaseConnection> {
  const where = describeDatabase(url, sqliteFile)
  if (isPostgresUrl(url)) {
    const { default: pg } = await import('pg')
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: timeoutMs,
      statement_timeout: timeoutMs,
      query_timeout: timeoutMs,
    })
    // A connection that fails later (the server going away) reports through its queries, not as an uncaught error.
    client.on('error', () => {})
    try {
      await client.connect()
    } catch (error) {
      await client.end().catch(() => {})
      throw error
    }
    const connection = { dialect: 'postgres', client, types: pg.types } as unknown as OwnConnection
    return { ...queriesOnConnection(connection), where, close: () => client.end() }
  }
  const file = sqliteFileOf(url, sqliteFile)
  // SQLite would make a missing file; read and write are what the site needs of it.
  await fs.promises.access(file, fs.constants.R_OK | fs.constants.W_OK)
  const { createClient } = await import('@libsql/client')
  const client = createClient({ url: `file:${file}` })
  const connection = { dialect: 'sqlite', client } as unknown as OwnConnection
  return { ...queriesOnConnection(connection), where, close: async () => client.close() }
}
