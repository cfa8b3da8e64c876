import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { getPayload, type Payload } from 'payload'
import { migrateDatabase } from '@/cms/migrate'
import { buildSiteConfig } from '@/payload.config'

let instances = 0

/** A Payload instance on its own new SQLite file (or the given database URL), migrated. */
export async function startTestPayload(
  databaseUrl?: string,
): Promise<{ payload: Payload; cleanup: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-db-'))
  const url = databaseUrl ?? `file:${path.join(dir, 'test.db')}`
  const payload = await getPayload({ config: buildSiteConfig(url), key: `test-${process.pid}-${++instances}` })
  await migrateDatabase(payload)
  return {
    payload,
    cleanup: async () => {
      await payload.destroy()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
