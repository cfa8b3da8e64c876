// A release built once and shipped to every server: `npm run release` (scripts/release.mjs) packs a
// built release folder as <name>.tar.gz, its manifest release.json first inside, and writes the
// archive's sha256 beside it (<name>.tar.gz.sha256, as `sha256sum` writes it: `sha256sum -c` checks
// it too). A deploy unpacks it into the releases folder and builds nothing: every server runs the
// same build, so one build id and one deployment id.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { once } from 'node:events'
import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { run } from '../../scripts/lib/bootstrap.mjs'
import { DamagedArchiveError, entryPath, readTarGz, shownName } from '../../scripts/lib/tarEntries.mjs'
import { migrationNames } from './releases.mjs'

export const RELEASE_MANIFEST = 'release.json'
/** What release.json's `format` says; a deploy refuses any other. */
export const RELEASE_FORMAT = 1
export const ARCHIVE_SUFFIX = '.tar.gz'
/** What an archive leaves out of the built release: Next's build cache, the tests, the scratch folder. */
export const LEFT_OUT = ['.next/cache', 'tests', '.tmp']
/** gzip's level for a release: made in 32 s, not 52 s as at the default 6, for 5 % more bytes (334 MB, not 317). */
export const RELEASE_GZIP_LEVEL = 4
/** A release.json longer than this is no manifest `npm run release` wrote. */
const MAX_MANIFEST_BYTES = 1024 * 1024
/** A release's name becomes a folder's: letters, digits, `.`, `_` and `-`, never first a dot. */
const RELEASE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/
const SHA256_LINE = /^([0-9a-f]{64})\s/

export class ReleaseArchiveError extends Error {}

/**
 * A release's release.json: its name, the commit it was made from (`uncommitted`: with changes not
 * committed), its Node, the machine its dependencies were installed for, its build id and migrations.
 * @typedef {object} ReleaseManifest
 * @property {number} format
 * @property {string} name
 * @property {string | null} commit
 * @property {boolean} uncommitted
 * @property {string | null} node
 * @property {string} platform
 * @property {string} buildId
 * @property {string[]} migrations
 */

/**
 * @param {string} name
 * @returns {string}
 */
export const archiveFileName = (name) => `${name}${ARCHIVE_SUFFIX}`
/**
 * The file beside an archive that holds its sha256.
 * @param {string} archive
 * @returns {string}
 */
export const checksumFileOf = (archive) => `${archive}.sha256`
/** The machine a release's Node and dependencies were installed for. */
export const thisPlatform = () => `${process.platform}-${process.arch}`

/**
 * @param {string} file
 * @returns {Promise<string>}
 */
export async function sha256Of(file) {
  const hash = createHash('sha256')
  await pipeline(fs.createReadStream(file), hash)
  return hash.digest('hex')
}

/**
 * The manifest of the release built in `dir` as `name` from `commit` (`uncommitted`: with changes
 * not committed): its Node (the version the project pins), the machine its dependencies were
 * installed for, its Next build id (checked: `buildId`, the release's name unless it ships a build
 * made before, `npm run release -- --built`), and its PostgreSQL migrations.
 * @param {string} dir
 * @param {{ name: string, commit: string | null, uncommitted: boolean, buildId?: string }} made
 * @returns {ReleaseManifest}
 */
export function releaseManifest(dir, { name, commit, uncommitted, buildId: expectedBuildId = name }) {
  const buildId = fs.readFileSync(path.join(dir, '.next', 'BUILD_ID'), 'utf8').trim()
  if (buildId !== expectedBuildId)
    throw new Error(
      `the build's id is ${buildId}, not ${expectedBuildId === name ? "the release's name " : ''}${expectedBuildId}`,
    )
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'))
  return {
    format: RELEASE_FORMAT,
    name,
    commit,
    uncommitted,
    node: pkg.dependencies?.node ?? null,
    platform: thisPlatform(),
    buildId,
    migrations: migrationNames(dir),
  }
}

/**
 * Packs the release folder `dir`, holding its release.json, as `outDir/<name>.tar.gz` and its
 * sha256 beside; each is written under a `.partial` name first, so that an archive under its own
 * name is whole. Returns the archive's path.
 * @param {string} dir
 * @param {string} outDir
 * @returns {Promise<string>}
 */
export async function packRelease(dir, outDir) {
  const { name } = JSON.parse(fs.readFileSync(path.join(dir, RELEASE_MANIFEST), 'utf8'))
  const archive = path.join(outDir, archiveFileName(name))
  const checksumFile = checksumFileOf(archive)
  const partials = [`${archive}.partial`, `${checksumFile}.partial`]
  fs.mkdirSync(outDir, { recursive: true })
  try {
    run('tar', [
      ...['--create', `--use-compress-program=gzip -${RELEASE_GZIP_LEVEL}`, '--file', partials[0], '--directory', dir],
      ...['--owner=0', '--group=0', '--numeric-owner'],
      // The manifest first, so that a deploy reads it without unpacking the rest.
      RELEASE_MANIFEST,
      '--anchored',
      ...[RELEASE_MANIFEST, ...LEFT_OUT].map((left) => `--exclude=./${left}`),
      '.',
    ])
    fs.writeFileSync(partials[1], `${await sha256Of(partials[0])}  ${path.basename(archive)}\n`)
    fs.renameSync(partials[0], archive)
    fs.renameSync(partials[1], checksumFile)
  } catch (error) {
    for (const file of partials) fs.rmSync(file, { force: true })
    throw error
  }
  return archive
}

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
 * `tar` unpacking what it reads on its input into `dir`, its files root's (or the user's), not the archive's owners'.
 * @param {string} dir
 */
function startTar(dir) {
  const tar = spawn('tar', ['--extract', '--gzip', '--no-same-owner', '--directory', dir, '--file', '-'], {
    stdio: ['pipe', 'ignore', 'pipe'],
  })
  let errors = ''
  tar.stderr.on('data', (chunk) => (errors += chunk))
  // Its input closed early (it failed): its status says why.
  tar.stdin.on('error', () => {})
  const exited = once(tar, 'close').then(([status, signal]) => ({ status, signal, errors: errors.trim() }))
  return { tar, exited }
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
async function checkedRelease(archive, { name = null, tap = async () => {} } = {}) {
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

/**
 * Unpacks the release archive `archive` into the new folder `to` (its name the release's), checked
 * as it is read (see checkedRelease): into a hidden folder beside `to` meanwhile, renamed `to` once
 * every check passed, so that a refused archive leaves nothing behind. Returns the manifest.
 * @param {string} archive
 * @param {string} to
 * @returns {Promise<ReleaseManifest>}
 */
export async function unpackRelease(archive, to) {
  if (!fs.existsSync(archive)) throw new ReleaseArchiveError(`there is no release archive at ${archive}`)
  const name = path.basename(to)
  if (fs.existsSync(to)) throw new ReleaseArchiveError(`release ${name} exists already in ${path.dirname(to)}`)
  const unpacking = path.join(path.dirname(to), `.${name}.unpacking`)
  fs.rmSync(unpacking, { recursive: true, force: true })
  fs.mkdirSync(unpacking, { recursive: true })
  const { tar, exited } = startTar(unpacking)
  try {
    const manifest = await checkedRelease(archive, {
      name,
      tap: async (chunk) => {
        if (!tar.stdin.write(chunk)) await Promise.race([once(tar.stdin, 'drain'), exited])
      },
    })
    tar.stdin.end()
    const { status, signal, errors } = await exited
    if (status !== 0) throw new ReleaseArchiveError(`tar could not unpack ${archive} (${errors || status || signal})`)
    fs.renameSync(unpacking, to)
    return manifest
  } catch (error) {
    tar.kill()
    await exited
    fs.rmSync(unpacking, { recursive: true, force: true })
    throw error
  }
}
