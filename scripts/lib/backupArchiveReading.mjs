// How a backup archive is laid out (its manifest, database copy, data files and, encrypted, the
// settings file) and how it is read: only what its manifest lists, each file checked against its
// hash, by a restore (unpacking it) and by a backup (reading back the archive it just made).
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { BackupError } from './backupArchives.mjs'
import { DamagedArchiveError, entryPath, readTarGz, shownName } from './tarEntries.mjs'

/** What the manifest's `format` says: 2 may list the settings file (`secrets`), which 1 never held. */
export const MANIFEST_FORMAT = 2
/** The formats a restore reads; it refuses any other. */
const READABLE_FORMATS = [1, MANIFEST_FORMAT]
export const MANIFEST_NAME = 'manifest.json'
export const DATABASE_FOLDER = 'database'
export const FILES_FOLDER = 'data'
/** Where an encrypted archive holds the settings file with the secrets (.env, or a server's site.env). */
export const SECRETS_FOLDER = 'secrets'
export const SECRETS_COPY = `${SECRETS_FOLDER}/site.env`
export const SQLITE_COPY = `${DATABASE_FOLDER}/site.db`
export const POSTGRES_DUMP = `${DATABASE_FOLDER}/site.pgdump`
/** How a backup or a restore makes a file of its own: new (never one there already), through no link, and (with 0600) private. */
export const PRIVATE_NEW_FILE =
  fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW
/**
 * PRIVATE_NEW_FILE as a write stream's or writeFile's `flags`: Node hands them to fs.open, which
 * takes numeric flags, though its types declare a string there.
 */
export const PRIVATE_NEW_FILE_FLAGS = /** @type {string} */ (/** @type {unknown} */ (PRIVATE_NEW_FILE))

/** @typedef {{ path: string, size: number, sha256: string }} ListedFile */
/** @typedef {{ file: string, size: number, sha256: string }} ArchivedCopy */
/**
 * What an archive holds, as its manifest.json says.
 * @typedef {object} BackupManifest
 * @property {number} format
 * @property {string} createdAt
 * @property {'site' | 'stack' | 'site-before-restore' | 'stack-before-restore'} source what was backed up; a restore's copy of what it replaced is `<source>-before-restore`
 * @property {{ dataDir: string, database: string }} from
 * @property {ArchivedCopy & { kind: 'sqlite' | 'postgres', tables: Record<string, number> }} database
 * @property {ListedFile[]} files
 * @property {ArchivedCopy} [secrets] the settings file with the secrets, in an encrypted archive only
 * @property {{ store: 's3', bucket: string, folders: string[], inArchive: false } | { store: 'data folder', inArchive: true }} [uploads] where the uploads are: in the archive, or in the site's bucket (archives older than this field hold them)
 */
/**
 * What a manifest lets a restore take: its files by path (the manifest itself with no entry), and the folders above them.
 * @typedef {{ files: Map<string, { path: string, sha256?: unknown } | null>, folders: Set<string> }} Taken
 */
/** @typedef {(refusal: string) => BackupError} Refuse */

/** The most of a manifest a restore reads: far beyond the list of a site's files, far below the memory it has. */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024
/** The database copy each kind of backup holds, and no other name. */
const DATABASE_COPIES = { sqlite: SQLITE_COPY, postgres: POSTGRES_DUMP }

/**
 * What the manifest lets a restore take: each regular file (the manifest itself, the database
 * copy, every data file) with its size and hash, and the folders above them. A manifest naming a
 * path that leads anywhere else is refused as a whole.
 * @param {string} archive
 * @param {BackupManifest} manifest read from the archive, which may be anything
 * @returns {Taken}
 */
function takenByManifest(archive, manifest) {
  /** @type {Taken['files']} */
  const files = new Map([[MANIFEST_NAME, null]])
  const wanted = [
    { path: manifest.database?.file, size: manifest.database?.size, sha256: manifest.database?.sha256 },
    ...(manifest.secrets === undefined ? [] : [{ ...manifest.secrets, path: manifest.secrets?.file }]),
    ...(Array.isArray(manifest.files) ? manifest.files : []).map((file) => ({
      ...file,
      path: typeof file?.path === 'string' ? `${FILES_FOLDER}/${file.path}` : file?.path,
    })),
  ]
  if (manifest.database?.file !== DATABASE_COPIES[manifest.database?.kind]) {
    throw new BackupError(`${archive} has a manifest naming an unknown database copy: it is not a site backup`)
  }
  if (manifest.secrets !== undefined && manifest.secrets?.file !== SECRETS_COPY) {
    throw new BackupError(`${archive} has a manifest naming an unknown settings file: it is not a site backup`)
  }
  for (const file of wanted) {
    const checked = typeof file.path === 'string' ? entryPath(file.path) : { refused: 'no path' }
    if ('refused' in checked || checked.path !== file.path || files.has(file.path)) {
      throw new BackupError(
        `${archive} has a manifest listing ${shownName(String(file.path))}, which a restore cannot take (${checked.refused ?? 'listed twice'})`,
      )
    }
    files.set(file.path, file)
  }
  const folders = new Set(['', DATABASE_FOLDER, FILES_FOLDER])
  for (const file of files.keys()) {
    const parts = file.split('/')
    for (let depth = 1; depth < parts.length; depth++) folders.add(parts.slice(0, depth).join('/'))
  }
  return { files, folders }
}

/**
 * Why the archive's `entry` is refused, or null: only regular files and folders the manifest lists, once each.
 * @param {import('./tarEntries.mjs').TarEntry} entry
 * @param {Taken} taken
 * @param {Set<string>} seen
 * @returns {string | null}
 */
function entryRefusal(entry, taken, seen) {
  const shown = shownName(entry.name)
  if (entry.kind === 'symbolic link' || entry.kind === 'hard link')
    return `${shown} is a ${entry.kind} (to ${shownName(entry.linkName)})`
  if (entry.kind !== 'file' && entry.kind !== 'directory') return `${shown} is a ${entry.kind}`
  const where = entryPath(entry.name)
  if ('refused' in where) return `${shown} has ${where.refused}`
  const listed = entry.kind === 'file' ? taken.files.has(where.path) : taken.folders.has(where.path)
  if (!listed) return `${shown} is not in its manifest`
  if (entry.kind === 'file' && seen.has(where.path)) return `${shown} appears twice`
  seen.add(where.path)
  return null
}

/**
 * Reads an archive's entries (see tarEntries.mjs), its damage said as such; `shown` names it in messages.
 * @param {string} archive
 * @param {import('./tarEntries.mjs').TarVisitor} visit
 * @param {string} shown
 */
async function readArchive(archive, visit, shown) {
  try {
    await readTarGz(archive, visit)
  } catch (error) {
    if (error instanceof DamagedArchiveError)
      throw new BackupError(`${shown} is damaged or incomplete (${error.message})`)
    throw error
  }
}

/**
 * A first reading of an archive: finds its manifest and checks every entry against it (a regular
 * file or folder the manifest names, no link, device or FIFO, no path leading out) before
 * anything is written; answers the manifest, what it lets a restore take, and how to refuse.
 * @param {string} archive
 * @param {string} shown
 * @returns {Promise<{ manifest: BackupManifest, taken: Taken, refuse: Refuse }>}
 */
async function checkedEntries(archive, shown) {
  if (!fs.existsSync(archive)) throw new BackupError(`there is no archive at ${shown}`)
  /** @type {import('./tarEntries.mjs').TarEntry[]} */
  const entries = []
  /** @type {Buffer | null} */
  let manifestBytes = null
  await readArchive(
    archive,
    (entry) => {
      entries.push(entry)
      const where = entryPath(entry.name)
      if (entry.kind !== 'file' || where.path !== MANIFEST_NAME || manifestBytes || entry.size > MAX_MANIFEST_BYTES)
        return
      /** @type {Buffer[]} */
      const chunks = []
      return { write: (chunk) => chunks.push(chunk), end: () => (manifestBytes = Buffer.concat(chunks)) }
    },
    shown,
  )
  if (!manifestBytes) throw new BackupError(`${shown} has no ${MANIFEST_NAME}: it is not a site backup`)
  /** @type {BackupManifest} */
  let manifest
  try {
    manifest = JSON.parse(/** @type {Buffer} */ (manifestBytes).toString('utf8'))
  } catch (error) {
    throw new BackupError(
      `${shown} has a ${MANIFEST_NAME} that cannot be read (${/** @type {Error} */ (error).message}): it is not a site backup`,
    )
  }
  if (!READABLE_FORMATS.includes(manifest?.format)) {
    throw new BackupError(
      `${shown} is of format ${manifest?.format}; this restore reads formats ${READABLE_FORMATS.join(' and ')}`,
    )
  }
  const taken = takenByManifest(shown, manifest)
  /** @type {Refuse} */
  const refuse = (refusal) =>
    new BackupError(`${shown} is refused: ${refusal}; a restore takes only the regular files its manifest lists`)
  /** @type {Set<string>} */
  const seen = new Set()
  for (const entry of entries) {
    const refusal = entryRefusal(entry, taken, seen)
    if (refusal) throw refuse(refusal)
  }
  return { manifest, taken, refuse }
}

/**
 * A second reading: each listed file hashed and, with `staging`, written there, private to this
 * user (0600 in folders of 0700), every entry checked again; then every listed file present, of its hash.
 * @param {string} archive
 * @param {{ manifest: BackupManifest, taken: Taken, refuse: Refuse }} checked
 * @param {string} shown
 * @param {string | null} [staging]
 * @returns {Promise<BackupManifest>}
 */
async function readListedFiles(archive, { manifest, taken, refuse }, shown, staging = null) {
  /** @type {Map<string, string>} */
  const hashes = new Map()
  if (staging) fs.mkdirSync(path.join(staging, FILES_FOLDER), { mode: 0o700 })
  /** @type {Set<string>} */
  const written = new Set()
  /** @type {number | null} */
  let open = null
  await readArchive(
    archive,
    (entry) => {
      const refusal = entryRefusal(entry, taken, written)
      if (refusal) throw refuse(`${refusal} (the archive changed while it was read)`)
      if (entry.kind !== 'file') return
      // Checked by entryRefusal: a path a restore takes.
      const relative = /** @type {string} */ (entryPath(entry.name).path)
      let fd = null
      if (staging) {
        const full = path.join(staging, relative)
        fs.mkdirSync(path.dirname(full), { recursive: true, mode: 0o700 })
        fd = open = fs.openSync(full, PRIVATE_NEW_FILE, 0o600)
      }
      const hash = createHash('sha256')
      return {
        write: (chunk) => {
          hash.update(chunk)
          if (fd !== null) fs.writeSync(fd, chunk)
        },
        end: () => {
          open = null
          if (fd !== null) fs.closeSync(fd)
          hashes.set(relative, hash.digest('hex'))
        },
      }
    },
    shown,
  ).finally(() => open !== null && fs.closeSync(open))
  const problems = []
  for (const [file, listed] of taken.files) {
    if (!listed) continue
    if (!hashes.has(file)) problems.push(`${file} is missing`)
    else if (hashes.get(file) !== listed.sha256) problems.push(`${file} differs`)
  }
  if (problems.length) throw new BackupError(`${shown} does not match its manifest: ${problems.join('; ')}`)
  return manifest
}

/**
 * Unpacks and checks a plain archive in `staging`, taking only what its manifest lists (see
 * checkedEntries and readListedFiles); `shown` names the archive in messages (the encrypted file
 * a plain one was decrypted from).
 * @param {string} archive
 * @param {string} staging
 * @param {string} [shown]
 * @returns {Promise<BackupManifest>}
 */
export async function unpackArchive(archive, staging, shown = archive) {
  return readListedFiles(archive, await checkedEntries(archive, shown), shown, staging)
}

/**
 * Reads a plain archive just made as a restore would, every listed file against its hash, writing nothing.
 * @param {string} archive
 * @param {string} [shown]
 * @returns {Promise<BackupManifest>}
 */
export async function verifyArchive(archive, shown = archive) {
  return readListedFiles(archive, await checkedEntries(archive, shown), shown)
}
