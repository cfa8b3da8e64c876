// `npm run release` as a build machine runs it, for the benchmarks and the server suite: the
// archive it made, waited on with a bound, and what it printed when it failed.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import path from 'node:path'
import { ROOT } from '../../scripts/lib/bootstrap.mjs'
import { signalTree } from '../../scripts/lib/processTree.mjs'

/** The longest a release may take to make: a build and packing 320 MB, on a busy machine. */
export const RELEASE_MAKING_MS = 10 * 60_000

/**
 * Makes a release archive in `out` (`--built`: from the checkout's build, as it is, instead of a new
 * build) and returns its path. Its output is shown when `show`, else kept and told on a failure.
 * @param {string} out
 * @param {{ built?: boolean, show?: boolean, timeoutMs?: number }} [options]
 * @returns {Promise<string>}
 */
export async function madeRelease(out, { built = false, show = false, timeoutMs = RELEASE_MAKING_MS } = {}) {
  fs.mkdirSync(out, { recursive: true })
  const before = new Set(fs.readdirSync(out))
  const args = ['scripts/release.mjs', ...(built ? ['--built'] : []), '--out', out]
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', show ? 'inherit' : 'pipe', show ? 'inherit' : 'pipe'],
  })
  let printed = ''
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk) => (printed += chunk))
  // Past the bound, its tar and gzip go too, not only the script.
  const timer = setTimeout(() => child.pid && signalTree(child.pid, 'SIGKILL'), timeoutMs)
  const [status, signal] = await once(child, 'close').finally(() => clearTimeout(timer))
  if (status !== 0)
    throw new Error(`npm run release failed (${signal ?? `status ${status}`}, bound ${timeoutMs} ms)\n${printed}`)
  const archive = fs.readdirSync(out).find((file) => file.endsWith('.tar.gz') && !before.has(file))
  if (!archive) throw new Error(`npm run release wrote no archive into ${out}`)
  return path.join(out, archive)
}
