// `npm run backup` (the embedded site: DATA_DIR and DATABASE_URL, from .env when set there) or
// `npm run backup -- --stack` (the production stack's PostgreSQL and uploads). With `--every
// HOURS` it keeps running and makes one whenever the newest is that old (the stack's schedule).
import path from 'node:path'
import { parseArgs } from 'node:util'
import { abandonBackups, backup, backupDirFromEnv, BACKUP_KEEP_DAYS, uploadsBucketFrom } from './lib/backup.mjs'
import { newestArchive } from './lib/backupArchives.mjs'
import { continueOnProjectNode, loadEnvFile, ROOT } from './lib/bootstrap.mjs'

const HOUR_MS = 60 * 60 * 1000
/** The exit codes of a process ended by these signals (128 + the signal's number), as a shell reports them. */
const STOPPED_EXIT_CODES = { SIGINT: 130, SIGTERM: 143 }
const RETRY_AFTER_FAILURE_MS = 15 * 60 * 1000
/** The longest a timer may wait in Node. */
const MAX_TIMER_MS = 2 ** 31 - 1
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(0, ms), MAX_TIMER_MS)))

continueOnProjectNode()
loadEnvFile()
const { values } = parseArgs({
  options: {
    stack: { type: 'boolean', default: false },
    every: { type: 'string' },
    // The settings file with the secrets, copied beside the archive: .env here, /etc/site/site.env on a server.
    secrets: { type: 'string', default: path.join(ROOT, '.env') },
  },
})

async function backupTarget() {
  if (!values.stack)
    return { dataDir: process.env.DATA_DIR || 'data', databaseUrl: process.env.DATABASE_URL, source: 'site' }
  const { DATABASE_URL, UPLOADS_DIR } = await import('../deploy/lib/config.mjs')
  return { dataDir: UPLOADS_DIR, databaseUrl: DATABASE_URL, source: 'stack' }
}

const backupDir = backupDirFromEnv()
const keepDays = Number(process.env.BACKUP_KEEP_DAYS || BACKUP_KEEP_DAYS)
if (!(keepDays > 0))
  throw new Error(`BACKUP_KEEP_DAYS must be a number of days above 0, not ${process.env.BACKUP_KEEP_DAYS}`)
const target = await backupTarget()
const uploadsInBucket = uploadsBucketFrom(process.env)

// Stopped mid-backup (the stack's stop, Ctrl-C): no staging folder, partial archive or tool is left behind.
for (const [signal, exitCode] of Object.entries(STOPPED_EXIT_CODES)) {
  process.once(signal, () => {
    abandonBackups()
    process.exit(exitCode)
  })
}

/** The cause in plain words, with what to do when the backup folder is out of reach. */
function whyFailed(error) {
  const message = error instanceof Error ? error.message : String(error)
  return error?.code === 'EACCES' ? `${message} (set BACKUP_DIR to a folder this user may write)` : message
}

async function backupOnce() {
  const result = await backup({
    ...target,
    backupDir,
    keepDays,
    envFile: path.resolve(values.secrets),
    uploadsInBucket,
  })
  const { database, files } = result.manifest
  const rows = Object.values(database.tables).reduce((sum, n) => sum + n, 0)
  console.log(
    `> Backed up ${rows} rows in ${Object.keys(database.tables).length} tables (${database.kind}) and ${files.length} files:`,
  )
  console.log(`>   ${result.archive}`)
  if (uploadsInBucket) {
    console.log(
      `> Uploads and chat files are not in the archive: they live in s3://${uploadsInBucket.bucket}/ (S3_BUCKET),`,
    )
    console.log('>   which the store keeps with its own versioning or replication.')
  }
  if (result.secrets) console.log(`>   ${result.secrets}   (the .env secrets, mode 0600: keep it apart)`)
  for (const name of result.removed) console.log(`> Deleted ${name}, older than ${keepDays} days.`)
}

/** When the newest archive of this source was made, or 0 when there is none; a restore's copy of what it replaced is not one. */
const newestBackupMs = () => newestArchive(backupDir, target.source)?.made.getTime() ?? 0

if (values.every === undefined) {
  try {
    await backupOnce()
  } catch (error) {
    console.error(`> The backup failed: ${whyFailed(error)}`)
    process.exitCode = 1
  }
} else {
  const intervalMs = Number(values.every) * HOUR_MS
  if (!(intervalMs > 0)) throw new Error(`--every takes a number of hours above 0, not ${values.every}`)
  console.log(`> A backup every ${values.every} hours into ${backupDir}, keeping ${keepDays} days.`)
  for (;;) {
    await sleep(newestBackupMs() + intervalMs - Date.now())
    try {
      await backupOnce()
    } catch (error) {
      // One failure (the database restarting) is tried again later instead of ending the schedule.
      console.error(`> The backup failed: ${whyFailed(error)}`)
      await sleep(RETRY_AFTER_FAILURE_MS)
    }
  }
}
