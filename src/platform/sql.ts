import type { Payload, PayloadRequest } from 'payload'

/**
 * The one way the site speaks raw SQL to its database (SQLite or PostgreSQL): statements are
 * written with the `sql` tag, their values kept apart from their text, and run here. SQL is
 * written only for what Payload's document API cannot express, and only in the modules of
 * RAW_SQL_MODULES (sql.test.ts keeps that list true; migrations are SQL by nature).
 */

/** Every module outside the migrations that writes SQL text, and why it must. */
export const RAW_SQL_MODULES: Readonly<Record<string, string>> = {
  'platform/jobs/leasedJobs.ts': 'a job claimed by exactly one instance in one statement, with a lease',
  'setup/seed/index.ts': 'PostgreSQL’s id sequence moved past the fixed ids the seed inserts',
  'contact/delivery/runner.ts': 'lost deliveries queued again by one instance alone, and the outbox’s depth counted',
  'contact/delivery/deliver.ts': 'a delivery attempt counted once however many runs race (compare and set)',
  'contact/inbox/actions.ts':
    'a message’s state changed only from the state it was in, and its history appended in one statement',
  'contact/captcha/replayGuard.ts': 'a captcha answer spent once, by an insert that refuses a repeat',
  'analytics/dashboard/report.ts': 'the dashboard’s grouped counts over a period',
  'operations/doctor/database.ts':
    'the migrations a database has recorded, read by the doctor on a connection of its own without starting the site',
  'analytics/collector/recall.ts':
    'a new visitor’s last event read on nearly every first visit’s beacon, where building Payload’s query cost more than running it',
}

export type SqlValue = string | number | boolean | null
export type Dialect = 'sqlite' | 'postgres'
export type Row = Record<string, unknown>

/** A statement or a piece of one: its text and its values, kept apart until it runs. */
export class Sql {
  constructor(
    readonly strings: readonly string[],
    readonly values: readonly (SqlValue | Sql)[],
  ) {}
}

/** Tag: sql`select … where id = ${id}`; every value is bound, a nested sql`…` is spliced as SQL. */
export function sql(strings: TemplateStringsArray, ...values: (SqlValue | Sql)[]): Sql {
  return new Sql([...strings], values)
}

/** Items separated by commas, each value bound: `in (${list(ids)})`. */
export function list(items: readonly (SqlValue | Sql)[]): Sql {
  const separators = items.slice(1).map(() => ', ')
  return new Sql(items.length === 0 ? [''] : ['', ...separators, ''], items)
}

const PLAIN_IDENTIFIER = /^[a-z_][a-z0-9_]*$/

/** A table or column name chosen by code, quoted; anything but a plain snake_case name is refused. */
export function identifier(name: string): Sql {
  if (!PLAIN_IDENTIFIER.test(name)) throw new Error(`sql: not a plain identifier: ${JSON.stringify(name)}`)
  return new Sql([`"${name}"`], [])
}

/** The statement's text with the dialect's placeholders (`?`, or `$1`, `$2`…) and its values in order. */
export function render(statement: Sql, dialect: Dialect): { text: string; values: SqlValue[] } {
  let text = ''
  const values: SqlValue[] = []
  const walk = ({ strings, values: parts }: Sql) => {
    strings.forEach((chunk, index) => {
      text += chunk
      if (index >= parts.length) return
      const part = parts[index]
      if (part instanceof Sql) return walk(part)
      values.push(part)
      text += dialect === 'postgres' ? `$${values.length}` : '?'
    })
  }
  walk(statement)
  return { text, values }
}

/** Statements run on the database, or within one transaction of it. */
export interface Queries {
  readonly dialect: Dialect
  /** Every row the statement answers. */
  all<R extends Row = Row>(statement: Sql): Promise<R[]>
  /** The first row the statement answers, if any. */
  get<R extends Row = Row>(statement: Sql): Promise<R | undefined>
  /** Runs the statement; answers how many rows it changed. */
  run(statement: Sql): Promise<number>
  /** One insert of every row (values in the order of `columns`); nothing when there are none. */
  insertRows(table: string, columns: readonly string[], rows: readonly (readonly SqlValue[])[]): Promise<void>
}

export interface Transaction extends Queries {
  /** Passed to Payload's local API, its writes join this transaction (PostgreSQL; SQLite shares one connection). */
  readonly req: Partial<PayloadRequest>
}

export interface Database extends Queries {
  /**
   * Runs `work` in a transaction: committed when it returns, rolled back when it throws. With
   * `lock`, holders of the same key take turns, across every instance sharing the database, from
   * before their first statement until their commit.
   */
  transaction<T>(work: (tx: Transaction) => Promise<T>, options?: { lock?: number }): Promise<T>
}

type Execute = (text: string, values: SqlValue[]) => Promise<{ rows: Row[]; changed: number }>

type LibsqlClient = {
  execute(statement: { sql: string; args: SqlValue[] }): Promise<{
    columns: string[]
    rows: ArrayLike<unknown>[]
    rowsAffected: number
  }>
}
type PgQueryable = {
  query(config: { text: string; values: SqlValue[]; types: unknown }): Promise<{ rows: Row[]; rowCount: number | null }>
}
type PgTypes = { getTypeParser(oid: number, format?: string): unknown }
/** What this module reads of the two adapters; nothing else in `src` looks inside `payload.db`. */
type AdapterInternals = {
  name: string
  client?: LibsqlClient
  pool?: PgQueryable
  pg?: { types: PgTypes }
  sessions?: Record<string, { db: { session: { client: PgQueryable } } }>
}

const internalsOf = (payload: Payload) => payload.db as unknown as AdapterInternals

/** Date and time types (and their arrays) PostgreSQL answers as text, as SQLite stores them and Payload reads them. */
const PG_TIME_TYPES = new Set([1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187])

function pgExecute(client: PgQueryable, pgTypes: PgTypes): Execute {
  const types = {
    getTypeParser: (oid: number, format?: string) =>
      PG_TIME_TYPES.has(oid) ? (value: string) => value : pgTypes.getTypeParser(oid, format),
  }
  return async (text, values) => {
    const result = await client.query({ text, values, types })
    return { rows: result.rows, changed: result.rowCount ?? 0 }
  }
}

function sqliteExecute(client: LibsqlClient): Execute {
  return async (text, values) => {
    const result = await client.execute({ sql: text, args: values })
    const rows = result.rows.map((row) => Object.fromEntries(result.columns.map((column, i) => [column, row[i]])))
    return { rows, changed: result.rowsAffected }
  }
}

function queriesOn(dialect: Dialect, execute: Execute): Queries {
  const all = async <R extends Row>(statement: Sql) => {
    const { text, values } = render(statement, dialect)
    return (await execute(text, values)).rows as R[]
  }
  return {
    dialect,
    all,
    get: async <R extends Row>(statement: Sql): Promise<R | undefined> => (await all<R>(statement))[0],
    run: async (statement) => {
      const { text, values } = render(statement, dialect)
      return (await execute(text, values)).changed
    },
    insertRows: async (table, columns, rows) => {
      if (rows.length === 0) return
      const tuples = rows.map((row) => sql`(${list(row)})`)
      await all(sql`insert into ${identifier(table)} (${list(columns.map(identifier))}) values ${list(tuples)}`)
    },
  }
}

/** A connection a tool opened itself, without Payload (src/platform/databaseConnection.ts). */
export type OwnConnection =
  { dialect: 'sqlite'; client: LibsqlClient } | { dialect: 'postgres'; client: PgQueryable; types: PgTypes }

/** Raw SQL on a connection of its own, for tools that must not start the site (the doctor). */
export function queriesOnConnection(connection: OwnConnection): Queries {
  return connection.dialect === 'postgres'
    ? queriesOn('postgres', pgExecute(connection.client, connection.types))
    : queriesOn('sqlite', sqliteExecute(connection.client))
}

/** The last SQLite transaction begun by each instance: they share one connection, so they take turns. */
const sqliteTurns = new WeakMap<Payload, Promise<unknown>>()

/**
 * SQLite: BEGIN IMMEDIATE takes the file's write lock, so other processes wait for the commit;
 * within this process transactions take turns (whatever their lock key). Payload runs every
 * statement of this process on the same connection, so a write made meanwhile outside `work`
 * lands in the transaction too: keep `work` short.
 */
function sqliteTransaction<T>(payload: Payload, base: Queries, work: (tx: Transaction) => Promise<T>) {
  const turn = async () => {
    await base.run(sql`BEGIN IMMEDIATE`)
    try {
      const result = await work({ ...base, req: {} })
      await base.run(sql`COMMIT`)
      return result
    } catch (error) {
      await base.run(sql`ROLLBACK`).catch(() => undefined) // the first error is the one to report
      throw error
    }
  }
  const result = (sqliteTurns.get(payload) ?? Promise.resolve()).then(turn, turn)
  sqliteTurns.set(
    payload,
    result.catch(() => undefined),
  )
  return result
}

/** PostgreSQL: one of Payload's own transactions, so that local API writes given `tx.req` join it. */
async function pgTransaction<T>(
  payload: Payload,
  base: Queries,
  work: (tx: Transaction) => Promise<T>,
  lock: number | undefined,
): Promise<T> {
  const internals = internalsOf(payload)
  const transactionID = await payload.db.beginTransaction()
  const session = transactionID == null ? undefined : internals.sessions?.[String(transactionID)]
  // Payload configured without transactions: the work runs as plain statements, as Payload's own writes do.
  if (transactionID == null || !session || !internals.pg) return work({ ...base, req: {} })
  const tx = {
    ...queriesOn('postgres', pgExecute(session.db.session.client, internals.pg.types)),
    req: { transactionID },
  }
  try {
    if (lock !== undefined) await tx.run(sql`select pg_advisory_xact_lock(${lock})`)
    const result = await work(tx)
    await payload.db.commitTransaction(transactionID)
    return result
  } catch (error) {
    await Promise.resolve(payload.db.rollbackTransaction(transactionID)).catch(() => undefined)
    throw error
  }
}

/** Raw SQL on `payload`'s database. */
export function database(payload: Payload): Database {
  const internals = internalsOf(payload)
  if (internals.pool && internals.pg) {
    const base = queriesOn('postgres', pgExecute(internals.pool, internals.pg.types))
    return { ...base, transaction: (work, options) => pgTransaction(payload, base, work, options?.lock) }
  }
  if (internals.client) {
    const base = queriesOn('sqlite', sqliteExecute(internals.client))
    return { ...base, transaction: (work) => sqliteTransaction(payload, base, work) }
  }
  throw new Error(`sql: unsupported database adapter ${internals.name}`)
}
