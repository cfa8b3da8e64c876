// Making a backup: the database (a consistent copy taken while the site runs), uploads, chat files
// and the outbox, in one dated archive with a manifest to check a restore against, read back
// before it counts; encrypted for BACKUP_AGE_RECIPIENT, it holds the settings file with the
// secrets too (backupEncryption.mjs), which an archive left plain never does.
import fs from 'node:fs'
import path from 'node:path'
import { backupDirFrom, BackupError, claimArchiveName, defaultBackupDirOf, PARTIAL_SUFFIX } from './backupArchives.mjs'
import {
  DATABASE_FOLDER,
  FILES_FOLDER,
  MANIFEST_FORMAT,
  MANIFEST_NAME,
  PRIVATE_NEW_FILE_FLAGS,
  SECRETS_COPY,
  SECRETS_FOLDER,
  verifyArchive,
} from './backupArchiveReading.mjs'
import { copyDatabase, describeDatabase, sqliteFileOf, SQLITE_SIDE_FILES } from './backupDatabase.mjs'
import { encryptInto } from './backupEncryption.mjs'
import { copyIntoNewFile, createPrivateFile, describeFile, filesBelow, sha256Of } from './backupFiles.mjs'
import { runTool, underWay } from './backupTools.mjs'
import { ROOT } from './bootstrap.mjs'
import { isPostgresUrl } from '../../src/platform/databaseUrl.mjs'
import { FIRST_ADMIN_FILE_NAME, UPLOAD_FOLDERS } from '../../src/platform/dataFolder.mjs'

/** The plain archive an encrypted one is made from, in the staging folder, and a decrypted one in a restore's. */
export const PLAIN_ARCHIVE = 'archive.tar.gz'
/** Files of DATA_DIR that are not the business's data: the first admin's password (the live database is copied its own way). */
const SKIPPED_DATA_FILES = [FIRST_ADMIN_FILE_NAME]

/** @typedef {import('./backupArchiveReading.mjs').BackupManifest} BackupManifest */
/** @typedef {import('./backupDatabase.mjs').BackupTarget} BackupTarget */

export const defaultBackupDir = () => defaultBackupDirOf(ROOT)

/** The folder `npm run backup` writes to and a forced restore keeps its copy in: `BACKUP_DIR`, else the default. */
export const backupDirFromEnv = () => backupDirFrom(process.env, ROOT)

/**
 * The data folder's files that belong in a backup (and that a restore finds a target to hold);
 * with `uploadsInBucket`, not the upload folders: the live files are in the bucket, and whatever
 * lies in those folders here is not what the site serves.
 * @param {BackupTarget} target
 * @param {{ bucket: string } | null} [uploadsInBucket]
 * @returns {string[]}
 */
function dataFilesOf(target, uploadsInBucket = null) {
  const skipped = new Set(SKIPPED_DATA_FILES)
  const sqliteFile = sqliteFileOf(target)
  if (!isPostgresUrl(target.databaseUrl) && path.dirname(sqliteFile) === path.resolve(target.dataDir)) {
    for (const suffix of SQLITE_SIDE_FILES) skipped.add(`${path.basename(sqliteFile)}${suffix}`)
  }
  /** @param {string} file */
  const inBucket = (file) => uploadsInBucket !== null && UPLOAD_FOLDERS.includes(file.split('/')[0])
  return filesBelow(target.dataDir).filter((file) => !skipped.has(file) && !inBucket(file))
}

/**
 * Where uploads live when `S3_BUCKET` is set (`{ bucket }`), else null (the data folder).
 * A backup then leaves them to the store, whose versioning or replication keeps them.
 * @param {Record<string, string | undefined>} [env]
 * @returns {{ bucket: string } | null}
 */
export function uploadsBucketFrom(env = process.env) {
  const bucket = env.S3_BUCKET?.trim()
  if (!bucket) return null
  return { bucket }
}

/**
 * Makes `<source>-<UTC time>.tar.gz` in `backupDir`, named by `now` or the next free millisecond
 * (database first, then the files, so every file a copied row names is there), and reads it back
 * against its manifest. With `recipient` (an
 * age public key) it is `….tar.gz.age`, encrypted, and holds `envFile` (the settings with the
 * secrets) as well; a plain archive never holds them, and nothing is written beside it.
 * @param {object} options
 * @param {string} options.dataDir
 * @param {string} [options.databaseUrl]
 * @param {string} [options.backupDir]
 * @param {string | null} [options.envFile] the settings file with the secrets, which an encrypted archive holds; a plain one never does
 * @param {string | null} [options.recipient] an age public key (age1…): the archive is encrypted for it
 * @param {BackupManifest['source']} [options.source]
 * @param {Date} [options.now]
 * @param {{ bucket: string } | null} [options.uploadsInBucket]
 * @returns {Promise<{ archive: string, manifest: BackupManifest, encrypted: boolean, settingsLeftOut: boolean }>} `settingsLeftOut`: a plain archive's settings file, which it does not hold
 */
export async function backup({
  dataDir,
  databaseUrl,
  backupDir = defaultBackupDir(),
  envFile = path.join(ROOT, '.env'),
  recipient = null,
  source = 'site',
  now = new Date(),
  uploadsInBucket = null,
}) {
  const target = { dataDir: path.resolve(dataDir), databaseUrl }
  fs.mkdirSync(backupDir, { recursive: true, mode: 0o700 })
  // A name taken already (a backup within the same millisecond, or one under way) is not refused: this one claims the next free one.
  const { name, made, claim } = claimArchiveName(backupDir, source, now, { encrypted: Boolean(recipient) })
  const archive = path.join(backupDir, name)
  const staging = fs.mkdtempSync(path.join(backupDir, '.partial-'))
  // A plain archive is written into the claim itself; an encrypted one beside it, under its own name.
  const partial = `${archive}${PARTIAL_SUFFIX}`
  const leftBehind = [...new Set([staging, partial, claim])]
  for (const file of leftBehind) underWay.paths.add(file)
  try {
    const copied = await copyDatabase(target, staging)
    const database = {
      ...copied,
      size: fs.statSync(path.join(staging, copied.file)).size,
      sha256: await sha256Of(path.join(staging, copied.file)),
    }

    const filesRoot = path.join(staging, FILES_FOLDER)
    /** @type {import('./backupArchiveReading.mjs').ListedFile[]} */
    const files = []
    for (const relative of dataFilesOf(target, uploadsInBucket)) {
      const copy = path.join(filesRoot, relative)
      fs.mkdirSync(path.dirname(copy), { recursive: true, mode: 0o700 })
      try {
        await copyIntoNewFile(path.join(target.dataDir, relative), copy, 0o600)
      } catch (error) {
        // A file deleted by the site since the listing (an old upload replaced) is simply not part of this backup.
        if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') continue
        throw error
      }
      files.push(await describeFile(filesRoot, relative))
    }
    fs.mkdirSync(filesRoot, { recursive: true, mode: 0o700 })

    const hasSettings = Boolean(envFile && fs.existsSync(envFile))
    /** @type {BackupManifest['secrets']} */
    let secrets
    if (recipient && envFile && hasSettings) {
      fs.mkdirSync(path.join(staging, SECRETS_FOLDER), { mode: 0o700 })
      await copyIntoNewFile(envFile, path.join(staging, SECRETS_COPY), 0o600)
      const { size, sha256 } = await describeFile(staging, SECRETS_COPY)
      secrets = { file: SECRETS_COPY, size, sha256 }
    }

    /** @type {BackupManifest} */
    const manifest = {
      format: MANIFEST_FORMAT,
      createdAt: made.toISOString(),
      source,
      from: { dataDir: target.dataDir, database: describeDatabase(target) },
      database,
      files,
      // Uploads and chat files in S3 are not in the archive; the store keeps them (docs/backups.md).
      uploads: uploadsInBucket
        ? { store: 's3', bucket: uploadsInBucket.bucket, folders: UPLOAD_FOLDERS, inArchive: false }
        : { store: 'data folder', inArchive: true },
      ...(secrets ? { secrets } : {}),
    }
    fs.writeFileSync(path.join(staging, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`, {
      flag: PRIVATE_NEW_FILE_FLAGS,
      mode: 0o600,
    })

    // An encrypted archive is made from a plain one that never leaves the staging folder.
    const plain = recipient ? path.join(staging, PLAIN_ARCHIVE) : partial
    // tar writes into the file it is given, which keeps the mode it was made with (the claim, made private).
    if (recipient) createPrivateFile(plain)
    const members = [MANIFEST_NAME, DATABASE_FOLDER, FILES_FOLDER, ...(secrets ? [SECRETS_FOLDER] : [])]
    await runTool({ command: 'tar', args: ['-czf', plain, '-C', staging, ...members] }, 'tar failed')
    await verifyArchive(plain, name)
    if (recipient) {
      const expected = await encryptInto(
        plain,
        () => fs.createWriteStream(partial, { flags: PRIVATE_NEW_FILE_FLAGS, mode: 0o600 }),
        recipient,
      )
      const written = fs.statSync(partial).size
      if (written !== expected) throw new BackupError(`the encrypted ${name} has ${written} bytes, not ${expected}`)
    }
    fs.renameSync(partial, archive)
    return { archive, manifest, encrypted: Boolean(recipient), settingsLeftOut: !recipient && hasSettings }
  } finally {
    // A failed or stopped tar leaves a partial archive that no name of ours matches, so retention would never delete it.
    for (const file of leftBehind) {
      fs.rmSync(file, { recursive: true, force: true })
      underWay.paths.delete(file)
    }
  }
}
