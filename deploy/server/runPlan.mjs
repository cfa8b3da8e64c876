// Carries out a plan of deploy/server/plan.mjs, step by step, stopping at the first that fails.
import fs from 'node:fs'
import { run } from '../../scripts/lib/bootstrap.mjs'
import { withUpstreamsDown } from '../lib/nginxConf.mjs'
import { answersOk, sleep, waitUntil } from '../lib/processes.mjs'
import { copyCheckout, markCurrent, precompressStatic, pruneReleases, shareStaticFiles } from '../lib/releases.mjs'
import { describeStep } from './plan.mjs'

/** Runs a `run` step's command, failing when it does. */
export const runCommand = ({ command, args, cwd, env }) =>
  run(command, args, { cwd, env: env ? { ...process.env, ...env } : process.env })

const ACTIONS = {
  copy: ({ from, to }) => copyCheckout(from, to),
  shareStatic: ({ from, to }) => {
    shareStaticFiles(from, to)
    precompressStatic(to)
  },
  flip: ({ link, to }) => markCurrent(to, link),
  upstream: ({ conf, down }) => fs.writeFileSync(conf, withUpstreamsDown(fs.readFileSync(conf, 'utf8'), down)),
  settle: ({ ms }) => sleep(ms),
  waitReady: ({ port, url, timeoutMs }) =>
    waitUntil(() => answersOk(url), timeoutMs, `the instance on port ${port} answering ${url}`),
  prune: ({ releasesDir, currentLink, staticDir, kept }) => {
    const deleted = pruneReleases({ releasesDir, currentLink, staticDir }, kept)
    if (deleted.length) console.log(`  deleted ${deleted.join(', ')}`)
  },
}

/** Runs every step in order; `exec` runs the `run` steps (the commands). */
export async function runPlan(steps, { exec = runCommand } = {}) {
  for (const [i, step] of steps.entries()) {
    console.log(`> [${i + 1}/${steps.length}] ${describeStep(step)}`)
    if (step.kind === 'run') await exec(step)
    else await ACTIONS[step.kind](step)
  }
}
