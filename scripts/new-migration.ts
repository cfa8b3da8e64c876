// `npx tsx scripts/new-migration.ts <name>`: after a schema change, writes the migration for both
// databases (SQLite, then PostgreSQL on a throwaway local cluster) and regenerates the types.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { startTempPostgres } from '../tests/support/postgres'

const name = process.argv[2]
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('Usage: npx tsx scripts/new-migration.ts <name in lower_snake_case>')
  process.exit(2)
}

function payload(args: string[], databaseUrl: string) {
  const result = spawnSync('npx', ['payload', ...args], {
    stdio: 'inherit',
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PAYLOAD_SECRET: process.env.PAYLOAD_SECRET || 'migration-secret',
    },
  })
  if (result.status !== 0) throw new Error(`payload ${args.join(' ')} failed`)
}

/** Attempts at one database's migration: `payload` has been seen to end with status 0 having written nothing. */
const CREATE_ATTEMPTS = 3

/** Creates the migration for one database and checks that its file is really there. */
function createMigration(database: 'sqlite' | 'postgres', databaseUrl: string) {
  const dir = path.join('src', 'migrations', database)
  const written = () => fs.readdirSync(dir).filter((file) => file.endsWith(`_${name}.ts`)).length
  const before = written()
  for (let attempt = 1; attempt <= CREATE_ATTEMPTS; attempt++) {
    payload(['migrate:create', name, '--skip-empty'], databaseUrl)
    if (written() > before) return
    console.warn(`No ${database} migration was written (attempt ${attempt}); trying again…`)
  }
  throw new Error(`payload migrate:create wrote no ${database} migration named ${name}`)
}

const postgres = await startTempPostgres()
try {
  createMigration('sqlite', '')
  createMigration('postgres', postgres.url)
  payload(['generate:types'], '')
  payload(['generate:importmap'], '')
} finally {
  postgres.stop()
}
