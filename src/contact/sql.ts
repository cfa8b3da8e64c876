import { sql as postgresSql, type SQL as PostgresSQL } from '@payloadcms/db-postgres/drizzle'
import { sql as sqliteSql } from '@payloadcms/db-sqlite/drizzle'
import type { Payload } from 'payload'

type Param = string | number | boolean | null
type Row = Record<string, unknown>

/**
 * One parameterised statement, run directly on the site's database (SQLite or PostgreSQL)
 * outside any transaction, answering the rows it returns. For the few writes that must be
 * decided by the database in one statement (claim once, insert once), which the local API's
 * read-then-write cannot promise when several processes share the database.
 *
 * Used as a tag: sqlOn(payload)`... ${value} ...`; values are always bound, never spliced.
 */
export function sqlOn(payload: Payload) {
  return async (parts: TemplateStringsArray, ...params: Param[]): Promise<Row[]> => {
    const db = payload.db as unknown as { name: string; drizzle: unknown }
    if (db.name === 'postgres') {
      const drizzle = db.drizzle as { execute(query: PostgresSQL): Promise<{ rows: Row[] }> }
      return (await drizzle.execute(postgresSql(parts, ...params))).rows
    }
    const drizzle = db.drizzle as { run(query: unknown): Promise<{ rows: Row[] }> }
    return (await drizzle.run(sqliteSql(parts, ...params))).rows
  }
}
