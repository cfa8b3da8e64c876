// The local stack's deploy and rollback (`node deploy/stack.mjs deploy|rollback`): a new release
// beside the running one, backed up before it migrates, then every instance moved to it one at a
// time while the others serve; a rollback moves them back the same way.
import fs from 'node:fs'
import path from 'node:path'
import { ensureBuilt, loadEnvFile, ROOT, run } from '../../scripts/lib/bootstrap.mjs'
import { APP_PORTS, BUILD_NICENESS } from './config.mjs'
import { backupStackBeforeMigrating, NO_BACKUP_OPTION, NO_BACKUP_WARNING } from './backupBeforeDeploy.mjs'
import { atLowPriority } from './lowPriority.mjs'
import { readReleaseManifest } from './releaseArchiveCheck.mjs'
import { stopProcess } from './processes.mjs'
import { STACK_PLACE } from './config.mjs'
import { makeRelease, releaseOfCheckoutBuild } from './releaseMaking.mjs'
import { migrationsAhead, unsafeRollbackMessage } from './releaseMigrations.mjs'
import {
  currentRelease,
  markCurrent,
  pruneReleases,
  RELEASES_KEPT,
  rollbackTarget,
  rollForwardOrBack,
} from './releases.mjs'
import { shareStaticFiles } from './staticFiles.mjs'
import { appEnv, launchApp, waitForApp } from './services.mjs'
import { reloadNginx } from './stackFront.mjs'
import { runningState, writeState } from './stackState.mjs'

/**
 * Moves every instance to `releaseDir`, one at a time: nginx stops sending it requests, it stops
 * (SIGTERM: it finishes what it serves and hands its chat streams over), starts again from the
 * release, and takes requests again once it answers; the others serve meanwhile.
 * @param {string} releaseDir
 * @param {import('./stackState.mjs').StackState} state
 */
async function rollTo(releaseDir, state) {
  shareStaticFiles(releaseDir)
  await atLowPriority('precompressStatic', STACK_PLACE.staticDir)
  for (const [i, port] of APP_PORTS.entries()) {
    console.log(`> Instance ${port}: moving to ${path.basename(releaseDir)}…`)
    await reloadNginx({ down: [port] })
    await stopProcess(`app ${port}`, state.processes.apps[i], ['SIGTERM'], { group: true })
    state.processes.apps[i] = launchApp(port, releaseDir)
    writeState(state)
    await waitForApp(port, state.processes.apps[i])
    await reloadNginx()
  }
  markCurrent(releaseDir)
}

/** A deploy's option naming a release made by `npm run release`, instead of building the checkout. */
export const RELEASE_OPTION = '--release'

/** The archive `--release FILE` names (a release made by `npm run release`), or null. */
function releaseOption() {
  const at = process.argv.indexOf(RELEASE_OPTION)
  if (at === -1) return null
  const file = process.argv[at + 1]
  if (!file || file.startsWith('--')) throw new Error(`${RELEASE_OPTION} takes the release's .tar.gz`)
  return path.resolve(file)
}

/** A deploy's option taking the checkout's own build (`npm run build`) as the new release, instead of building a copy. */
export const BUILT_OPTION = '--built'

/** The release a deploy goes to: unpacked from `--release`, copied with the checkout's build (`--built`), or built. */
async function newRelease() {
  const archive = releaseOption()
  if (archive) return unpackedRelease(archive)
  if (!process.argv.includes(BUILT_OPTION)) return makeRelease()
  ensureBuilt()
  return releaseOfCheckoutBuild()
}

/**
 * `deploy`: builds a new release from the checkout beside the running one (or unpacks the one
 * `--release` names, or copies the checkout's build with `--built`), backs up, migrates, rolls over.
 */
export async function deploy() {
  const state = runningState()
  loadEnvFile()
  const before = currentRelease()
  const releaseDir = await newRelease()
  if (process.argv.includes(NO_BACKUP_OPTION)) console.warn(NO_BACKUP_WARNING)
  else backupStackBeforeMigrating()
  // The migrations run once, from the new release, before any instance runs it; the instances
  // still on the last release go on serving meanwhile (a migration must not break them), so it
  // runs at the build's low priority.
  run('nice', ['-n', String(BUILD_NICENESS), process.execPath, 'scripts/migrate.mjs'], {
    cwd: releaseDir,
    env: appEnv(APP_PORTS[0]),
  })
  // Should an instance not answer on the new release, every one goes back to the one before.
  await rollForwardOrBack({
    target: path.basename(releaseDir),
    before: releaseLabel(before),
    forward: () => rollTo(releaseDir, state),
    back: () => rollTo(before, state),
  })
  state.releases.push(releaseDir)
  writeState(state)
  // The releases the stack ran, in turn: a rollback's way back.
  pruneReleases(STACK_PLACE, RELEASES_KEPT, state.releases)
  console.log(`> Deployed ${path.basename(releaseDir)}.`)
}

/**
 * Unpacks the release archive `archive` into the stack's releases, as a server's deploy does.
 * @param {string} archive
 * @returns {Promise<string>}
 */
async function unpackedRelease(archive) {
  const { name } = await readReleaseManifest(archive)
  const dir = path.join(STACK_PLACE.releasesDir, name)
  fs.mkdirSync(STACK_PLACE.releasesDir, { recursive: true })
  console.log(`> Unpacking release ${name}…`)
  await atLowPriority('unpackRelease', archive, dir)
  return dir
}

/** @param {string} dir */
const releaseLabel = (dir) => (dir === ROOT ? 'the checkout' : path.basename(dir))

/** `rollback`: rolls every instance back to the release before the current one. */
export async function rollback() {
  const state = runningState()
  const current = currentRelease()
  // The releases the stack ran, in turn, are the way back; one pruned since is stepped over.
  const target = rollbackTarget({
    current,
    releases: state.releases.filter((dir) => fs.existsSync(dir)),
    history: state.releases,
  })
  if (!target) throw new Error('there is no earlier release to roll back to')
  const { previous } = target
  // The checkout's files may have moved on since its build started (a `git pull`): what it knows is
  // what it knew then.
  const known = previous === ROOT ? state.checkoutMigrations : undefined
  const ahead = migrationsAhead(current, previous, known)
  if (ahead.length && !process.argv.includes('--force')) {
    throw new Error(unsafeRollbackMessage(ahead))
  }
  await rollTo(previous, state)
  state.releases = target.history
  writeState(state)
  console.log(`> Rolled back to ${releaseLabel(previous)}.`)
}
