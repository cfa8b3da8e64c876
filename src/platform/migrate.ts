import type { Payload } from 'payload'
import { migrations as postgresMigrations } from '@/migrations/postgres'
import { migrations as sqliteMigrations } from '@/migrations/sqlite'

/** The committed migrations for the database the site runs on. */
export const migrationsFor = (payload: Payload) =>
  payload.db.name === 'postgres' ? postgresMigrations : sqliteMigrations

/** Applies every committed migration not yet applied; never pushes the schema. */
export async function migrateDatabase(payload: Payload): Promise<void> {
  await payload.db.migrate({ migrations: migrationsFor(payload) as never })
}
