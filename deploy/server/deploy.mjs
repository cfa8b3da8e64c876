// A new release of this checkout on a server installed by deploy/server/install.mjs, or a rollback
// to the release before, as root (it runs systemctl, chown and runuser):
//   node deploy/server/deploy.mjs [--no-backup]          (npm run server:deploy)
//   node deploy/server/deploy.mjs --release FILE [--no-backup]   a release made by `npm run release`
//                                                        (FILE: its <name>.tar.gz), unpacked, not built
//   node deploy/server/deploy.mjs --rollback [--force]   (npm run server:rollback)
//   add --dry-run to print the steps and run none of them (as any user).
// The steps are those of deploy/server/plan.mjs; docs/servers.md, "On a server", says what each does.
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { continueOnProjectNode, ROOT } from '../../scripts/lib/bootstrap.mjs'
import { upstreamPorts } from '../lib/nginxConf.mjs'
import { NO_BACKUP_WARNING } from '../lib/backupBeforeDeploy.mjs'
import { withDeployLock } from '../lib/deployLock.mjs'
import { releaseName } from '../lib/releaseMaking.mjs'
import { migrationsAhead } from '../lib/releaseMigrations.mjs'
import { currentRelease, historySoFar, readHistory, releases } from '../lib/releases.mjs'
import { frontConfFile, installedInstances, SERVER_LAYOUT } from './layout.mjs'
import { readReleaseManifest } from '../lib/releaseArchiveCheck.mjs'
import { describeStep } from './describeStep.mjs'
import { deployPlan, rollbackPlan } from './plan.mjs'
import { runDeploy, runPlan } from './runPlan.mjs'

/** @typedef {import('./layout.mjs').ServerLayout} ServerLayout */
/**
 * @typedef {object} StartingPoint
 * @property {{ releasesDir: string, currentLink: string }} place
 * @property {number[]} ports
 * @property {import('./plan.mjs').Served} served
 * @property {string | null} current
 * @property {string[]} history
 * @property {boolean} written
 */

const { values: options } = parseArgs({
  options: {
    rollback: { type: 'boolean', default: false },
    force: { type: 'boolean', default: false },
    'dry-run': { type: 'boolean', default: false },
    // The backup site-backup.service takes before the migrations, left out (docs/servers.md, "On a server").
    'no-backup': { type: 'boolean', default: false },
    // An archive of `npm run release`: deployed as it is, nothing built here.
    release: { type: 'string' },
  },
})

/** A file's text, or null when there is none. */
const textOf = (/** @type {string} */ file) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null)

/**
 * This machine's instances and how they are served: those its front sends requests to; on a server
 * installed without a front (--no-front), those its units name; none before the install.
 * @param {ServerLayout} layout
 * @returns {{ ports: number[], served: import('./plan.mjs').Served }}
 */
function installedPorts(layout) {
  const conf = textOf(frontConfFile(layout.frontDir))
  const { ports, address } = installedInstances(layout, textOf)
  return conf === null
    ? { ports, served: { front: false, address } }
    : { ports: upstreamPorts(conf), served: { address } }
}

/**
 * What a deploy or a rollback starts from: the instances the front serves, the release `current`
 * names (null before the first deploy), and the releases named current in turn (`written`: whether
 * a history file was there, or the server was deployed before it was kept).
 * @param {ServerLayout} layout
 * @returns {StartingPoint}
 */
function startingPoint(layout) {
  const place = { releasesDir: layout.releasesDir, currentLink: layout.current }
  return {
    place,
    ...installedPorts(layout),
    current: currentRelease(place, null),
    history: historySoFar(layout.current),
    written: readHistory(layout.current) !== null,
  }
}

/** The release archive --release names, with its manifest; null without the option (the checkout is built). */
async function releaseArchive() {
  if (!options.release) return null
  if (options.rollback) throw new Error('--release deploys a release; a rollback goes back to one already here')
  const archive = path.resolve(options.release)
  return { archive, manifest: await readReleaseManifest(archive) }
}

/**
 * @param {ServerLayout} layout
 * @param {StartingPoint} from
 * @param {Awaited<ReturnType<typeof releaseArchive>>} release
 * @returns {import('./plan.mjs').Step[]}
 */
function plan(layout, { place, ports, served, current, history, written }, release) {
  if (options.rollback) {
    if (!current) throw new Error(`there is no release at ${layout.current} to roll back from`)
    return rollbackPlan({
      layout,
      ports,
      current,
      releases: releases(place),
      // Without a history file, a rollback goes by the releases' names.
      history: written ? history : null,
      aheadOf: migrationsAhead,
      force: options.force,
      served,
    })
  }
  const steps = deployPlan({
    layout,
    ...(release ? { release } : { name: releaseName(), checkout: ROOT, node: process.execPath }),
    ports,
    history,
    backup: !options['no-backup'],
    served,
  })
  if (options['no-backup'] && ports.length) console.warn(NO_BACKUP_WARNING)
  if (!ports.length) console.log(`> No instance installed yet: this release is made and named current only.`)
  return steps
}

continueOnProjectNode()
try {
  const release = await releaseArchive()
  if (options['dry-run']) {
    const steps = plan(SERVER_LAYOUT, startingPoint(SERVER_LAYOUT), release)
    for (const [i, step] of steps.entries()) console.log(`${i + 1}. ${describeStep(step)}`)
  } else {
    if (process.getuid?.() !== 0)
      throw new Error('run it as root (it runs systemctl, chown and runuser), or add --dry-run')
    const layout = SERVER_LAYOUT
    // Planned once the lock is held: what is current then is what the plan starts from.
    await withDeployLock(path.join(layout.baseDir, 'deploy.lock'), options.rollback ? 'a rollback' : 'a deploy', () => {
      const from = startingPoint(layout)
      const steps = plan(layout, from, release)
      if (options.rollback) return runPlan(steps)
      const { ports, served, current: previous, history } = from
      return runDeploy(steps, { layout, ports, served, previous, history })
    })
    const now = path.basename(fs.realpathSync(layout.current))
    console.log(`> ${options.rollback ? 'Rolled back' : 'Deployed'}: ${layout.current} is ${now}.`)
    if (!installedPorts(layout).ports.length)
      console.log('> Next: node deploy/server/install.mjs --domain www.example.com (docs/servers.md, "On a server").')
  }
} catch (error) {
  console.error(`deploy/server/deploy.mjs: ${error instanceof Error ? error.message : error}`)
  process.exitCode = 1
}
