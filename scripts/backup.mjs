// `npm run backup` (the embedded site: DATA_DIR and DATABASE_URL, from .env when set there) or
// `npm run backup -- --stack` (the production stack's PostgreSQL and uploads). With `--every
// HOURS` it keeps running and makes one whenever the newest is that old (the stack's schedule).
// Each archive is encrypted for BACKUP_AGE_RECIPIENT when set, copied to BACKUP_S3_BUCKET when set
// (a failed copy fails the backup, the archive kept), then retention thins both places.
// `--new-key FILE` makes a key pair for BACKUP_AGE_RECIPIENT instead: the private key into FILE.
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { generateIdentity, identityToRecipient } from 'age-encryption'
import { abandonBackups, backup, backupDirFromEnv, BackupError, uploadsBucketFrom } from './lib/backup.mjs'
import { newestArchive } from './lib/backupArchives.mjs'
import { recipientFrom } from './lib/backupEncryption.mjs'
import { offsiteStoreFrom, uploadArchive } from './lib/backupOffsite.mjs'
import { describeRetention, pruneBackupDir, pruneOffsite, retentionFrom } from './lib/backupRetention.mjs'
import { continueOnProjectNode, loadEnvFile, ROOT } from './lib/bootstrap.mjs'
import { DEFAULT_DATA_FOLDER } from '../src/platform/dataFolder.mjs'

const HOUR_MS = 60 * 60 * 1000
/** The exit codes of a process ended by these signals (128 + the signal's number), as a shell reports them. */
const STOPPED_EXIT_CODES = { SIGINT: 130, SIGTERM: 143 }
const RETRY_AFTER_FAILURE_MS = 15 * 60 * 1000
/** The longest a timer may wait in Node. */
const MAX_TIMER_MS = 2 ** 31 - 1
/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(0, ms), MAX_TIMER_MS)))

continueOnProjectNode()
loadEnvFile()
const { values } = parseArgs({
  options: {
    stack: { type: 'boolean', default: false },
    every: { type: 'string' },
    // The settings file with the secrets, which an encrypted archive holds: .env here, /etc/site/site.env on a server.
    secrets: { type: 'string', default: path.join(ROOT, '.env') },
    'new-key': { type: 'string' },
  },
})

/**
 * Writes a new age private key into `file` (a new file, 0600) and prints the public key to set.
 * @param {string} file
 */
async function newKey(file) {
  const identity = await generateIdentity()
  fs.writeFileSync(file, `# The private key of the site's backups: keep it off the server.\n${identity}\n`, {
    flag: 'wx',
    mode: 0o600,
  })
  console.log(`> Wrote the private key to ${file}: keep it apart from the server (a password manager, a vault).`)
  console.log('> Put this public key in the settings (.env, or /etc/site/site.env on a server):')
  console.log(`BACKUP_AGE_RECIPIENT=${await identityToRecipient(identity)}`)
}
if (values['new-key'] !== undefined) {
  await newKey(path.resolve(values['new-key']))
  process.exit(0)
}

/** @returns {Promise<{ dataDir: string, databaseUrl?: string, source: 'site' | 'stack' }>} */
async function backupTarget() {
  if (!values.stack)
    return {
      dataDir: process.env.DATA_DIR || DEFAULT_DATA_FOLDER,
      databaseUrl: process.env.DATABASE_URL,
      source: 'site',
    }
  const { DATABASE_URL, UPLOADS_DIR } = await import('../deploy/lib/config.mjs')
  return { dataDir: UPLOADS_DIR, databaseUrl: DATABASE_URL, source: 'stack' }
}

const backupDir = backupDirFromEnv()
const target = await backupTarget()
const uploadsInBucket = uploadsBucketFrom(process.env)
/** @type {string | null} */
let recipient = null
/** @type {import('./lib/backupOffsite.mjs').OffsiteStore | null} */
let offsite = null
/** @type {import('./lib/backupRetention.mjs').Retention} */
let retention
try {
  recipient = recipientFrom(process.env)
  offsite = offsiteStoreFrom(process.env)
  retention = retentionFrom(process.env)
} catch (error) {
  console.error(`> The backup cannot start: ${/** @type {Error} */ (error).message}`)
  process.exit(1)
}

// Stopped mid-backup (the stack's stop, Ctrl-C): no staging folder, partial archive or tool is left behind.
for (const [signal, exitCode] of Object.entries(STOPPED_EXIT_CODES)) {
  process.once(signal, () => {
    abandonBackups()
    process.exit(exitCode)
  })
}

/**
 * The cause in plain words, with what to do when the backup folder is out of reach.
 * @param {unknown} error
 * @returns {string}
 */
function whyFailed(error) {
  const message = error instanceof Error ? error.message : String(error)
  return /** @type {NodeJS.ErrnoException | undefined} */ (error)?.code === 'EACCES'
    ? `${message} (set BACKUP_DIR to a folder this user may write)`
    : message
}

/**
 * Copies the new archive off the machine; answers the error instead of throwing, so retention runs still.
 * @param {string} archive
 * @returns {Promise<Error | null>}
 */
async function copyOffsite(archive) {
  if (!offsite) return null
  try {
    console.log(`> Copied to ${await uploadArchive(offsite, archive)}`)
    return null
  } catch (error) {
    return /** @type {Error} */ (error)
  }
}

async function backupOnce() {
  const envFile = path.resolve(values.secrets)
  const result = await backup({ ...target, backupDir, envFile, recipient, uploadsInBucket })
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
  if (result.encrypted) {
    console.log(`> Encrypted for BACKUP_AGE_RECIPIENT${result.manifest.secrets ? `, with ${envFile} inside` : ''}.`)
  } else {
    console.warn('> Warning: this archive is not encrypted (BACKUP_AGE_RECIPIENT is not set): anyone who reads it')
    console.warn('>   reads the submissions and chats.')
    if (result.settingsLeftOut)
      console.warn(`>   It does not hold ${envFile} and its secrets either: keep a copy of that file apart yourself.`)
  }
  const copyFailure = await copyOffsite(result.archive)
  for (const name of pruneBackupDir(backupDir, retention))
    console.log(`> Deleted ${name} (kept: ${describeRetention(retention)}).`)
  if (copyFailure) {
    throw new BackupError(
      `${result.archive} is made and kept here, but its off-site copy failed: ${copyFailure.message}`,
    )
  }
  if (offsite)
    for (const name of await pruneOffsite(offsite, retention)) console.log(`> Deleted ${offsite.where}${name}.`)
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
  console.log(`> A backup every ${values.every} hours into ${backupDir}, keeping ${describeRetention(retention)}.`)
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
