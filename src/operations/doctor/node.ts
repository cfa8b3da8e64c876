import fs from 'node:fs'
import path from 'node:path'
import type { CheckResult } from './check'

const NAME = 'node'

/** What the project asks of Node: package.json's `engines` range and the exact version it pins (the `node` package). */
export type NodeRequirement = { engines: string; pinned: string }

export function nodeRequirementOf(root: string): NodeRequirement {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'))
  return { engines: String(manifest.engines?.node ?? ''), pinned: String(manifest.dependencies?.node ?? '') }
}

const VERSION = /^v?(\d+)\.(\d+)\.(\d+)$/
/** The ranges package.json may write: `^24.11.0` (this major, from that version on) or `>=24.11.0`. */
const RANGE = /^(\^|>=)\s*(\d+)\.(\d+)\.(\d+)$/

const compare = (a: number[], b: number[]) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]

/** Whether `version` is in `range`; null when the range is not one of the forms RANGE reads. */
export function satisfies(version: string, range: string): boolean | null {
  const wanted = RANGE.exec(range.trim())
  const have = VERSION.exec(version.trim())
  if (!wanted || !have) return null
  const [least, actual] = [wanted.slice(2).map(Number), have.slice(1).map(Number)]
  if (compare(actual, least) < 0) return false
  return wanted[1] === '>=' || actual[0] === least[0]
}

/** The Node running the site (this process, on the project's Node) against the project's range and pin. */
export function nodeCheck(running: string, { engines, pinned }: NodeRequirement): CheckResult {
  const version = running.replace(/^v/, '')
  const inRange = satisfies(version, engines)
  const fixNode = `run it on the project's Node ${pinned}: \`npm ci\` installs it as node_modules/.bin/node`
  if (inRange === null)
    return {
      name: NAME,
      status: 'fail',
      detail: `package.json's engines.node (${engines || 'none'}) is not a range the doctor reads`,
      fix: 'write it as ^MAJOR.MINOR.PATCH',
    }
  if (!inRange)
    return { name: NAME, status: 'fail', detail: `Node ${version}, outside ${engines} (package.json)`, fix: fixNode }
  if (version !== pinned)
    return { name: NAME, status: 'warn', detail: `Node ${version}, not the ${pinned} package.json pins`, fix: fixNode }
  return { name: NAME, status: 'ok', detail: `Node ${version}, the version package.json pins (engines ${engines})` }
}
