// The build files of every release, shared in one folder the front serves (a page served a moment
// ago still finds its chunks after a deploy), each text file beside its precompressed copies.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { filesUnder, run } from '../../scripts/lib/bootstrap.mjs'
import { PRECOMPRESSED, STACK_PLACE } from './config.mjs'

/**
 * Adds a release's build files to the folder the front serves them from (hard links; a file never
 * changes), beside the last release's: a page it served a moment ago still finds its chunks.
 * @param {string} releaseDir
 * @param {string} [staticDir]
 */
export function shareStaticFiles(releaseDir, staticDir = STACK_PLACE.staticDir) {
  fs.mkdirSync(staticDir, { recursive: true })
  run('cp', ['-al', '--no-clobber', `${path.join(releaseDir, '.next', 'static')}/.`, staticDir])
}

/** The copies written beside each text file of the build, each as small as its format goes, by suffix. */
/** @type {Record<string, (bytes: Buffer) => Buffer>} */
export const PRECOMPRESSED_COPIES = {
  '.br': (bytes) =>
    zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  '.gz': (bytes) => zlib.gzipSync(bytes, { level: 9 }),
}
const PRECOMPRESSED_COPY = /\.(br|gz)$/

/**
 * Writes a .br and a .gz beside each text file of the build (again when the file changed), for
 * brotli_static and gzip_static.
 * @param {string} [staticDir]
 * @returns {void}
 */
export function precompressStatic(staticDir = STACK_PLACE.staticDir) {
  let written = 0
  for (const file of filesUnder(staticDir)) {
    if (!PRECOMPRESSED.test(file)) continue
    const source = fs.statSync(file)
    const stale = Object.entries(PRECOMPRESSED_COPIES).filter(([suffix]) => {
      const copy = `${file}${suffix}`
      return !fs.existsSync(copy) || fs.statSync(copy).mtimeMs !== source.mtimeMs
    })
    if (!stale.length) continue
    const bytes = fs.readFileSync(file)
    for (const [suffix, compress] of stale) {
      fs.writeFileSync(`${file}${suffix}`, compress(bytes))
      // The same date as the file, so Last-Modified does not depend on which copy is sent.
      fs.utimesSync(`${file}${suffix}`, source.atime, source.mtime)
      written += 1
    }
  }
  if (written) console.log(`> Precompressed ${written} copies of files in .next/static.`)
}

/**
 * Deletes from `staticDir` (the build files the front serves, shared by every release) each file no
 * release in `kept` built, with its precompressed copy, and the folders left empty. A page of a
 * deleted release still open in a tab then finds its next chunk missing, and Next loads that page
 * anew. Nothing is deleted when a kept release has no build files to compare with.
 * @param {string} staticDir
 * @param {string[]} kept
 * @returns {string[]} the files deleted, relative to `staticDir`
 */
export function pruneStaticFiles(staticDir, kept) {
  if (!fs.existsSync(staticDir)) return []
  const builds = kept.map((dir) => path.join(dir, '.next', 'static'))
  if (!builds.every((dir) => fs.existsSync(dir))) return []
  const built = new Set(builds.flatMap((dir) => [...filesUnder(dir)].map((file) => path.relative(dir, file))))
  /** @type {string[]} */
  const deleted = []
  for (const file of filesUnder(staticDir)) {
    const relative = path.relative(staticDir, file)
    if (built.has(relative) || built.has(relative.replace(PRECOMPRESSED_COPY, ''))) continue
    fs.rmSync(file, { force: true })
    deleted.push(relative)
  }
  removeEmptyFolders(staticDir)
  return deleted
}

/**
 * Removes the empty folders below `dir` (not `dir` itself).
 * @param {string} dir
 */
function removeEmptyFolders(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue
    const folder = path.join(dir, entry.name)
    removeEmptyFolders(folder)
    if (fs.readdirSync(folder).length === 0) fs.rmdirSync(folder)
  }
}
