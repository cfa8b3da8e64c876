// Runs a command whose silence means it is stuck: its output is passed through, and once it has
// printed nothing for `silenceMs` it is ended with everything it started, and the caller is told
// the last line it printed (the test it was in).
import { spawn } from 'node:child_process'
import { signalTree } from './processTree.mjs'

/** How often the silence is looked at. */
const CHECK_EVERY_MS = 1_000

/**
 * Runs `command`, and ends it with all it started once it has printed nothing for `silenceMs`.
 * @param {string} command
 * @param {string[]} args
 * @param {{ silenceMs: number, env?: NodeJS.ProcessEnv, cwd?: string }} options
 * @returns {Promise<{ code: number | null, signal: string | null, stalled: null | { silentMs: number, lastLine: string } }>}
 */
export function runWatched(command, args, { silenceMs, env = process.env, cwd = process.cwd() }) {
  return new Promise((resolve, reject) => {
    // Its own process group, so that ending it ends the browsers and servers it started too.
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    let lastOutputAt = Date.now()
    let lastLine = ''
    /** @type {{ silentMs: number, lastLine: string } | null} */
    let stalled = null
    const pass = (/** @type {NodeJS.WritableStream} */ target) => (/** @type {Buffer} */ chunk) => {
      lastOutputAt = Date.now()
      target.write(chunk)
      const lines = chunk
        .toString('utf8')
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
      if (lines.length) lastLine = lines[lines.length - 1]
    }
    child.stdout.on('data', pass(process.stdout))
    child.stderr.on('data', pass(process.stderr))
    const timer = setInterval(() => {
      const silentMs = Date.now() - lastOutputAt
      if (stalled || silentMs < silenceMs || child.pid === undefined) return
      stalled = { silentMs, lastLine }
      process.stderr.write(
        `\nWatchdog: ${command} ${args.join(' ')} printed nothing for ${Math.round(silentMs / 1000)} s; ` +
          `its last line was: ${lastLine || '(none)'}\nEnding it and everything it started.\n`,
      )
      try {
        process.kill(-child.pid, 'SIGKILL')
      } catch {
        // the group is gone already
      }
      signalTree(child.pid, 'SIGKILL')
    }, CHECK_EVERY_MS)
    child.on('error', (error) => {
      clearInterval(timer)
      reject(error)
    })
    child.on('close', (code, signal) => {
      clearInterval(timer)
      resolve({ code, signal, stalled })
    })
  })
}
