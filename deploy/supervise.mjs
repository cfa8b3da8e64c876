// `node deploy/supervise.mjs [--log <file>] -- <command> [args…]`: keeps one process running for the
// local stack. A process that ends without being asked to (a crash, an out-of-memory kill, `kill -9`)
// is started again at once, then with growing pauses while it keeps ending early; SIGTERM or SIGINT
// stops it (passed on, and given STOP_GRACE_MS to finish) and then the supervisor ends. With --log,
// the process's output and the supervisor's own lines go to <file>, kept under its size
// (deploy/lib/logFiles.mjs). On a server, systemd does this job (deploy/systemd).
import { spawn } from 'node:child_process'
import os from 'node:os'
import { cappedLog } from './lib/logFiles.mjs'

/** The first restart comes after this pause; each early end doubles it, up to the longest. */
export const FIRST_RESTART_DELAY_MS = 100
export const LONGEST_RESTART_DELAY_MS = 5_000
/** A process that ran this long before it ended counts as healthy: its next restart is immediate again. */
const HEALTHY_RUN_MS = 30_000
/** How long a stopping process is given before it is killed. */
const STOP_GRACE_MS = 15_000
/** pino's level numbers, like the app's own lines. */
const INFO = 30
const WARN = 40

const separator = process.argv.indexOf('--')
const [command, ...args] = separator >= 0 ? process.argv.slice(separator + 1) : []
const own = separator >= 0 ? process.argv.slice(2, separator) : []
const logFile = own[0] === '--log' ? own[1] : undefined
if (!command || (own.length > 0 && !logFile)) {
  console.error('Usage: node deploy/supervise.mjs [--log <file>] -- <command> [args…]')
  process.exit(2)
}

const log = logFile ? cappedLog(logFile) : null
/**
 * @param {number} level
 * @param {string} msg
 */
const say = (level, msg) => {
  const line = `${JSON.stringify({ level, time: new Date().toISOString(), pid: process.pid, hostname: os.hostname(), msg })}\n`
  if (log) log.write(line)
  else (level >= WARN ? process.stderr : process.stdout).write(line)
}
/**
 * @param {number} code
 * @returns {never}
 */
const exit = (code) => {
  log?.close()
  process.exit(code)
}

/** @type {import('node:child_process').ChildProcess | null} */
let child = null
let stopping = false
let delay = FIRST_RESTART_DELAY_MS

function start() {
  const startedAt = Date.now()
  child = spawn(command, args, { stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit' })
  if (log) for (const output of [child.stdout, child.stderr]) output?.on('data', (chunk) => log.write(chunk))
  say(INFO, `supervise: started ${command} ${args.join(' ')} (pid ${child.pid})`)
  // 'close': the process has ended and all it wrote has been read.
  child.once('close', (code, signal) => {
    child = null
    if (stopping) exit(0)
    if (Date.now() - startedAt >= HEALTHY_RUN_MS) delay = FIRST_RESTART_DELAY_MS
    say(WARN, `supervise: the process ended (${signal ?? `code ${code}`}); starting it again in ${delay} ms`)
    setTimeout(start, delay)
    delay = Math.min(delay * 2, LONGEST_RESTART_DELAY_MS)
  })
}

/** @param {NodeJS.Signals} signal */
function stop(signal) {
  if (stopping) return
  stopping = true
  if (!child) exit(0)
  child.kill(signal)
  setTimeout(() => child?.kill('SIGKILL'), STOP_GRACE_MS).unref()
}

process.on('SIGTERM', () => stop('SIGTERM'))
process.on('SIGINT', () => stop('SIGTERM'))
start()
