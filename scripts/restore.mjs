// `npm run restore -- ARCHIVE` restores a backup into the embedded site's empty data folder and
// database (DATA_DIR, DATABASE_URL); `--stack` into the production stack's, stopped (its
// PostgreSQL is started for the restore); `--force` first backs up a target that holds data into
// BACKUP_DIR (`…-before-restore-….tar.gz`), then empties it: a site set up by its first start holds
// its seeded pages and first admin, which the backup's replace. Stop the site before.
// ARCHIVE is a file, or `s3://BUCKET/KEY` (an off-site copy, downloaded into BACKUP_DIR first with
// the BACKUP_S3_* settings). An encrypted archive (`….tar.gz.age`) is opened with the private key
// of `--identity FILE` or BACKUP_AGE_IDENTITY_FILE (`--identity -`: standard input), and the settings
// file it holds is brought into `--secrets FILE` (.env by default; backupSettings.mjs says which
// settings it replaces).
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { backupDirFromEnv, restore } from './lib/backup.mjs'
import { BackupError, EXIT_NOTHING_CHANGED, NothingChangedError } from './lib/backupArchives.mjs'
import { downloadArchive, offsiteStoreFrom, parseS3Address } from './lib/backupOffsite.mjs'
import { giveToSiteOwner } from './lib/backupRestoreAccess.mjs'
import { continueOnProjectNode, loadEnvFile, ROOT } from './lib/bootstrap.mjs'
import { DEFAULT_DATA_FOLDER } from '../src/platform/dataFolder.mjs'

const USAGE =
  'Usage: npm run restore -- ARCHIVE|s3://BUCKET/KEY [--force] [--identity FILE|-] [--secrets FILE] [--stack]'

continueOnProjectNode()
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    stack: { type: 'boolean', default: false },
    force: { type: 'boolean', default: false },
    identity: { type: 'string' },
    secrets: { type: 'string', default: path.join(ROOT, '.env') },
  },
})
loadEnvFile(path.resolve(values.secrets))
if (positionals.length !== 1) {
  console.error(USAGE)
  process.exit(2)
}

/**
 * The stack's own PostgreSQL, started for the restore alone (a new cluster and database when there is none), then stopped.
 * @param {Omit<Parameters<typeof restore>[0], 'dataDir' | 'databaseUrl' | 'source'>} options
 */
async function restoreIntoStack(options) {
  const { DATABASE_URL, LOG_DIR, PG_PORT, UPLOADS_DIR } = await import('../deploy/lib/config.mjs')
  const { portAnswers, stopProcess } = await import('../deploy/lib/processes.mjs')
  const { startPostgres } = await import('../deploy/lib/services.mjs')
  if (await portAnswers(PG_PORT)) {
    throw new NothingChangedError(`something listens on port ${PG_PORT}: stop the stack first (npm run stack:stop)`)
  }
  fs.mkdirSync(LOG_DIR, { recursive: true })
  const postgres = await startPostgres()
  try {
    return await restore({ ...options, dataDir: UPLOADS_DIR, databaseUrl: DATABASE_URL, source: 'stack' })
  } finally {
    await stopProcess('PostgreSQL', postgres, ['SIGTERM', 'SIGINT'])
  }
}

/**
 * The archive as a local file: `s3://bucket/key` downloaded into `backupDir` (kept there, as any archive), else the path given.
 * @param {string} given
 * @param {string} backupDir
 * @returns {Promise<string>}
 */
async function localArchive(given, backupDir) {
  const address = parseS3Address(given)
  if (!address) return given
  // An address names its bucket, so there is a store.
  const store = /** @type {import('./lib/backupOffsite.mjs').OffsiteStore} */ (
    offsiteStoreFrom(process.env, { bucket: address.bucket })
  )
  const file = path.join(backupDir, path.basename(address.key))
  if (fs.existsSync(file)) {
    console.log(`> ${file} is there already: restoring it rather than downloading ${given} again.`)
    return file
  }
  fs.mkdirSync(backupDir, { recursive: true, mode: 0o700 })
  const partial = `${file}.partial`
  try {
    await downloadArchive(store, address.key, () => fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 }))
    fs.renameSync(partial, file)
    // Kept among the site's archives: run by root, it is the backup folder's owner's, as they are.
    giveToSiteOwner(file, backupDir)
  } catch (error) {
    fs.rmSync(partial, { force: true })
    throw error instanceof BackupError ? new NothingChangedError(error.message) : error
  }
  console.log(`> Downloaded ${given} into ${file}`)
  return file
}

/** @param {import('./lib/backupRestore.mjs').RestoreOutcome} result */
function report(result) {
  if (result.beforeRestore) console.log(`> What the target held before is kept in ${result.beforeRestore}`)
  console.log(`> Restored the backup of ${result.manifest.createdAt}, checked against its manifest:`)
  console.log(`>   ${result.rows} rows in ${Object.keys(result.tables).length} tables into ${result.database}`)
  for (const [table, rows] of Object.entries(result.tables)) if (rows) console.log(`>     ${table}: ${rows}`)
  console.log(`>   ${result.files} files into ${result.dataDir}`)
  if (result.settings?.changed.length) {
    console.log(`> Settings from the backup in ${result.settings.file}: ${result.settings.changed.join(', ')}`)
    if (result.settings.keptAs) console.log(`>   (the file before is kept as ${result.settings.keptAs})`)
    console.log('>   The old admins sign in as before; restart the site to read them.')
  } else if (!result.settingsInArchive) {
    console.log('> This archive holds no settings (it is not encrypted): copy PAYLOAD_SECRET and the keys the site')
    console.log(`>   was given from the old site's settings into ${values.secrets}, or its admins must sign in again.`)
  }
}

try {
  const backupDir = backupDirFromEnv()
  const options = {
    archive: await localArchive(positionals[0], backupDir),
    force: values.force,
    backupDir,
    identityFile: values.identity ?? (process.env.BACKUP_AGE_IDENTITY_FILE || null),
    settingsFile: path.resolve(values.secrets),
  }
  report(
    values.stack
      ? await restoreIntoStack(options)
      : await restore({
          ...options,
          dataDir: process.env.DATA_DIR || DEFAULT_DATA_FOLDER,
          databaseUrl: process.env.DATABASE_URL,
        }),
  )
} catch (error) {
  console.error(`> The restore failed: ${error instanceof Error ? error.message : error}`)
  process.exitCode = error instanceof NothingChangedError ? EXIT_NOTHING_CHANGED : 1
}
