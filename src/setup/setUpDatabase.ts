import type { Payload } from 'payload'
import { ensureFirstAdmin } from './firstAdmin'
import { migrateDatabase } from '@/platform/migrate'
import { seedIfEmpty } from './seed'

export type SetupReport = { seeded: boolean; admin: { email: string; password: string } | null }

/** Brings a database to the current schema, then gives it a first admin and content if empty. */
export async function setUpDatabase(payload: Payload): Promise<SetupReport> {
  await migrateDatabase(payload)
  const admin = await ensureFirstAdmin(payload)
  const seeded = await seedIfEmpty(payload)
  return { seeded, admin }
}
