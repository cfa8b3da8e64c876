// `npm run restore -- ARCHIVE` restores a backup into the embedded site's empty data folder and
// database (DATA_DIR, DATABASE_URL); `--stack` into the production stack's, stopped (its
// PostgreSQL is started for the restore); `--force` first backs up a target that holds data into
// BACKUP_DIR (`…-before-restore-….tar.gz`), then empties it. Stop the site before.
import fs from 'node:fs'
import { parseArgs } from 'node:util'
import { backupDirFromEnv, restore, secretsNameFor } from './lib/backup.mjs'
import { continueOnProjectNode, loadEnvFile } from './lib/bootstrap.mjs'

continueOnProjectNode()
loadEnvFile()
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { stack: { type: 'boolean', default: false }, force: { type: 'boolean', default: false } },
})
if (positionals.length !== 1) {
  console.error('Usage: npm run restore -- ARCHIVE [--stack] [--force]')
  process.exit(2)
}

/** The stack's own PostgreSQL, started for the restore alone (a new cluster and database when there is none), then stopped. */
async function restoreIntoStack(options) {
  const { DATABASE_URL, LOG_DIR, PG_PORT, UPLOADS_DIR } = await import('../deploy/lib/config.mjs')
  const { portAnswers, stopProcess } = await import('../deploy/lib/processes.mjs')
  const { startPostgres } = await import('../deploy/lib/services.mjs')
  if (await portAnswers(PG_PORT)) {
    throw new Error(
      `something listens on port ${PG_PORT}: stop the stack first (npm run stack:stop), nothing was changed`,
    )
  }
  fs.mkdirSync(LOG_DIR, { recursive: true })
  const postgres = await startPostgres()
  try {
    return await restore({ ...options, dataDir: UPLOADS_DIR, databaseUrl: DATABASE_URL, source: 'stack' })
  } finally {
    await stopProcess('PostgreSQL', postgres, ['SIGTERM', 'SIGINT'])
  }
}

try {
  const options = { archive: positionals[0], force: values.force, backupDir: backupDirFromEnv() }
  const result = values.stack
    ? await restoreIntoStack(options)
    : await restore({ ...options, dataDir: process.env.DATA_DIR || 'data', databaseUrl: process.env.DATABASE_URL })
  if (result.beforeRestore) console.log(`> What the target held before is kept in ${result.beforeRestore}`)
  console.log(`> Restored the backup of ${result.manifest.createdAt}, checked against its manifest:`)
  console.log(`>   ${result.rows} rows in ${Object.keys(result.tables).length} tables into ${result.database}`)
  for (const [table, rows] of Object.entries(result.tables)) if (rows) console.log(`>     ${table}: ${rows}`)
  console.log(`>   ${result.files} files into ${result.dataDir}`)
  const secrets = secretsNameFor(positionals[0])
  if (fs.existsSync(secrets))
    console.log(`> .env is not restored: on a new machine, copy ${secrets} to .env (mode 0600).`)
} catch (error) {
  console.error(`> The restore failed: ${error instanceof Error ? error.message : error}`)
  process.exitCode = 1
}
