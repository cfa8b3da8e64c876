import { getPayload } from 'payload'
import pg from 'pg'
import { inject } from 'vitest'
import { buildSiteConfig } from '@/payload.config'
import { migrateDatabase } from '@/platform/migrate'
import { postgresMigrationsFingerprint } from './migrationsFingerprint'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's shared PostgreSQL server, as its superuser (tests/support/globalSetup.ts). */
    sharedPostgresUrl: string
  }
}

/** Taken while a worker makes the template or copies it, so that two workers never do either at once. */
const TEMPLATE_LOCK = 49_001
/** How long a copy may wait for the template's last connection to close (the maker's pool ends them shortly after). */
const TEMPLATE_FREE_WAIT_MS = 10_000

let made = 0

const databaseUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

async function createDatabaseFrom(admin: pg.Client, name: string, template: string) {
  const giveUpAt = Date.now() + TEMPLATE_FREE_WAIT_MS
  for (;;) {
    try {
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`)
      return
    } catch (error) {
      const busy = (error as { code?: string }).code === '55006'
      if (!busy || Date.now() > giveUpAt) throw error
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

/** Makes the migrated template on the shared server once per set of migrations; the caller holds TEMPLATE_LOCK. */
async function ensureMigratedTemplate(admin: pg.Client, serverUrl: string): Promise<string> {
  const template = `site_template_${postgresMigrationsFingerprint()}`
  const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template])
  if (rowCount) return template
  const building = `${template}_making`
  await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`)
  await admin.query(`CREATE DATABASE "${building}"`)
  const payload = await getPayload({
    config: buildSiteConfig(databaseUrl(serverUrl, building)),
    key: `pg-template-${process.pid}-${++made}`,
  })
  await migrateDatabase(payload)
  await payload.destroy()
  await admin.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`).catch(async (error) => {
    // Its pool may take a moment to let go of its last connection.
    if ((error as { code?: string }).code !== '55006') throw error
    await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [building])
    await admin.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`)
  })
  return template
}

/**
 * A new database of its own on the run's shared PostgreSQL server: a copy of the migrated template
 * (made once, then copied in well under a second), or empty (`migrated: false`, for the migration
 * suite). For suites that need a PostgreSQL database but not a server of their own to kill; those
 * use startTempPostgres.
 */
export async function postgresDatabase({ migrated = true } = {}): Promise<{ url: string; stop: () => Promise<void> }> {
  const serverUrl = inject('sharedPostgresUrl')
  const name = `site_${process.pid}_${++made}_${Date.now().toString(36)}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK])
    if (migrated) await createDatabaseFrom(admin, name, await ensureMigratedTemplate(admin, serverUrl))
    else await admin.query(`CREATE DATABASE "${name}"`)
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined)
    await admin.end()
  }
  return {
    url: databaseUrl(serverUrl, name),
    stop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl })
      await dropper.connect()
      try {
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      } finally {
        await dropper.end()
      }
    },
  }
}
