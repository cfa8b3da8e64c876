import type { Payload } from 'payload'

/** The committed migrations for the database the site runs on (only that database's are loaded). */
export async function migrationsFor(payload: Payload) {
  if (payload.db.name === 'postgres') return (await import('@/migrations/postgres')).migrations
  return (await import('@/migrations/sqlite')).migrations
}

/** Applies every committed migration not yet applied; never pushes the schema. */
export async function migrateDatabase(payload: Payload): Promise<void> {
  await payload.db.migrate({ migrations: (await migrationsFor(payload)) as never })
}
