import type { Payload } from 'payload'

type Row = Record<string, unknown>
type SqliteClient = { execute: (query: { sql: string; args: unknown[] }) => Promise<{ rows: Row[] }> }
type PgPool = { query: (text: string, values: unknown[]) => Promise<{ rows: Row[] }> }

/**
 * Runs one read-only SQL query (with `?` placeholders) on whichever database Payload uses. The
 * dashboard's grouped counts have no equivalent in Payload's document API, and the SQL used is
 * the subset SQLite and PostgreSQL share.
 */
export async function queryRows(payload: Payload, text: string, params: unknown[]): Promise<Row[]> {
  const db = payload.db as unknown as { client?: SqliteClient; pool?: PgPool }
  if (db.pool) {
    let n = 0
    return (
      await db.pool.query(
        text.replace(/\?/g, () => `$${++n}`),
        params,
      )
    ).rows
  }
  if (db.client) return (await db.client.execute({ sql: text, args: params })).rows
  throw new Error(`analytics: unsupported database adapter ${payload.db.name}`)
}
