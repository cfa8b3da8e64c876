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
import { currentRelease, migrationsAhead, releaseName, releases } from '../lib/releases.mjs'
import { frontConfFile, SERVER_LAYOUT } from './layout.mjs'
import { deployPlan, describeStep, rollbackPlan } from './plan.mjs'
import { runPlan } from './runPlan.mjs'

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
  if (options.rollback) {
    const current = currentRelease(place, null)
    if (!current) throw new Error(`there is no release at ${layout.current} to roll back from`)
    return rollbackPlan({
      layout,
      ports,
      current,
      releases: releases(place),
      aheadOf: migrationsAhead,
      force: options.force,
    })
  }
  const steps = deployPlan({ layout, name: releaseName(), checkout: ROOT, node: process.execPath, ports })
  if (!ports.length)
    console.log(`> No front at ${frontConfFile(layout.frontDir)} yet: this release is made and named current only.`)
  return steps
}

continueOnProjectNode()
try {
  const steps = plan(SERVER_LAYOUT)
  if (options['dry-run']) {
    for (const [i, step] of steps.entries()) console.log(`${i + 1}. ${describeStep(step)}`)
  } else {
    if (process.getuid?.() !== 0)
      throw new Error('run it as root (it runs systemctl, chown and runuser), or add --dry-run')
    await runPlan(steps)
    const now = path.basename(fs.realpathSync(SERVER_LAYOUT.current))
    console.log(`> ${options.rollback ? 'Rolled back' : 'Deployed'}: ${SERVER_LAYOUT.current} is ${now}.`)
    if (!installedPorts(SERVER_LAYOUT).length)
      console.log('> Next: node deploy/server/install.mjs --domain www.example.com (README, "On a server").')
  }
} catch (error) {
  console.error(`deploy/server/deploy.mjs: ${error instanceof Error ? error.message : error}`)
  process.exitCode = 1
}
