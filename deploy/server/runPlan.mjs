// Carries out a plan of deploy/server/plan.mjs, step by step, stopping at the first that fails.
import fs from 'node:fs'
import path from 'node:path'
import { run } from '../../scripts/lib/bootstrap.mjs'
import { saveMaintenancePage } from '../lib/maintenancePage.mjs'
import { withUpstreamsDown } from '../lib/nginxConf.mjs'
import { answersOk, sleep, waitUntil } from '../lib/processes.mjs'
import { copyCheckout } from '../lib/releaseMaking.mjs'
import { markCurrent, pruneReleases, rollForwardOrBack, writeHistory } from '../lib/releases.mjs'
import { shareStaticFiles } from '../lib/staticFiles.mjs'
import { atLowPriority } from '../lib/lowPriority.mjs'
import { describeStep } from './describeStep.mjs'
import { deployParts, undoSwitchPlan } from './plan.mjs'

/** @typedef {import('./plan.mjs').Step} Step */
/** @typedef {Extract<Step, { kind: 'run' }>} RunStep */
/** @typedef {(step: RunStep) => unknown} Exec */

/**
 * Runs a `run` step's command, failing when it does.
 * @param {RunStep} step
 */
export const runCommand = ({ command, args, cwd, env }) =>
  run(command, args, { cwd, env: env ? { ...process.env, ...env } : process.env })

/**
 * Runs a `run` step with `exec`; a step that says what its failure means fails with those words.
 * @param {RunStep} step
 * @param {Exec} exec
 */
async function runStep(step, exec) {
  try {
    await exec(step)
  } catch (error) {
    if (!step.failure) throw error
    throw new Error(step.failure, { cause: error })
  }
}

/**
 * What each step but `run` does.
 * @type {{ [Kind in Exclude<Step['kind'], 'run'>]: (step: Extract<Step, { kind: Kind }>) => unknown }}
 */
const ACTIONS = {
  copy: ({ from, to }) => copyCheckout(from, to),
  // The heavy work beside the serving instances runs at a low priority (deploy/lib/lowPriority.mjs).
  unpack: ({ archive, to }) => atLowPriority('unpackRelease', archive, to),
  shareStatic: async ({ from, to }) => {
    shareStaticFiles(from, to)
    await atLowPriority('precompressStatic', to)
  },
  flip: ({ link, to, history }) => {
    markCurrent(to, link)
    writeHistory(link, history)
  },
  upstream: ({ conf, down }) => fs.writeFileSync(conf, withUpstreamsDown(fs.readFileSync(conf, 'utf8'), down)),
  settle: ({ ms }) => sleep(ms),
  waitReady: ({ port, url, timeoutMs }) =>
    waitUntil(() => answersOk(url), timeoutMs, `the instance on port ${port} answering ${url}`),
  maintenancePage: ({ port, file }) => saveMaintenancePage({ port, file }),
  prune: ({ releasesDir, currentLink, staticDir, kept }) => {
    const deleted = pruneReleases({ releasesDir, currentLink, staticDir }, kept)
    if (deleted.length) console.log(`  deleted ${deleted.join(', ')}`)
  },
}

/**
 * Runs every step in order; `exec` runs the `run` steps (the commands).
 * @param {Step[]} steps
 * @param {{ exec?: Exec }} [options]
 */
export async function runPlan(steps, { exec = runCommand } = {}) {
  for (const [i, step] of steps.entries()) {
    console.log(`> [${i + 1}/${steps.length}] ${describeStep(step)}`)
    if (step.kind === 'run') await runStep(step, exec)
    // The action of the step's own kind (TypeScript does not pair the two by itself).
    else await /** @type {(step: Step) => unknown} */ (ACTIONS[step.kind])(step)
  }
}

/**
 * Carries out a deploy plan (deploy/server/plan.mjs) on `layout`, whose instances on `ports` run
 * `previous` (null before the first deploy) with the releases `history` named current so far.
 * Should an instance not answer on the new release, `current` goes back to `previous` and every
 * instance is restarted on it, and the deploy fails saying so.
 * @param {Step[]} steps
 * @param {object} server
 * @param {import('./layout.mjs').ServerLayout} server.layout
 * @param {number[]} server.ports
 * @param {string | null} server.previous
 * @param {string[]} server.history
 * @param {import('./plan.mjs').Served} [server.served]
 * @param {Exec} [server.exec]
 */
export async function runDeploy(steps, { layout, ports, previous, history, served, exec = runCommand }) {
  const { prepare, switchOver, tidy } = deployParts(steps)
  await runPlan(prepare, { exec })
  // The switch begins with the flip of `current` (deployParts).
  const target = /** @type {Extract<Step, { kind: 'flip' }>} */ (switchOver[0]).to
  if (!previous || !ports.length) {
    await runPlan([...switchOver, ...tidy], { exec })
    return
  }
  await rollForwardOrBack({
    target: path.basename(target),
    before: path.basename(previous),
    forward: () => runPlan(switchOver, { exec }),
    back: () => runPlan(undoSwitchPlan({ layout, ports, previous, history, served }), { exec }),
  })
  await runPlan(tidy, { exec })
}
