// Restoring a backup: the archive (decrypted with its private key when it is encrypted) unpacked
// and checked whole before the target is touched, then the database and files put back and checked
// against the manifest, and the settings it holds brought into the target's settings file.
import fs from 'node:fs'
import path from 'node:path'
import { BackupError, BEFORE_RESTORE, NothingChangedError } from './backupArchives.mjs'
import { FILES_FOLDER, PRIVATE_NEW_FILE_FLAGS, SECRETS_COPY, unpackArchive } from './backupArchiveReading.mjs'
import {
  checkDatabaseCopy,
  describeDatabase,
  emptyDatabase,
  ensurePostgresDatabase,
  loadDatabaseCopy,
  postgresUrlOf,
  rowCountsOf,
  sameCounts,
  sqliteFileOf,
  tableCountOf,
} from './backupDatabase.mjs'
import { decryptInto, identitiesFrom, isEncrypted } from './backupEncryption.mjs'
import { copyIntoNewFile, filesBelow, sha256Of } from './backupFiles.mjs'
import { backup, defaultBackupDir, PLAIN_ARCHIVE } from './backupMaking.mjs'
import { currentUser, giveToSiteOwner, settingsAccessRefusal } from './backupRestoreAccess.mjs'
import { restoreSettings } from './backupSettings.mjs'

/** A restored data file's mode before the umask: what the site's own writes ask for. */
const SITE_FILE_MODE = 0o666

/** @typedef {import('./backupDatabase.mjs').BackupTarget} BackupTarget */
/** @typedef {import('./backupRestoreAccess.mjs').RestoringUser} RestoringUser */
/** @typedef {'site' | 'stack'} BackupSource */

/**
 * What the target holds already: files in the data folder, tables in the database.
 * @param {BackupTarget} target
 * @returns {Promise<{ files: number, tables: number }>}
 */
async function contentsOf(target) {
  return { files: filesBelow(target.dataDir).length, tables: await tableCountOf(target) }
}

/** @param {BackupTarget} target */
async function emptyTarget(target) {
  // The data folder's own folders stay, emptied: their owner, group and mode (on a server, the
  // uploads folder the front reads, set-group-id) hold for what the restore puts back in them.
  for (const entry of fs.existsSync(target.dataDir) ? fs.readdirSync(target.dataDir, { withFileTypes: true }) : []) {
    const full = path.join(target.dataDir, entry.name)
    if (!entry.isDirectory()) {
      fs.rmSync(full, { force: true })
      continue
    }
    for (const inner of fs.readdirSync(full)) fs.rmSync(path.join(full, inner), { recursive: true, force: true })
  }
  await emptyDatabase(target)
}

/**
 * Backs up what a forced restore is about to replace into `backupDir`, as `<source>-before-restore-<time>.tar.gz`;
 * returns the archive's path. It prunes nothing: the next scheduled backup applies retention.
 * @param {BackupTarget} target
 * @param {{ backupDir: string, source: BackupSource, user: RestoringUser }} options
 * @returns {Promise<string>}
 */
async function keepBeforeRestore(target, { backupDir, source, user }) {
  try {
    const kept = await backup({ ...target, backupDir, source: `${source}-${BEFORE_RESTORE}`, envFile: null })
    giveToSiteOwner(kept.archive, backupDir, user)
    return kept.archive
  } catch (error) {
    const failure = /** @type {NodeJS.ErrnoException} */ (error)
    const fix = failure.code === 'EACCES' ? 'set BACKUP_DIR to a folder this user may write, or ' : ''
    throw new BackupError(
      `could not keep a copy of what the target holds in ${backupDir} before replacing it (${failure.message}); ${fix}move the data folder and the database aside yourself, then restore into an empty target`,
    )
  }
}

/**
 * The plain archive to unpack: `archive` itself, or its decryption (with the key of `identityFile`) in `staging`.
 * @param {string} archive
 * @param {string | null} identityFile
 * @param {string} staging
 * @returns {Promise<string>}
 */
async function plainArchive(archive, identityFile, staging) {
  const file = path.resolve(archive)
  if (!fs.existsSync(file)) throw new BackupError(`there is no archive at ${archive}`)
  if (!isEncrypted(file)) return file
  if (!identityFile) {
    throw new BackupError(
      `${archive} is encrypted: give its private key with --identity FILE (- reads standard input) or BACKUP_AGE_IDENTITY_FILE`,
    )
  }
  const identities = identitiesFrom(identityFile)
  const decrypted = path.join(staging, PLAIN_ARCHIVE)
  const openDecrypted = () => fs.createWriteStream(decrypted, { flags: PRIVATE_NEW_FILE_FLAGS, mode: 0o600 })
  await decryptInto(file, openDecrypted, identities, archive)
  return decrypted
}

/**
 * A folder of this user's alone beside the data folder, for the archive's contents; a user who may
 * not make one there (the site's user beside a server's /var/lib/site) is told to run the restore as root.
 * @param {BackupTarget} target
 * @returns {string}
 */
function stagingBeside(target) {
  const parent = path.dirname(target.dataDir)
  try {
    fs.mkdirSync(parent, { recursive: true })
    return fs.mkdtempSync(path.join(parent, `.restore-${path.basename(target.dataDir)}-`))
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EACCES') throw error
    throw new NothingChangedError(`this user may not make a folder in ${parent}: run the restore as root (sudo)`)
  }
}

/**
 * What a restore did. `settings`: the settings brought in (names only), or null when none were;
 * `beforeRestore`: the backup of what a forced restore replaced, or null when the target was empty.
 * @typedef {object} RestoreOutcome
 * @property {import('./backupArchiveReading.mjs').BackupManifest} manifest
 * @property {{ file: string, changed: string[], keptAs: string | null } | null} settings
 * @property {boolean} settingsInArchive
 * @property {Record<string, number>} tables
 * @property {number} rows
 * @property {number} files
 * @property {string} database
 * @property {string} dataDir
 * @property {string | null} beforeRestore
 */

/**
 * Restores an archive into an empty target (`force` first backs it up into `backupDir`, then
 * empties it), then checks every table's row count and every file's hash against the manifest.
 * An encrypted archive is opened with the private key in `identityFile` (`-`: standard input);
 * the settings it holds are brought into `settingsFile` (backupSettings.mjs), when given.
 * Nothing is touched until the archive has been unpacked and checked whole, its database copy included,
 * nor when `user` could not write the settings an encrypted archive brings (backupRestoreAccess.mjs);
 * run by root, what it restores goes to the owner of the data folder.
 * @param {object} options
 * @param {string} options.archive
 * @param {string} options.dataDir
 * @param {string} [options.databaseUrl]
 * @param {boolean} [options.force]
 * @param {string} [options.backupDir] where a forced restore keeps a backup of what it replaces
 * @param {BackupSource} [options.source]
 * @param {string | null} [options.identityFile] the file with the private key of an encrypted archive, or `-` for standard input
 * @param {string | null} [options.settingsFile] the settings file the archive's settings are brought into (backupSettings.mjs)
 * @param {RestoringUser} [options.user] who runs it (this process's user by default): one who could not write the settings is refused first (backupRestoreAccess.mjs)
 * @returns {Promise<RestoreOutcome>}
 */
export async function restore({
  archive,
  dataDir,
  databaseUrl,
  force = false,
  backupDir = defaultBackupDir(),
  source = 'site',
  identityFile = null,
  settingsFile = null,
  user = currentUser(),
}) {
  const target = { dataDir: path.resolve(dataDir), databaseUrl }
  // Only an encrypted archive holds settings (backupMaking.mjs); a refusal comes before anything is made.
  const refusal =
    settingsFile && fs.existsSync(archive) && isEncrypted(archive) && settingsAccessRefusal(settingsFile, user)
  if (refusal) throw new NothingChangedError(refusal)
  const staging = stagingBeside(target)
  let touched = false
  /** @type {string | null} */
  let beforeRestore = null
  try {
    const manifest = await unpackArchive(await plainArchive(archive, identityFile, staging), staging, archive)
    const wantedKind = postgresUrlOf(target) ? 'postgres' : 'sqlite'
    if (manifest.database.kind !== wantedKind) {
      throw new BackupError(
        `the archive holds a ${manifest.database.kind} database; the target is ${wantedKind} (${describeDatabase(target)})`,
      )
    }
    const databaseCopy = path.join(staging, manifest.database.file)
    await checkDatabaseCopy(manifest, databaseCopy)
    const postgresUrl = postgresUrlOf(target)
    if (postgresUrl) await ensurePostgresDatabase(postgresUrl)
    const existing = await contentsOf(target)
    if (existing.files || existing.tables) {
      if (!force) {
        throw new BackupError(
          `the target is not empty (${existing.files} files in ${target.dataDir}, ${existing.tables} tables in ${describeDatabase(target)}); restore into an empty one, or pass --force to replace what is there (a new site's seeded pages and first admin too), a copy of it kept in ${backupDir}`,
        )
      }
      beforeRestore = await keepBeforeRestore(target, { backupDir, source, user })
      touched = true
      await emptyTarget(target)
    }
    touched = true

    await loadDatabaseCopy(manifest, databaseCopy, target)
    fs.mkdirSync(target.dataDir, { recursive: true })
    if (!postgresUrl) giveToSiteOwner(sqliteFileOf(target), target.dataDir, user)
    // Made as the site makes its files (mode 0666 less the umask), so the front reads uploads as before.
    for (const file of manifest.files) {
      const to = path.join(target.dataDir, file.path)
      fs.mkdirSync(path.dirname(to), { recursive: true })
      await copyIntoNewFile(path.join(staging, FILES_FOLDER, file.path), to, SITE_FILE_MODE)
      giveToSiteOwner(to, target.dataDir, user)
    }

    const tables = await rowCountsOf(target)
    const problems = sameCounts(tables, manifest.database.tables)
    for (const file of manifest.files) {
      const full = path.join(target.dataDir, file.path)
      if (!fs.existsSync(full) || (await sha256Of(full)) !== file.sha256)
        problems.push(`${file.path} was not restored whole`)
    }
    if (problems.length) throw new BackupError(`the restore does not match the backup: ${problems.join('; ')}`)
    const settings =
      manifest.secrets && settingsFile ? restoreSettings(path.join(staging, SECRETS_COPY), settingsFile) : null
    const rows = Object.values(tables).reduce((sum, n) => sum + n, 0)
    return {
      settings,
      settingsInArchive: Boolean(manifest.secrets),
      manifest,
      tables,
      rows,
      files: manifest.files.length,
      database: describeDatabase(target),
      dataDir: target.dataDir,
      beforeRestore,
    }
  } catch (error) {
    if (!touched && error instanceof BackupError) throw new NothingChangedError(error.message)
    if (beforeRestore && error instanceof Error) {
      error.message += `; what the target held before is in ${beforeRestore}: restore it with --force`
    }
    throw error
  } finally {
    fs.rmSync(staging, { recursive: true, force: true })
  }
}
