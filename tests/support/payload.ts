import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createClient } from '@libsql/client'
import { getPayload, type Payload } from 'payload'
import { afterAll, beforeAll, expect } from 'vitest'
import { migrateDatabase } from '@/platform/migrate'
import { buildSiteConfig } from '@/payload.config'
import { sqliteMigrationsFingerprint } from './migrationsFingerprint'
import { postgresDatabase } from './sharedPostgres'

let instances = 0

/** Migrated SQLite files, one per set of migrations, kept between runs (.tmp is the checkout's scratch folder). */
const TEMPLATES_DIR = path.resolve(__dirname, '../../.tmp/vitest-templates')

/**
 * A SQLite file with every committed migration applied, made once and then copied for each suite:
 * a copy takes milliseconds where migrating an empty file takes seconds. Made beside and renamed,
 * so that two workers making it at once never read a half-written one.
 */
export async function migratedSqliteTemplate(): Promise<string> {
  const template = path.join(TEMPLATES_DIR, `sqlite-${sqliteMigrationsFingerprint()}.db`)
  if (fs.existsSync(template)) return template
  fs.mkdirSync(TEMPLATES_DIR, { recursive: true })
  const dir = fs.mkdtempSync(path.join(TEMPLATES_DIR, 'making-'))
  const file = path.join(dir, 'template.db')
  const payload = await getPayload({
    config: buildSiteConfig(`file:${file}`),
    key: `template-${process.pid}-${++instances}`,
  })
  await migrateDatabase(payload)
  await payload.destroy()
  // Everything written is in the file itself once its log is checkpointed, so the file alone is a whole copy.
  const client = createClient({ url: `file:${file}` })
  await client.execute('PRAGMA wal_checkpoint(TRUNCATE)')
  client.close()
  fs.renameSync(file, template)
  fs.rmSync(dir, { recursive: true, force: true })
  return template
}

/**
 * A Payload instance on its own new SQLite file (a copy of the migrated template), or on the given
 * database URL (migrated here); `key` lets a REST handler find it.
 */
export async function startTestPayload(
  databaseUrl?: string,
): Promise<{ payload: Payload; key: string; cleanup: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-db-'))
  if (!databaseUrl) fs.copyFileSync(await migratedSqliteTemplate(), path.join(dir, 'test.db'))
  const url = databaseUrl ?? `file:${path.join(dir, 'test.db')}`
  const key = `test-${process.pid}-${++instances}`
  const payload = await getPayload({ config: buildSiteConfig(url), key })
  await migrateDatabase(payload)
  return {
    payload,
    key,
    cleanup: async () => {
      await payload.destroy()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A Payload instance on a new, empty SQLite file, migrated from nothing (for the suites about migrating and seeding). */
export async function startEmptyTestPayload(): Promise<{ payload: Payload; cleanup: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-db-'))
  const payload = await getPayload({
    config: buildSiteConfig(`file:${path.join(dir, 'test.db')}`),
    key: `test-${process.pid}-${++instances}`,
  })
  await migrateDatabase(payload)
  return {
    payload,
    cleanup: async () => {
      await payload.destroy()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** The databases a suite can run on: its own SQLite file, or its own database on the run's PostgreSQL. */
export const SUITE_DATABASES = ['SQLite', 'PostgreSQL'] as const
export type SuiteDatabase = (typeof SUITE_DATABASES)[number]

/** A suite's database is copied from the template and its Payload started within this. */
const SUITE_START_TIMEOUT_MS = 120_000

/**
 * Registers a suite's own migrated Payload on `database`, started before the suite's tests and
 * stopped (with its PostgreSQL database) after them. The fields of what it returns are set once started.
 */
export function setUpSuitePayload(database: SuiteDatabase = 'SQLite'): { payload: Payload; key: string } {
  const suite = {} as { payload: Payload; key: string }
  let postgres: Awaited<ReturnType<typeof postgresDatabase>> | undefined
  let cleanup: (() => Promise<void>) | undefined
  beforeAll(async () => {
    if (database === 'PostgreSQL') postgres = await postgresDatabase()
    const started = await startTestPayload(postgres?.url)
    cleanup = started.cleanup
    suite.payload = started.payload
    suite.key = started.key
  }, SUITE_START_TIMEOUT_MS)
  afterAll(async () => {
    await cleanup?.()
    await postgres?.stop()
  })
  return suite
}

/** The field errors Payload reports for a refused save, as `path: message` (the test fails if the save was accepted). */
export async function saveRefusal(save: Promise<unknown>): Promise<{ path: string; message: string }[]> {
  const error = (await save.then(
    () => null,
    (caught: unknown) => caught,
  )) as { data?: { errors?: { path: string; message: string }[] } } | null
  expect(error, 'the save was accepted').not.toBeNull()
  return (error?.data?.errors ?? []).map(({ path, message }) => ({ path, message }))
}
