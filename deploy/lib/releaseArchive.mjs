// A release built once and shipped to every server: `npm run release` (scripts/release.mjs) packs a
// built release folder as <name>.tar.gz, its manifest release.json first inside, and writes the
// archive's sha256 beside it (<name>.tar.gz.sha256, as `sha256sum` writes it: `sha256sum -c` checks
// it too). A deploy unpacks it into the releases folder and builds nothing: every server runs the
// same build, so one build id and one deployment id.
// Reading and checking an archive: releaseArchiveCheck.mjs; unpacking it: releaseUnpack.mjs.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { run } from '../../scripts/lib/bootstrap.mjs'
import { migrationNames } from './releaseMigrations.mjs'

export const RELEASE_MANIFEST = 'release.json'
/** What release.json's `format` says; a deploy refuses any other. */
export const RELEASE_FORMAT = 1
export const ARCHIVE_SUFFIX = '.tar.gz'
/** What an archive leaves out of the built release: Next's build cache, the tests, the scratch folder. */
export const LEFT_OUT = ['.next/cache', 'tests', '.tmp']
/** gzip's level for a release: made in 32 s, not 52 s as at the default 6, for 5 % more bytes (334 MB, not 317). */
export const RELEASE_GZIP_LEVEL = 4

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
