// `npm run restore -- ARCHIVE` restores a backup into the embedded site's empty data folder and
// database (DATA_DIR, DATABASE_URL); `--stack` into the production stack's; `--force` first
// empties a target that holds data. Stop the site (or the stack's app instances) before.
import { parseArgs } from 'node:util'
import { restore, secretsNameFor } from './lib/backup.mjs'
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

async function restoreTarget() {
  if (!values.stack) return { dataDir: process.env.DATA_DIR || 'data', databaseUrl: process.env.DATABASE_URL }
  const { DATABASE_URL, UPLOADS_DIR } = await import('../deploy/lib/config.mjs')
  return { dataDir: UPLOADS_DIR, databaseUrl: DATABASE_URL }
}

try {
  const result = await restore({ archive: positionals[0], ...(await restoreTarget()), force: values.force })
  console.log(`> Restored the backup of ${result.manifest.createdAt}, checked against its manifest:`)
  console.log(`>   ${result.rows} rows in ${Object.keys(result.tables).length} tables into ${result.database}`)
  for (const [table, rows] of Object.entries(result.tables)) if (rows) console.log(`>     ${table}: ${rows}`)
  console.log(`>   ${result.files} files into ${result.dataDir}`)
  console.log(
    `> The secrets (.env) are not restored: on a new machine copy ${secretsNameFor(positionals[0])} to .env (mode 0600).`,
  )
} catch (error) {
  console.error(`> The restore failed: ${error instanceof Error ? error.message : error}`)
  process.exitCode = 1
}
