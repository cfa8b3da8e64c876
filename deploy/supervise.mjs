// `node deploy/supervise.mjs -- <command> [args…]`: keeps one process running for the local stack.
// A process that ends without being asked to (a crash, an out-of-memory kill, `kill -9`) is started
// again at once, then with growing pauses while it keeps ending early; SIGTERM or SIGINT stops it
// (passed on, and given STOP_GRACE_MS to finish) and then the supervisor ends. On a server, systemd
// does this job (deploy/systemd).
import { spawn } from 'node:child_process'

/** The first restart comes after this pause; each early end doubles it, up to the longest. */
export const FIRST_RESTART_DELAY_MS = 100
export const LONGEST_RESTART_DELAY_MS = 5_000
/** A process that ran this long before it ended counts as healthy: its next restart is immediate again. */
const HEALTHY_RUN_MS = 30_000
/** How long a stopping process is given before it is killed. */
const STOP_GRACE_MS = 15_000

const separator = process.argv.indexOf('--')
const [command, ...args] = separator >= 0 ? process.argv.slice(separator + 1) : []
if (!command) {
  console.error('Usage: node deploy/supervise.mjs -- <command> [args…]')
  process.exit(2)
}

const stamp = () => new Date().toISOString()
let child = null
let stopping = false
let delay = FIRST_RESTART_DELAY_MS

function start() {
  const startedAt = Date.now()
  child = spawn(command, args, { stdio: 'inherit' })
  console.log(`${stamp()} supervise: started ${command} ${args.join(' ')} (pid ${child.pid})`)
  child.once('exit', (code, signal) => {
    child = null
    if (stopping) process.exit(0)
    if (Date.now() - startedAt >= HEALTHY_RUN_MS) delay = FIRST_RESTART_DELAY_MS
    console.error(
      `${stamp()} supervise: the process ended (${signal ?? `code ${code}`}); starting it again in ${delay} ms`,
    )
    setTimeout(start, delay)
    delay = Math.min(delay * 2, LONGEST_RESTART_DELAY_MS)
  })
}

function stop(signal) {
  if (stopping) return
  stopping = true
  if (!child) process.exit(0)
  child.kill(signal)
  setTimeout(() => child?.kill('SIGKILL'), STOP_GRACE_MS).unref()
}

process.on('SIGTERM', () => stop('SIGTERM'))
process.on('SIGINT', () => stop('SIGTERM'))
start()
