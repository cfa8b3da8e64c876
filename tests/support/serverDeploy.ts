// What the tests of a server's deploy share: the plan's step types, and a server's layout moved
// into a temporary folder, where a plan is carried out for real.
import path from 'node:path'
import { SERVER_LAYOUT } from '../../deploy/server/layout.mjs'
import type { deployPlan } from '../../deploy/server/plan.mjs'

export type Step = ReturnType<typeof deployPlan>[number]
export type RunStep = Extract<Step, { kind: 'run' }>
export type Layout = typeof SERVER_LAYOUT

/** The server's layout with its code (/opt/site) and its front's folder under `work`; the rest as on a server. */
export function layoutIn(work: string): Layout {
  const base = path.join(work, 'opt-site')
  return {
    ...SERVER_LAYOUT,
    baseDir: base,
    releasesDir: path.join(base, 'releases'),
    current: path.join(base, 'current'),
    staticDir: path.join(base, 'static'),
    frontDir: path.join(work, 'site-front'),
  }
}
