import os from 'node:os'
import { format } from 'node:util'

/** pino's level numbers, so that these lines read like the CMS's (src/platform/logging.ts). */
const LEVEL = { debug: 20, info: 30, warn: 40, error: 50 } as const

type Writable = { write: (line: string) => unknown }

/** One log line as pino writes it: level, ISO date and time, pid, host, message. */
export function jsonLogLine(level: number, args: unknown[], now = new Date()): string {
  return `${JSON.stringify({ level, time: now.toISOString(), pid: process.pid, hostname: os.hostname(), msg: format(...args) })}\n`
}

/**
 * Makes the process's console write JSON lines like the CMS's logger, for what Next and the
 * server print themselves; warnings and errors to standard error. Left as it is in a terminal.
 */
export function consoleAsJsonLines({
  out = process.stdout as Writable,
  err = process.stderr as Writable,
  terminal = Boolean(process.stdout.isTTY),
} = {}): void {
  if (terminal) return
  const to =
    (stream: Writable, level: number) =>
    (...args: unknown[]) =>
      void stream.write(jsonLogLine(level, args))
  console.debug = to(out, LEVEL.debug)
  console.log = to(out, LEVEL.info)
  console.info = to(out, LEVEL.info)
  console.warn = to(err, LEVEL.warn)
  console.error = to(err, LEVEL.error)
}
