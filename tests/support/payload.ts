import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { getPayload, type Payload } from 'payload'
import { afterAll, beforeAll } from 'vitest'
import { migrateDatabase } from '@/platform/migrate'
import { buildSiteConfig } from '@/payload.config'
import { startTempPostgres, type TempPostgres } from './postgres'

let instances = 0

/** A Payload instance on its own new SQLite file (or the given database URL), migrated; `key` lets a REST handler find it. */
export async function startTestPayload(
  databaseUrl?: string,
): Promise<{ payload: Payload; key: string; cleanup: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-db-'))
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

/** The databases a suite can run on: its own SQLite file, or a throwaway PostgreSQL. */
export const SUITE_DATABASES = ['SQLite', 'PostgreSQL'] as const
export type SuiteDatabase = (typeof SUITE_DATABASES)[number]

/** A throwaway PostgreSQL starts, migrates and seeds its cluster within this. */
const SUITE_START_TIMEOUT_MS = 120_000

/**
 * Registers a suite's own migrated Payload on `database`, started before the suite's tests and
 * stopped (with its PostgreSQL) after them. The fields of what it returns are set once started.
 */
export function setUpSuitePayload(database: SuiteDatabase = 'SQLite'): { payload: Payload; key: string } {
  const suite = {} as { payload: Payload; key: string }
  let postgres: TempPostgres | undefined
  let cleanup: (() => Promise<void>) | undefined
  beforeAll(async () => {
    if (database === 'PostgreSQL') postgres = await startTempPostgres()
    const started = await startTestPayload(postgres?.url)
    cleanup = started.cleanup
    suite.payload = started.payload
    suite.key = started.key
  }, SUITE_START_TIMEOUT_MS)
  afterAll(async () => {
    await cleanup?.()
    postgres?.stop()
  })
  return suite
}
