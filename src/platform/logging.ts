import type { Config } from 'payload'
import { stdTimeFunctions } from 'pino'
import { build as readableLines } from 'pino-pretty'

type LoggerSettings = Extract<NonNullable<Config['logger']>, { options: unknown }>
type LogMethodHook = NonNullable<NonNullable<LoggerSettings['options']['hooks']>['logMethod']>
type LogDestination = NonNullable<LoggerSettings['destination']>

/** pino's number for the error level; anything at it or above is a problem of the site's. */
const ERROR_LEVEL = 50

/** A refused, unknown or invalid request (4xx): the visitor's mistake, not the site's. */
function isClientError(err: unknown): err is Error & { status: number } {
  const status = (err as { status?: unknown } | null)?.status
  return err instanceof Error && typeof status === 'number' && status >= 400 && status < 500
}

/**
 * Logs a client error that Payload's error handler reports at error level (a 403, 401, 404, 429,
 * invalid input) at info, as one line without its stack, so that anonymous traffic cannot flood the
 * log with traces. Payload's own `loggingLevels` go by the error's class name, which the production
 * build renames (Forbidden becomes a one-letter class), so the status decides here.
 */
export const clientErrorsAtInfo: LogMethodHook = function (args, method, level) {
  const err = (args[0] as { err?: unknown } | null | undefined)?.err
  if (level >= ERROR_LEVEL && isClientError(err)) return this.info({ status: err.status }, err.message)
  return method.apply(this, args)
}

/**
 * Payload's logger, client errors at info. Each line is JSON with the date and time (ISO 8601), the
 * process id, the level and the message, written to `destination` or standard output; when
 * standard output is a terminal, the same lines are shown readable and coloured instead.
 */
export function siteLogger(
  destination?: LogDestination,
  { terminal = Boolean(process.stdout.isTTY) }: { terminal?: boolean } = {},
): LoggerSettings {
  const options = { hooks: { logMethod: clientErrorsAtInfo }, timestamp: stdTimeFunctions.isoTime }
  if (destination) return { options, destination }
  if (terminal)
    return { options, destination: readableLines({ translateTime: 'SYS:yyyy-mm-dd HH:MM:ss.l', ignore: 'hostname' }) }
  return { options }
}
