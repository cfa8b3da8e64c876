import { spawn, type ChildProcess } from 'node:child_process'

/** Starts of a child whose TypeScript loader stalled, after which the suite gives up. */
const LOADER_STALL_RETRIES = 8

export type TsxChild = { child: ChildProcess; output: () => string; ended: Promise<string> }

/** A node child running a TypeScript file of this repository through tsx. */
function spawnTsx(script: string, args: string[], env: Record<string, string>): TsxChild {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    // No tsx cache for a child that may be SIGKILLed: a cache file it was writing would be left
    // torn and stall every later tsx process that reads it.
    env: { ...process.env, ...env, TSX_DISABLE_CACHE: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
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
 * machine) and none of our code ran. Answers the child and the matching output.
 */
export async function startTsxChildUntil(
  script: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<TsxChild & { match: RegExpMatchArray }> {
  for (let attempt = 0; ; attempt++) {
    const started = spawnTsx(script, args, env)
    const outcome = await new Promise<RegExpMatchArray | string>((resolve) => {
      const check = () => {
        const match = started.output().match(ready)
        if (match) resolve(match)
      }
      started.child.stdout!.on('data', check)
      void started.ended.then(resolve)
    })
    if (typeof outcome !== 'string') return { ...started, match: outcome }
    if (outcome !== '13' || started.output() || attempt + 1 >= LOADER_STALL_RETRIES)
      throw new Error(`child ended (${outcome}) before it was ready:\n${started.output()}`)
  }
}
