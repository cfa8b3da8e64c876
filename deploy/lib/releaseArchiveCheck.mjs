// Reading a release archive (see releaseArchive.mjs) and checking it as a deploy will, in one pass:
// its sha256 against the file beside it, each entry, and its manifest.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { DamagedArchiveError, entryPath, readTarGz, shownName } from '../../scripts/lib/tarEntries.mjs'
import {
  archiveFileName,
  checksumFileOf,
  RELEASE_FORMAT,
  RELEASE_MANIFEST,
  ReleaseArchiveError,
  thisPlatform,
} from './releaseArchive.mjs'

/** @typedef {import('./releaseArchive.mjs').ReleaseManifest} ReleaseManifest */

/** A release.json longer than this is no manifest `npm run release` wrote. */
const MAX_MANIFEST_BYTES = 1024 * 1024
/** A release's name becomes a folder's: letters, digits, `.`, `_` and `-`, never first a dot. */
const RELEASE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/
const SHA256_LINE = /^([0-9a-f]{64})\s/

/**
 * The manifest read from `bytes`, checked: of our format, with a name that can be a folder's.
 * @param {Buffer} bytes
 * @param {string} shown
 * @returns {ReleaseManifest}
 */
function parsedManifest(bytes, shown) {
  /** @type {ReleaseManifest} */
  let manifest
  try {
    manifest = JSON.parse(bytes.toString('utf8'))
  } catch (error) {
    throw new ReleaseArchiveError(
      `${shown} has a ${RELEASE_MANIFEST} that cannot be read (${/** @type {Error} */ (error).message})`,
    )
  }
  if (manifest?.format !== RELEASE_FORMAT)
    throw new ReleaseArchiveError(
      `${shown} is of format ${manifest?.format}; this deploy reads format ${RELEASE_FORMAT}`,
    )
  if (typeof manifest.name !== 'string' || !RELEASE_NAME.test(manifest.name))
    throw new ReleaseArchiveError(
      `${shown} names its release ${JSON.stringify(manifest.name)}, which cannot be a folder's name`,
    )
  return manifest
}

/**
 * A visitor's sink that keeps an entry's bytes and hands them to `done`.
 * @param {(bytes: Buffer) => void} done
 * @returns {import('../../scripts/lib/tarEntries.mjs').TarEntrySink}
 */
const collect = (done) => {
  /** @type {Buffer[]} */
  const chunks = []
  return { write: (chunk) => chunks.push(chunk), end: () => done(Buffer.concat(chunks)) }
}

/** @param {import('../../scripts/lib/tarEntries.mjs').TarEntry} entry */
const isManifest = (entry) => entry.kind === 'file' && entryPath(entry.name).path === RELEASE_MANIFEST
/** Thrown by a visitor to stop reading once the manifest is read. */
const STOP = Symbol('manifest read')

/**
 * The manifest of the release archive `archive` (the entry release.json, which `npm run release`
 * packs first), checked (see parsedManifest); the rest of the archive is not read.
 * @param {string} archive
 * @returns {Promise<ReleaseManifest>}
 */
export async function readReleaseManifest(archive) {
  if (!fs.existsSync(archive)) throw new ReleaseArchiveError(`there is no release archive at ${archive}`)
  /** @type {Buffer | null} */
  let bytes = null
  try {
    await readTarGz(archive, (entry) => {
      if (!isManifest(entry) || entry.size > MAX_MANIFEST_BYTES) return
      return collect((read) => {
        bytes = read
        throw STOP
      })
    })
  } catch (error) {
    if (error !== STOP) throw damaged(error, archive)
  }
  // Set by the visitor, which TypeScript does not follow.
  const read = /** @type {Buffer | null} */ (bytes)
  if (!read) throw new ReleaseArchiveError(`${archive} has no ${RELEASE_MANIFEST}: it is not a release`)
  return parsedManifest(read, archive)
}

/**
 * @param {unknown} error
 * @param {string} shown
 */
const damaged = (error, shown) =>
  error instanceof DamagedArchiveError
    ? new ReleaseArchiveError(`${shown} is damaged or incomplete (${error.message})`)
    : error

/**
 * The sha256 the file beside `archive` holds.
 * @param {string} archive
 * @returns {string}
 */
function expectedChecksum(archive) {
  const file = checksumFileOf(archive)
  if (!fs.existsSync(file))
    throw new ReleaseArchiveError(`${archive} has no ${path.basename(file)} beside it: copy both files of the release`)
  const match = SHA256_LINE.exec(fs.readFileSync(file, 'utf8'))
  if (!match) throw new ReleaseArchiveError(`${file} holds no sha256`)
  return match[1]
}

/**
 * Whether a symbolic link at `relative` (from the release's folder) to `target` stays in the release, `..` resolved.
 * @param {string} relative
 * @param {string} target
 */
const linkStaysInside = (relative, target) => {
  if (path.posix.isAbsolute(target)) return false
  const normal = path.posix.normalize(path.posix.join(path.posix.dirname(relative), target))
  return normal !== '..' && !normal.startsWith('../')
}

/**
 * The check of each entry of a release archive, in order: regular files, folders, and links that
 * stay inside the release (a symbolic link's target resolved from its folder, a hard link's from the
 * release's); no device or FIFO, no path leading out, none through a symbolic link unpacked before.
 * Returns why an entry is refused, or null.
 * @returns {(entry: import('../../scripts/lib/tarEntries.mjs').TarEntry) => string | null}
 */
function entryChecker() {
  /** @type {Set<string>} */
  const links = new Set()
  const throughLink = (/** @type {string} */ relative) => {
    const parts = relative.split('/')
    return parts.slice(0, -1).some((_, i) => links.has(parts.slice(0, i + 1).join('/')))
  }
  return (entry) => {
    const shown = shownName(entry.name)
    const where = entryPath(entry.name)
    if ('refused' in where) return `${shown} has ${where.refused}`
    if (throughLink(where.path)) return `${shown} lies through a symbolic link`
    if (entry.kind === 'symbolic link') {
      if (!linkStaysInside(where.path, entry.linkName))
        return `${shown} is a symbolic link leading out of the release (to ${shownName(entry.linkName)})`
      links.add(where.path)
    } else if (entry.kind === 'hard link') {
      const target = entryPath(entry.linkName)
      if ('refused' in target || throughLink(target.path))
        return `${shown} is a hard link leading out of the release (to ${shownName(entry.linkName)})`
    } else if (entry.kind !== 'file' && entry.kind !== 'directory') return `${shown} is a ${entry.kind}`
    return null
  }
}

/**
 * Reads the release archive `archive` once, checking its sha256 against the file beside it, each
 * entry (see entryChecker) and its manifest (of our format, for this machine, naming the release
 * `name` when given, and the archive as `npm run release` named it); `tap` sees each compressed
 * chunk on the way. Returns the manifest; throws ReleaseArchiveError saying what is wrong.
 * @param {string} archive
 * @param {{ name?: string | null, tap?: (chunk: Buffer) => Promise<void> }} [options]
 * @returns {Promise<ReleaseManifest>}
 */
export async function checkedRelease(archive, { name = null, tap = async () => {} } = {}) {
  if (!fs.existsSync(archive)) throw new ReleaseArchiveError(`there is no release archive at ${archive}`)
  const expected = expectedChecksum(archive)
  const hash = createHash('sha256')
  const refusal = entryChecker()
  /** @type {Buffer | null} */
  let manifestBytes = null
  await readTarGz(
    archive,
    (entry) => {
      const refused = refusal(entry)
      if (refused) throw new ReleaseArchiveError(`${archive} is refused: ${refused}`)
      if (isManifest(entry) && entry.size <= MAX_MANIFEST_BYTES) return collect((bytes) => (manifestBytes = bytes))
    },
    {
      tap: async (chunk) => {
        hash.update(chunk)
        await tap(chunk)
      },
    },
  ).catch((error) => {
    throw damaged(error, archive)
  })
  const actual = hash.digest('hex')
  if (actual !== expected)
    throw new ReleaseArchiveError(
      `${archive} does not match ${path.basename(checksumFileOf(archive))} (its sha256 is ${actual}): ` +
        'it changed since it was made, or was copied in part',
    )
  // Set by the visitor, which TypeScript does not follow.
  const read = /** @type {Buffer | null} */ (manifestBytes)
  if (!read) throw new ReleaseArchiveError(`${archive} has no ${RELEASE_MANIFEST}: it is not a release`)
  const manifest = parsedManifest(read, archive)
  if (name !== null && manifest.name !== name)
    throw new ReleaseArchiveError(`${archive} holds release ${manifest.name}, not ${name}`)
  if (path.basename(archive) !== archiveFileName(manifest.name))
    throw new ReleaseArchiveError(
      `${archive} holds release ${manifest.name}, whose archive is named ${archiveFileName(manifest.name)}`,
    )
  if (manifest.platform !== thisPlatform())
    throw new ReleaseArchiveError(
      `${archive} was made for ${manifest.platform}, and this machine is ${thisPlatform()}: its Node and dependencies would not run here`,
    )
  return manifest
}

/**
 * Checks a release archive just made as a deploy will (see checkedRelease), unpacking nothing.
 * @param {string} archive
 */
export const verifyRelease = (archive) => checkedRelease(archive)
