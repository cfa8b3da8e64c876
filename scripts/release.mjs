// `npm run release [-- --out DIR] [--built]`: one release of this checkout, made once for every server.
// The checkout is copied into a folder of its own (its dependencies as installed, hard links), built
// there once with the release's name as build id and Next deployment id (with --built: the build the
// checkout has, made first when out of date, goes out as it is, under its own build id, as the
// build a run of the tests used), described in release.json
// (deploy/lib/releaseArchive.mjs) and packed as DIR/<name>.tar.gz with its sha256 beside it
// (DIR: release-archives/ by default). Copy both files to each server and deploy them there with
// `node deploy/server/deploy.mjs --release DIR/<name>.tar.gz` (docs/servers.md, "On a server").
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { continueOnProjectNode, ensureBuilt, ROOT } from './lib/bootstrap.mjs'
import { checksumFileOf, packRelease, RELEASE_MANIFEST, releaseManifest } from '../deploy/lib/releaseArchive.mjs'
import { verifyRelease } from '../deploy/lib/releaseArchiveCheck.mjs'
import { checkoutCommit, makeRelease, releaseName, releaseOfCheckoutBuild } from '../deploy/lib/releaseMaking.mjs'

/** Where the archives go unless --out says: a folder of the checkout git ignores (a release must not hold the ones before). */
const DEFAULT_OUT = 'release-archives'
/** Where a release is built before it is packed: inside the checkout, on the disk of its dependencies. */
const STAGING_DIR = path.join(ROOT, '.tmp', 'release-staging')
const MEGABYTE = 1024 * 1024
const SECOND_MS = 1000

continueOnProjectNode()
const { values: options } = parseArgs({
  options: { out: { type: 'string' }, built: { type: 'boolean', default: false } },
})
const started = Date.now()
const name = releaseName()
const dir = path.join(STAGING_DIR, name)
try {
  const { commit, uncommitted } = checkoutCommit()
  if (uncommitted)
    console.warn('> The checkout has changes not committed: they are in the release (release.json says so).')
  let buildId = name
  if (options.built) {
    ensureBuilt()
    buildId = fs.readFileSync(path.join(ROOT, '.next', 'BUILD_ID'), 'utf8').trim()
    releaseOfCheckoutBuild(name, { releasesDir: STAGING_DIR })
  } else makeRelease(name, { releasesDir: STAGING_DIR })
  const manifest = releaseManifest(dir, { name, commit, uncommitted, buildId })
  fs.writeFileSync(path.join(dir, RELEASE_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`)
  console.log(`> Packing release ${name}…`)
  const archive = await packRelease(dir, options.out ? path.resolve(options.out) : path.join(ROOT, DEFAULT_OUT))
  // Read back as a deploy reads it: a release no server would take is not handed out.
  await verifyRelease(archive).catch((error) => {
    for (const file of [archive, checksumFileOf(archive)]) fs.rmSync(file, { force: true })
    throw error
  })
  const megabytes = fs.statSync(archive).size / MEGABYTE
  console.log(
    `> Release ${name}: ${path.relative(process.cwd(), archive)} (${megabytes.toFixed(0)} MB) and ` +
      `${path.basename(checksumFileOf(archive))}, made in ${Math.round((Date.now() - started) / SECOND_MS)} s.`,
  )
} catch (error) {
  console.error(`scripts/release.mjs: ${error instanceof Error ? error.message : error}`)
  process.exitCode = 1
} finally {
  fs.rmSync(dir, { recursive: true, force: true })
}
