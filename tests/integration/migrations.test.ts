import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateDatabase } from '@/platform/migrate'
import { database, sql } from '@/platform/sql'
import { seedIfEmpty } from '@/setup/seed'
import { migrations as postgresMigrations } from '@/migrations/postgres'
import { migrations as sqliteMigrations } from '@/migrations/sqlite'
import { postgresDatabase } from '../support/sharedPostgres'
import { startEmptyTestPayload, startTestPayload } from '../support/payload'

async function appliedMigrations(payload: Awaited<ReturnType<typeof startTestPayload>>['payload']) {
  const { docs } = await payload.find({ collection: 'payload-migrations', limit: 0, sort: 'createdAt' })
  return docs.map((doc) => doc.name)
}

describe('migrations on SQLite', () => {
  it('create the whole schema on an empty file and run once', async () => {
    const { payload, cleanup } = await startEmptyTestPayload()
    try {
      expect(await appliedMigrations(payload)).toEqual(sqliteMigrations.map((m) => m.name))
      await migrateDatabase(payload)
      expect(await appliedMigrations(payload)).toEqual(sqliteMigrations.map((m) => m.name))
      expect(await seedIfEmpty(payload)).toBe(true)
    } finally {
      await cleanup()
    }
  })
})

describe('migrations on PostgreSQL', () => {
  let server: Awaited<ReturnType<typeof postgresDatabase>>
  beforeAll(async () => {
    server = await postgresDatabase({ migrated: false })
  })
  afterAll(() => server?.stop())

  it('create the schema on a real server, and the seeded site reads back', async () => {
    const { payload, cleanup } = await startTestPayload(server.url)
    try {
      expect(payload.db.name).toBe('postgres')
      expect(await appliedMigrations(payload)).toEqual(postgresMigrations.map((m) => m.name))
      expect(await seedIfEmpty(payload)).toBe(true)
      const { docs } = await payload.find({ collection: 'pages', where: { path: { equals: '/contact' } }, depth: 2 })
      expect(docs[0]?.title).toBeTruthy()
      // A form created after the seeded id 115 gets a fresh id instead of colliding.
      const next = await payload.create({
        collection: 'forms',
        data: { title: 'Another', fields: [{ blockType: 'text', name: 'x', label: 'X' }] },
      })
      expect(next.id).toBeGreaterThan(115)
    } finally {
      await cleanup()
    }
  })
})

describe('the editing migration on a site that already has content', () => {
  it('carries the denied regions, once rows of their own, into the one list of codes', async () => {
    const { payload, cleanup } = await startTestPayload()
    try {
      const editing = sqliteMigrations.find((m) => m.name.endsWith('_editing'))!
      const args = { db: (payload.db as unknown as { drizzle: unknown }).drizzle, payload, req: {} } as never
      await payload.updateGlobal({ slug: 'site-settings', data: { business: { name: 'Upgrade test', state: 'Ohio' } } })
      // Back to the schema before it, with the list as that schema kept it.
      await editing.down(args)
      const { id } = (await database(payload).get(sql`SELECT id FROM site_settings`)) as { id: number }
      for (const [order, code] of ['de', 'US-CA'].entries())
        await database(payload).run(
          sql`INSERT INTO site_settings_analytics_denied_regions (_order, _parent_id, id, code) VALUES (${order + 1}, ${id}, ${`row-${order}`}, ${code})`,
        )
      await editing.up(args)
      const settings = await payload.findGlobal({ slug: 'site-settings' })
      expect(settings.analytics?.deniedRegions).toEqual(['DE', 'US-CA'])
    } finally {
      await cleanup()
    }
  })
})

describe('the page-titles migration on a site seeded before titles were composed', () => {
  it('takes the seeded business name out of the SEO titles that still hold it, and leaves other titles alone', async () => {
    const { payload, cleanup } = await startTestPayload()
    try {
      const titlesMigration = sqliteMigrations.find((m) => m.name.endsWith('_page_titles_without_name'))!
      const args = { db: (payload.db as unknown as { drizzle: unknown }).drizzle, payload, req: {} } as never
      await seedIfEmpty(payload)
      const db = database(payload)
      // The titles as the seed wrote them before, in the pages and in their versions.
      await db.run(sql`UPDATE pages SET seo_title = seo_title || ' | Cardinal Title Research' WHERE path = '/pricing'`)
      await db.run(sql`UPDATE _pages_v SET version_seo_title = version_seo_title || ' | Cardinal Title Research'
        WHERE version_path = '/pricing'`)
      await db.run(sql`UPDATE pages SET seo_title = 'About Cardinal Title Research | Ohio Title Search Company'
        WHERE path = '/about'`)
      await db.run(sql`UPDATE pages SET seo_title = 'Frequently asked | our own words' WHERE path = '/faq'`)
      await titlesMigration.up(args)
      const titleOf = async (path: string) =>
        (await payload.find({ collection: 'pages', where: { path: { equals: path } }, draft: false })).docs[0]?.seo
          ?.title
      expect(await titleOf('/pricing')).toBe('Title Search Pricing in Ohio')
      expect(await titleOf('/about')).toBe('About Our Ohio Title Search Company')
      expect(await titleOf('/faq')).toBe('Frequently asked | our own words')
      const versions = await db.all(
        sql`SELECT version_seo_title AS title FROM _pages_v WHERE version_path = '/pricing'`,
      )
      expect(versions.map((row) => row.title)).not.toContainEqual(expect.stringContaining('Cardinal'))
    } finally {
      await cleanup()
    }
  })
})
