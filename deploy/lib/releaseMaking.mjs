// Making a release of the checkout: its name, a copy of the checkout's files (dependencies as hard
// links), and its build, made there once or copied from the checkout's own (deploy/lib/releases.mjs
// keeps, names and rolls the releases made).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { ROOT, run } from '../../scripts/lib/bootstrap.mjs'
import { BUILD_NICENESS, STACK_PLACE } from './config.mjs'

/** A release's name: when it was made, and the commit of `checkout` it was made from. */
export function releaseName(now = new Date(), checkout = ROOT) {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: checkout, encoding: 'utf8' }).stdout?.trim()
  return commit ? `${stamp}-${commit}` : stamp
}

/**
 * The checkout's files as git sees them: committed, changed and new, not ignored ones.
 * @param {string} checkout
 * @returns {string[]}
 */
function checkoutFiles(checkout) {
  const result = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: checkout,
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error('a release is made from a git checkout')
  return result.stdout.split('\0').filter((file) => file && fs.existsSync(path.join(checkout, file)))
}

/**
 * Copies the checkout into the new folder `dir`: the files git knows, and the dependencies as hard
 * links to the checkout's (the same file system), not a copy.
 * @param {string} checkout
 * @param {string} dir
 */
export function copyCheckout(checkout, dir) {
  if (fs.existsSync(dir)) throw new Error(`release ${path.basename(dir)} exists already`)
  fs.mkdirSync(dir, { recursive: true })
  for (const file of checkoutFiles(checkout)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    fs.copyFileSync(path.join(checkout, file), path.join(dir, file))
  }
  run('cp', ['-al', path.join(checkout, 'node_modules'), path.join(dir, 'node_modules')])
}

/**
 * The settings a release is built with: its name is its build id and its deployment id.
 * @param {string} name
 * @param {Record<string, string | undefined>} [env]
 * @returns {NodeJS.ProcessEnv}
 */
export const buildEnv = (name, env = process.env) => ({
  ...env,
  NODE_ENV: 'production',
  NEXT_TELEMETRY_DISABLED: '1',
  SITE_BUILD_ID: name,
  NEXT_DEPLOYMENT_ID: name,
})

/**
 * The commands that build a release in `dir` with `node`: Next's build, then what follows it, each
 * at BUILD_NICENESS, so the instances serving meanwhile keep answering at their pace.
 * @param {string} dir
 * @param {string} [node]
 * @returns {[command: string, args: string[]][]}
 */
export const buildCommands = (dir, node = process.execPath) => [
  [
    'nice',
    ['-n', String(BUILD_NICENESS), node, path.join(dir, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'],
  ],
  ['nice', ['-n', String(BUILD_NICENESS), node, 'scripts/after-build.mjs']],
]

/**
 * Copies the checkout into a new release of `place` and builds it there, once.
 * @param {string} [name]
 * @param {Pick<import('./config.mjs').ReleasePlace, 'releasesDir'>} [place]
 * @param {string} [checkout]
 * @returns {string} the release's folder
 */
export function makeRelease(name = releaseName(), place = STACK_PLACE, checkout = ROOT) {
  const dir = path.join(place.releasesDir, name)
  copyCheckout(checkout, dir)
  console.log(`> Building release ${name}…`)
  for (const [command, args] of buildCommands(dir)) run(command, args, { cwd: dir, env: buildEnv(name) })
  return dir
}

/** Next's build folder, and the cache inside it a release does not need. */
const BUILD_DIR = '.next'
const BUILD_CACHE_DIR = path.join(BUILD_DIR, 'cache')

/**
 * Copies the checkout into a new release of `place` together with the build it has already (made
 * by `npm run build`, current for its files): the build that was tested goes out as it is, not built
 * again. Its build id is the checkout's. Next's build cache stays behind.
 * @param {string} [name]
 * @param {Pick<import('./config.mjs').ReleasePlace, 'releasesDir'>} [place]
 * @param {string} [checkout]
 * @returns {string} the release's folder
 */
export function releaseOfCheckoutBuild(name = releaseName(), place = STACK_PLACE, checkout = ROOT) {
  if (!fs.existsSync(path.join(checkout, BUILD_DIR, 'BUILD_ID'))) throw new Error('the checkout has no build')
  const dir = path.join(place.releasesDir, name)
  copyCheckout(checkout, dir)
  console.log(`> Copying the checkout's build into release ${name}…`)
  const cache = path.join(checkout, BUILD_CACHE_DIR)
  // The build's links into the dependencies are relative (.next/node_modules/<package>-<hash>): kept
  // as they are, they lead to the release's own dependencies, not to the checkout's.
  fs.cpSync(path.join(checkout, BUILD_DIR), path.join(dir, BUILD_DIR), {
    recursive: true,
    verbatimSymlinks: true,
    filter: (source) => source !== cache,
  })
  return dir
}

/**
 * The commit `checkout` is at (in full), and whether it holds changes not committed.
 * @param {string} [checkout]
 * @returns {{ commit: string | null, uncommitted: boolean }}
 */
export function checkoutCommit(checkout = ROOT) {
  const git = (/** @type {string[]} */ ...args) =>
    spawnSync('git', args, { cwd: checkout, encoding: 'utf8' }).stdout?.trim() ?? ''
  return { commit: git('rev-parse', 'HEAD') || null, uncommitted: git('status', '--porcelain') !== '' }
}
