// Releases of the code for the stack: each deploy copies the checkout into its own folder under
// <state>/releases, builds it there while the running instances go on serving the last one, and
// names it in <state>/current once every instance runs it. Every instance of a release shares its
// one build (one build id, one deployment id), so a publish on one revalidates the cache of all.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { ROOT, run } from '../../scripts/lib/bootstrap.mjs'
import { STATE_DIR, STATIC_DIR } from './config.mjs'

export const RELEASES_DIR = path.join(STATE_DIR, 'releases')
/** The release the instances run: a link to its folder (none until the first deploy: the checkout). */
export const CURRENT_LINK = path.join(STATE_DIR, 'current')
/** Releases kept beside the current one, for rollbacks; older ones are deleted by a deploy. */
export const RELEASES_KEPT = 3
/** The stack runs on PostgreSQL: its migrations are these. */
const MIGRATIONS = path.join('src', 'migrations', 'postgres')

/** The folder the instances run from: the current release, or the checkout before any deploy. */
export function currentRelease() {
  return fs.existsSync(CURRENT_LINK) ? fs.realpathSync(CURRENT_LINK) : ROOT
}

/** The releases made so far, oldest first (their names sort by time). */
export function releases() {
  if (!fs.existsSync(RELEASES_DIR)) return []
  return fs
    .readdirSync(RELEASES_DIR)
    .sort()
    .map((name) => path.join(RELEASES_DIR, name))
}

/** A release's name: when it was made, and the commit it was made from. */
export function releaseName(now = new Date()) {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout?.trim()
  return commit ? `${stamp}-${commit}` : stamp
}

/** The checkout's files as git sees them: committed, changed and new, not ignored ones. */
function checkoutFiles() {
  const result = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error('a release is made from a git checkout')
  return result.stdout.split('\0').filter((file) => file && fs.existsSync(path.join(ROOT, file)))
}

/**
 * Copies the checkout into a new release folder and builds it there, with the release's name as
 * its build id and deployment id; the dependencies are hard links to the checkout's, not a copy.
 */
export function makeRelease(name = releaseName()) {
  const dir = path.join(RELEASES_DIR, name)
  if (fs.existsSync(dir)) throw new Error(`release ${name} exists already`)
  fs.mkdirSync(dir, { recursive: true })
  for (const file of checkoutFiles()) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    fs.copyFileSync(path.join(ROOT, file), path.join(dir, file))
  }
  run('cp', ['-al', path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules')])
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    SITE_BUILD_ID: name,
    NEXT_DEPLOYMENT_ID: name,
  }
  console.log(`> Building release ${name}…`)
  run(process.execPath, [path.join(dir, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], { cwd: dir, env })
  run(process.execPath, ['scripts/after-build.mjs'], { cwd: dir, env })
  return dir
}

/**
 * Adds a release's build files to the folder nginx serves them from (hard links; a file never
 * changes), beside the last release's: a page it served a moment ago still finds its chunks.
 */
export function shareStaticFiles(releaseDir) {
  fs.mkdirSync(STATIC_DIR, { recursive: true })
  run('cp', ['-al', '--no-clobber', `${path.join(releaseDir, '.next', 'static')}/.`, STATIC_DIR])
}

/** Points `current` at a release, in one step (a new link renamed over the old). */
export function markCurrent(releaseDir) {
  const next = `${CURRENT_LINK}.next`
  fs.rmSync(next, { force: true })
  fs.symlinkSync(releaseDir, next)
  fs.renameSync(next, CURRENT_LINK)
}

/** Deletes the oldest releases beyond RELEASES_KEPT, never the current one. */
export function pruneReleases() {
  const current = currentRelease()
  const old = releases().filter((dir) => dir !== current)
  for (const dir of old.slice(0, Math.max(0, old.length - RELEASES_KEPT)))
    fs.rmSync(dir, { recursive: true, force: true })
}

const migrationsOf = (releaseDir) =>
  new Set(
    fs
      .readdirSync(path.join(releaseDir, MIGRATIONS))
      .filter((file) => /^\d{8}_\d{6}_.+\.ts$/.test(file))
      .map((file) => file.replace(/\.ts$/, '')),
  )

/**
 * The migrations `from` has that `to` does not know: rolling back from `from` to `to` leaves the
 * database with changes the older code was not written for.
 */
export function migrationsAhead(from, to) {
  const known = migrationsOf(to)
  return [...migrationsOf(from)].filter((name) => !known.has(name)).sort()
}
