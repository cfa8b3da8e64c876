// What the tests of a server's deploy share: the plan's step types and how they read, and a
// server's layout moved into a temporary folder, where a plan is carried out for real.
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

/** A step in a few words, so that a sequence of them reads as the deploy does. */
export function short(step: Step): string {
  switch (step.kind) {
    case 'run': {
      const run = step as RunStep
      if (run.command === 'systemctl') return `${run.args[0]} ${run.args[1]}`
      if (run.command === 'runuser') return `migrate as ${run.args[1]}`
      if (run.args.includes('build')) return 'build'
      if (run.args.includes('scripts/after-build.mjs')) return 'after-build'
      return run.command
    }
    case 'upstream':
      return `down [${step.down.join(',')}]`
    case 'waitReady':
      return `ready ${step.port}`
    default:
      return step.kind
  }
}

/** The file the front answers with on 502, 503 and 504: its error_page address under that location's root. */
export function errorPageFile(conf: string): string {
  const address = /^\s*error_page 502 503 504 (\S+);$/m.exec(conf)?.[1] ?? ''
  const location = conf.slice(conf.indexOf(`location = ${address} {`))
  const root = /^\s*root (\S+);$/m.exec(location)?.[1] ?? ''
  return path.join(root, address)
}
