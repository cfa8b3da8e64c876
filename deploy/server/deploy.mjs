// A new release of this checkout on a server installed by deploy/server/install.mjs, or a rollback
// to the release before, as root (it runs systemctl, chown and runuser):
//   node deploy/server/deploy.mjs                        (npm run server:deploy)
//   node deploy/server/deploy.mjs --rollback [--force]   (npm run server:rollback)
//   add --dry-run to print the steps and run none of them (as any user).
// The steps are those of deploy/server/plan.mjs; README, "On a server", says what each does.
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { continueOnProjectNode, ROOT } from '../../scripts/lib/bootstrap.mjs'
import { upstreamPorts } from '../lib/nginxConf.mjs'
import { withDeployLock } from '../lib/deployLock.mjs'
import { currentRelease, historySoFar, migrationsAhead, readHistory, releaseName, releases } from '../lib/releases.mjs'
import { frontConfFile, SERVER_LAYOUT } from './layout.mjs'
import { deployPlan, describeStep, rollbackPlan } from './plan.mjs'
import { runDeploy, runPlan } from './runPlan.mjs'

const { values: options } = parseArgs({
  options: {
    rollback: { type: 'boolean', default: false },
    force: { type: 'boolean', default: false },
    'dry-run': { type: 'boolean', default: false },
  },
})

/** The instances the front sends requests to; none before the install has rendered it. */
function installedPorts(layout) {
  const conf = frontConfFile(layout.frontDir)
  return fs.existsSync(conf) ? upstreamPorts(fs.readFileSync(conf, 'utf8')) : []
}

function plan(layout) {
  const ports = installedPorts(layout)
  const place = { releasesDir: layout.releasesDir, currentLink: layout.current }
  const current = currentRelease(place, null)
  if (options.rollback) {
    if (!current) throw new Error(`there is no release at ${layout.current} to roll back from`)
    return rollbackPlan({
      layout,
      ports,
      current,
      releases: releases(place),
      // A history file ends at `current` (the release added should its deploy have stopped after the flip).
      history: readHistory(layout.current) && historySoFar(layout.current),
      aheadOf: migrationsAhead,
      force: options.force,
    })
  }
  const history = historySoFar(layout.current)
  const steps = deployPlan({ layout, name: releaseName(), checkout: ROOT, node: process.execPath, ports, history })
  if (!ports.length)
    console.log(`> No front at ${frontConfFile(layout.frontDir)} yet: this release is made and named current only.`)
  return steps
}

continueOnProjectNode()
try {
  if (options['dry-run']) {
    for (const [i, step] of plan(SERVER_LAYOUT).entries()) console.log(`${i + 1}. ${describeStep(step)}`)
  } else {
    if (process.getuid?.() !== 0)
      throw new Error('run it as root (it runs systemctl, chown and runuser), or add --dry-run')
    const layout = SERVER_LAYOUT
    // Planned once the lock is held: what is current then is what the plan starts from.
    await withDeployLock(path.join(layout.baseDir, 'deploy.lock'), options.rollback ? 'a rollback' : 'a deploy', () => {
      const steps = plan(layout)
      if (options.rollback) return runPlan(steps)
      const previous = currentRelease({ currentLink: layout.current }, null)
      return runDeploy(steps, {
        layout,
        ports: installedPorts(layout),
        previous,
        history: historySoFar(layout.current),
      })
    })
    const now = path.basename(fs.realpathSync(layout.current))
    console.log(`> ${options.rollback ? 'Rolled back' : 'Deployed'}: ${layout.current} is ${now}.`)
    if (!installedPorts(layout).length)
      console.log('> Next: node deploy/server/install.mjs --domain www.example.com (README, "On a server").')
  }
} catch (error) {
  console.error(`deploy/server/deploy.mjs: ${error instanceof Error ? error.message : error}`)
  process.exitCode = 1
}
