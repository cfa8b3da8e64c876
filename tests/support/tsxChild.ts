import { spawn, type ChildProcess } from 'node:child_process'

/** Starts of a child whose TypeScript loader stalled, after which the suite gives up. */
const LOADER_STALL_RETRIES = 8
/** How long a child may take to say it is ready (start, migrate, store) on a loaded machine. */
export const TSX_CHILD_READY_MS = 60_000

/** The children started and not yet ended: a test that fails halfway leaves none behind (killTsxChildren). */
const running = new Set<ChildProcess>()

export type TsxChild = { child: ChildProcess; output: () => string; ended: Promise<string> }

/** A node child running a TypeScript file of this repository through tsx. */
function spawnTsx(script: string, args: string[], env: Record<string, string>): TsxChild {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    // No tsx cache for a child that may be SIGKILLed: a cache file it was writing would be left
    // torn and stall every later tsx process that reads it.
    env: { ...process.env, ...env, TSX_DISABLE_CACHE: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  child.once('exit', () => running.delete(child))
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
  // 'close', not 'exit': it comes after the child's output has all been read.
  const ended = new Promise<string>((resolve) => child.on('close', (code, signal) => resolve(`${signal ?? code}`)))
  return { child, output: () => output, ended }
}

/**
 * Starts the child and waits until its output matches `ready`, starting it again when it ended
 * with code 13 and no output: its loader stalled while importing (seen now and then on a loaded
 * machine) and none of our code ran. Answers the child and the matching output. A child not ready
 * within `readyWithinMs` is killed, and the start fails with its output.
 */
export async function startTsxChildUntil(
  script: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  readyWithinMs = TSX_CHILD_READY_MS,
): Promise<TsxChild & { match: RegExpMatchArray }> {
  for (let attempt = 0; ; attempt++) {
    const started = spawnTsx(script, args, env)
    let timer: NodeJS.Timeout | undefined
    const outcome = await new Promise<RegExpMatchArray | string>((resolve) => {
      const check = () => {
        const match = started.output().match(ready)
        if (match) resolve(match)
      }
      started.child.stdout!.on('data', check)
      void started.ended.then(resolve)
      timer = setTimeout(() => resolve('not ready'), readyWithinMs)
    })
    clearTimeout(timer)
    if (typeof outcome !== 'string') return { ...started, match: outcome }
    if (outcome === 'not ready') {
      started.child.kill('SIGKILL')
      await started.ended
      throw new Error(`child not ready within ${readyWithinMs / 1000} s, killed:\n${started.output()}`)
    }
    if (outcome !== '13' || started.output() || attempt + 1 >= LOADER_STALL_RETRIES)
      throw new Error(`child ended (${outcome}) before it was ready:\n${started.output()}`)
  }
}

/** Kills (SIGKILL) every child still running: for a suite's afterAll, whether its tests passed or not. */
export async function killTsxChildren() {
  const ending = [...running].map((child) => new Promise((resolve) => child.once('close', resolve)))
  for (const child of running) child.kill('SIGKILL')
  await Promise.all(ending)
}
