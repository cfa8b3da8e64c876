// One line for the log per step of a plan (deploy/server/plan.mjs), said before the runner carries it out.
import path from 'node:path'
import { maintenancePageUrl } from '../lib/maintenancePage.mjs'
import { historyFileOf } from '../lib/releases.mjs'

/** @typedef {import('./plan.mjs').Step} Step */

/**
 * One line saying what a step does, for the log.
 * @param {Step} step
 * @returns {string}
 */
export function describeStep(step) {
  switch (step.kind) {
    case 'copy':
      return `copy ${step.from} into ${step.to}`
    case 'unpack':
      return `unpack ${step.archive} into ${step.to}, once its sha256, entries and manifest are checked`
    case 'run':
      return `${step.command} ${step.args.join(' ')}${step.cwd ? `   (in ${step.cwd})` : ''}`
    case 'shareStatic':
      return `add the build files of ${path.basename(step.from)} to ${step.to}`
    case 'flip':
      return `point ${step.link} at ${step.to} (and list it last in ${historyFileOf(step.link)})`
    case 'upstream':
      return step.down.length
        ? `take ${step.down.map((port) => `127.0.0.1:${port}`).join(', ')} out of the front's upstream (${step.conf})`
        : `put every instance in the front's upstream (${step.conf})`
    case 'settle':
      return `wait ${step.ms} ms for nginx's new workers`
    case 'waitReady':
      return `wait for ${step.url} to answer (at most ${step.timeoutMs / 1000} s)`
    case 'maintenancePage':
      return `save the front's maintenance page from ${maintenancePageUrl(step.port)} into ${step.file}`
    case 'prune':
      return `delete releases in ${step.releasesDir} but the current one and the ${step.kept} that ran before it, and the build files in ${step.staticDir} none of those has`
    default:
      throw new Error(`unknown step ${JSON.stringify(step)}`)
  }
}
