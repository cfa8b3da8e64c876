// Where the backups are and how their archives are named: the one place that knows, read by the
// backup and the restore (backupMaking.mjs, backupRestore.mjs), and by the doctor and the metrics (src/operations/doctor).
// Node's own modules only, so that the site's server may load it as well.
import fs from 'node:fs'
import path from 'node:path'

/** What names the copy a forced restore takes of the target before emptying it: `site-before-restore-<time>.tar.gz`. */
export const BEFORE_RESTORE = 'before-restore'
/** What an archive encrypted for an age public key (BACKUP_AGE_RECIPIENT) adds to its name. */
export const ENCRYPTED_SUFFIX = '.age'
/**
 * `site-2026-11-26T031500.123Z.tar.gz`: the source (the embedded site or the stack) and when, in UTC
 * to the millisecond, so that backups made within one second have names of their own that sort as
 * they were made (`.` sorts before any digit); `site-before-restore-…` for the copy a forced restore
 * keeps, kept by retention as a series of its own; `….tar.gz.age` once encrypted. Names made before
 * the milliseconds (`…T031500Z.tar.gz`) are read as well.
 */
const ARCHIVE_NAME = new RegExp(
  `^((?:site|stack)(?:-${BEFORE_RESTORE})?)-(\\d{4})-(\\d{2})-(\\d{2})T(\\d{2})(\\d{2})(\\d{2})(?:\\.(\\d{3}))?Z\\.tar\\.gz(?:\\${ENCRYPTED_SUFFIX})?$`,
)
/** How much later the next free name is tried when an archive of the same series has the one asked for. */
const NAME_STEP_MS = 1

/** Why a backup or a restore cannot go on, in words for the operator (no stack trace). */
export class BackupError extends Error {}

/** The exit code of `npm run restore` refused before it changed anything (a wrong key, a damaged archive); 1 is a restore failed half-way. */
export const EXIT_NOTHING_CHANGED = 3

/** A restore refused before it changed anything: its words say so, and its type tells the exit code. */
export class NothingChangedError extends BackupError {
  /** @param {string} reason what was refused, in words for the operator */
  constructor(reason) {
    super(`${reason} (nothing was changed)`)
  }
}

/**
 * Beside the checkout `root`, never inside it: `git clean -xdf` deletes ignored folders such as
 * `data/` and `.tmp/`, and must not take the backups with them.
 * @param {string} root
 * @returns {string}
 */
export const defaultBackupDirOf = (root) => path.join(path.dirname(root), `${path.basename(root)}-backups`)

/**
 * The backups' folder: `BACKUP_DIR` of `env`, else the default beside `root`.
 * @param {Record<string, string | undefined>} env
 * @param {string} root
 * @returns {string}
 */
export const backupDirFrom = (env, root) =>
  // Read at run time from the environment: the build has nothing to trace here.
  path.resolve(/*turbopackIgnore: true*/ env.BACKUP_DIR || defaultBackupDirOf(root))

/**
 * `2026-11-26T031500.123Z`: a time in UTC to the millisecond, as archive names and kept settings files carry it.
 * @param {Date} date
 * @returns {string}
 */
export const archiveStamp = (date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/^(\d{4})(\d{2})(\d{2})/, '$1-$2-$3')

/**
 * @param {string} source
 * @param {Date} date
 * @param {{ encrypted?: boolean }} [options]
 * @returns {string}
 */
export const archiveName = (source, date, { encrypted = false } = {}) =>
  `${source}-${archiveStamp(date)}.tar.gz${encrypted ? ENCRYPTED_SUFFIX : ''}`

/**
 * The secrets file backups before the encrypted ones wrote beside their archive; retention deletes it with it.
 * @param {string} archive
 * @returns {string}
 */
export const secretsNameFor = (archive) => archive.replace(/\.tar\.gz$/, '-secrets.env')

/**
 * The series an archive belongs to (`site`, `stack`, `site-before-restore`), which retention thins on its own; null for a file not ours.
 * @param {string} name
 * @returns {string | null}
 */
export const archiveSeries = (name) => ARCHIVE_NAME.exec(name)?.[1] ?? null

/**
 * When an archive was made, read from its name; null for a file that is not one of ours.
 * @param {string} name
 * @returns {Date | null}
 */
export function archiveDate(name) {
  const match = ARCHIVE_NAME.exec(name)
  if (!match) return null
  const [, , year, month, day, hours, minutes, seconds, milliseconds] = match.map((part) => Number(part ?? 0))
  return new Date(Date.UTC(year, month - 1, day, hours, minutes, seconds, milliseconds))
}

/** What a backup under way writes its plain archive into, beside the name it will take once verified. */
export const PARTIAL_SUFFIX = '.partial'

/**
 * Claims the name of a new archive of `source` made at `date` in `backupDir`, and the time it names:
 * that of `date`, or the first one after it that no archive of the series (plain or encrypted) has
 * and no other backup under way has claimed, so that no backup is refused or overwritten for want
 * of a name, not even two started at one instant. The claim is `<plain name>.partial`, made here new
 * and private; the caller writes its plain archive into it, and removes it when done.
 * @param {string} backupDir
 * @param {string} source
 * @param {Date} date
 * @param {{ encrypted?: boolean }} [options]
 * @returns {{ name: string, made: Date, claim: string }}
 */
export function claimArchiveName(backupDir, source, date, { encrypted = false } = {}) {
  /** @param {Date} at */
  const finished = (at) =>
    [false, true].some((variant) =>
      fs.existsSync(path.join(backupDir, archiveName(source, at, { encrypted: variant }))),
    )
  for (let made = date; ; made = new Date(made.getTime() + NAME_STEP_MS)) {
    if (finished(made)) continue
    const claim = path.join(backupDir, `${archiveName(source, made)}${PARTIAL_SUFFIX}`)
    try {
      fs.closeSync(fs.openSync(claim, 'wx', 0o600))
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code === 'EEXIST') continue
      throw error
    }
    // A backup that held this claim may have finished between the look and the claim: its archive
    // is in place before its claim goes, so a second look tells.
    if (finished(made)) {
      fs.rmSync(claim, { force: true })
      continue
    }
    return { name: archiveName(source, made, { encrypted }), made, claim }
  }
}

/**
 * Whether `name` is the copy a forced restore took of what it replaced (not a backup of the site as it runs).
 * @param {string} name
 * @returns {boolean}
 */
export const isBeforeRestoreArchive = (name) => archiveDate(name) !== null && name.includes(`-${BEFORE_RESTORE}-`)

/**
 * The newest backup in `backupDir` (of `source` alone when given), as `{ name, made }`, or null when
 * there is none (or no such folder); a restore's copy of what it replaced is not a backup.
 * @param {string} backupDir
 * @param {string} [source]
 * @returns {{ name: string, made: Date } | null}
 */
export function newestArchive(backupDir, source) {
  const names = fs.existsSync(backupDir) ? fs.readdirSync(backupDir) : []
  /** @type {{ name: string, made: Date } | null} */
  let newest = null
  for (const name of names) {
    const made = archiveDate(name)
    if (!made || isBeforeRestoreArchive(name) || (source && !name.startsWith(`${source}-`))) continue
    if (!newest || made > newest.made) newest = { name, made }
  }
  return newest
}
