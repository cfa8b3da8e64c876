// `npx tsx scripts/new-migration.ts <name>`: after a schema change, writes the migration for both
// databases (SQLite, then PostgreSQL on a throwaway local cluster) and regenerates the types.
import { spawnSync } from 'node:child_process'
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

const postgres = await startTempPostgres()
try {
  payload(['migrate:create', name, '--skip-empty'], '')
  payload(['migrate:create', name, '--skip-empty'], postgres.url)
  payload(['generate:types'], '')
  payload(['generate:importmap'], '')
} finally {
  postgres.stop()
}
