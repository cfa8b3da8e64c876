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

/** The most of a manifest a restore reads: far beyond the list of a site's files, far below the memory it has. */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024
/** The database copy each kind of backup holds, and no other name. */
const DATABASE_COPIES = { sqlite: SQLITE_COPY, postgres: POSTGRES_DUMP }

/**
 * What the manifest lets a restore take: each regular file (the manifest itself, the database
 * copy, every data file) with its size and hash, and the folders above them. A manifest naming a
 * path that leads anywhere else is refused as a whole.
 */
function takenByManifest(archive, manifest) {
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

/** Why the archive's `entry` is refused, or null: only regular files and folders the manifest lists, once each. */
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

/** Reads an archive's entries (see tarEntries.mjs), its damage said as such; `shown` names it in messages. */
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
 */
async function checkedEntries(archive, shown) {
  if (!fs.existsSync(archive)) throw new BackupError(`there is no archive at ${shown}`)
  const entries = []
  let manifestBytes = null
  await readArchive(
    archive,
    (entry) => {
      entries.push(entry)
      const where = entryPath(entry.name)
      if (entry.kind !== 'file' || where.path !== MANIFEST_NAME || manifestBytes || entry.size > MAX_MANIFEST_BYTES)
        return
      const chunks = []
      return { write: (chunk) => chunks.push(chunk), end: () => (manifestBytes = Buffer.concat(chunks)) }
    },
    shown,
  )
  if (!manifestBytes) throw new BackupError(`${shown} has no ${MANIFEST_NAME}: it is not a site backup`)
  let manifest
  try {
    manifest = JSON.parse(manifestBytes.toString('utf8'))
  } catch (error) {
    throw new BackupError(
      `${shown} has a ${MANIFEST_NAME} that cannot be read (${error.message}): it is not a site backup`,
    )
  }
  if (!READABLE_FORMATS.includes(manifest?.format)) {
    throw new BackupError(
      `${shown} is of format ${manifest?.format}; this restore reads formats ${READABLE_FORMATS.join(' and ')}`,
    )
  }
  const taken = takenByManifest(shown, manifest)
  const refuse = (refusal) =>
    new BackupError(`${shown} is refused: ${refusal}; a restore takes only the regular files its manifest lists`)
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
 */
async function readListedFiles(archive, { manifest, taken, refuse }, shown, staging = null) {
  const hashes = new Map()
  if (staging) fs.mkdirSync(path.join(staging, FILES_FOLDER), { mode: 0o700 })
  const written = new Set()
  let open = null
  await readArchive(
    archive,
    (entry) => {
      const refusal = entryRefusal(entry, taken, written)
      if (refusal) throw refuse(`${refusal} (the archive changed while it was read)`)
      if (entry.kind !== 'file') return
      const relative = entryPath(entry.name).path
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
 */
export async function unpackArchive(archive, staging, shown = archive) {
  return readListedFiles(archive, await checkedEntries(archive, shown), shown, staging)
}

/** Reads a plain archive just made as a restore would, every listed file against its hash, writing nothing. */
export async function verifyArchive(archive, shown = archive) {
  return readListedFiles(archive, await checkedEntries(archive, shown), shown)
}
