import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { getPayload, type Payload } from 'payload'
import { migrateDatabase } from '@/platform/migrate'
import { buildSiteConfig } from '@/payload.config'

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
