// What the server suite prints of its long waits, so that its log says where its minutes go.

/**
 * Anything the suite waits on for longer than this (a command inside, the base unpacked, a boot) is
 * printed with its seconds, so that the log says where the suite's minutes go.
 */
const LONG_WAIT_MS = 5_000

/** Prints `what` with the seconds since `startedAt` when it took longer than LONG_WAIT_MS. */
export function sayIfLong(what: string, startedAt: number) {
  const ms = Date.now() - startedAt
  if (ms > LONG_WAIT_MS)
    console.log(`  (${(ms / 1000).toFixed(1)} s) ${what.length > 160 ? `${what.slice(0, 157)}...` : what}`)
}

/** A command as the log shows it: the values of its `NAME=value` settings left out (passwords are among them). */
export const withoutValues = (command: string) => command.replace(/\b([A-Z][A-Z0-9_]*)=('[^']*'|"[^"]*"|\S+)/g, '$1=…')
