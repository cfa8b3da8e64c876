import { backupCheck, type OffsiteCopies, offsiteCheck } from './backups'
import { certificateCheck } from './certificate'
import { type CheckResult, type CheckStatus, DOCTOR_CHECK_TIMEOUT_MS, withinBound } from './check'
import { committedMigrations, databaseCheck, type DatabaseSettings, migrationsCheck, probeDatabase } from './database'
import { diskCheck } from './disk'
import { dataFolderCheck, secretsFileCheck } from './fileModes'
import { mailCheck } from './mail'
import { nodeCheck, nodeRequirementOf } from './node'
import { redisCheck } from './redis'

/** What the doctor looks at: one site's settings, as its instances read them. */
export type DoctorSettings = {
  /** The checkout or release: package.json and src/migrations. */
  root: string
  /** The Node running the doctor, which is the one the site runs on (process.version). */
  nodeVersion: string
  dataDir: string
  database: DatabaseSettings
  redisUrl: string | undefined
  smtpUrl: string | undefined
  /** A production site: mail that only reaches the outbox is a warning. */
  production: boolean
  backupDir: string
  /** Where backups are copied off the machine; null until that exists. */
  offsite: OffsiteCopies | null
  /** The certificate the front serves, when there is one to watch. */
  certificateFile: string | null
  /**
   * A server installed without a front (--no-front), whose instances serve another server's front:
   * that server holds the certificate and keeps the backups (docs/servers.md), so they are off here.
   */
  frontElsewhere?: boolean
  /** The settings file with the secrets, and the group allowed to read it (a server's site.env). */
  secretsFile: string | null
  secretsReaderGroup?: number
  now?: Date
}

/** Every check, each bounded by `timeoutMs`, run at once; the answers in a fixed order. */
export async function runDoctor(settings: DoctorSettings, timeoutMs = DOCTOR_CHECK_TIMEOUT_MS): Promise<CheckResult[]> {
  const now = settings.now ?? new Date()
  // The database is visited once for both of its lines.
  let probe: ReturnType<typeof probeDatabase> | undefined
  const visitDatabase = () => (probe ??= probeDatabase(settings.database, timeoutMs))
  const checks: [string, () => Promise<CheckResult> | CheckResult][] = [
    ['node', () => nodeCheck(settings.nodeVersion, nodeRequirementOf(settings.root))],
    ['disk', () => diskCheck(settings.dataDir)],
    ['database', async () => databaseCheck(await visitDatabase())],
    [
      'migrations',
      async () => migrationsCheck(await visitDatabase(), committedMigrations(settings.root, settings.database.url)),
    ],
    ['redis', () => redisCheck(settings.redisUrl)],
    ['mail', () => mailCheck({ smtpUrl: settings.smtpUrl, production: settings.production })],
    ['certificate', () => certificateCheck(settings.certificateFile, now)],
    ['backup', () => backupCheck(settings.backupDir, now)],
    ['off-site copy', () => offsiteCheck(settings.backupDir, settings.offsite)],
    ['secrets', () => secretsFileCheck(settings.secretsFile, settings.secretsReaderGroup)],
    ['data folder', () => dataFolderCheck(settings.dataDir)],
  ]
  const elsewhere = (name: string) => settings.frontElsewhere && FRONT_SERVERS_CHECKS.includes(name)
  return Promise.all(
    checks.map(([name, check]) =>
      withinBound(name, elsewhere(name) ? () => frontServersCheck(name) : check, timeoutMs),
    ),
  )
}

/** The checks of what a server with a front holds for the servers behind it. */
export const FRONT_SERVERS_CHECKS = ['certificate', 'backup', 'off-site copy']

/** One of FRONT_SERVERS_CHECKS on a server without a front: off, saying where to look instead. */
const frontServersCheck = (name: string): CheckResult => ({
  name,
  status: 'off',
  detail:
    'no front on this server (installed with --no-front): run the doctor on the server whose front sends visitors here',
})

const STATUSES: CheckStatus[] = ['ok', 'warn', 'fail', 'off']
const STATUS_WIDTH = Math.max(...STATUSES.map((status) => status.length)) + 2
const NAME_WIDTH = 15

/** One line: the status word, the check's name, what it found and, when not ok, the fix. */
export const formatResult = ({ status, name, detail, fix }: CheckResult): string =>
  `${status.padEnd(STATUS_WIDTH)}${name.padEnd(NAME_WIDTH)}${detail}${fix ? `. Fix: ${fix}.` : ''}`

/** The closing line: how many of each status. */
export const summaryOf = (results: CheckResult[]): string =>
  STATUSES.map((status) => `${results.filter((result) => result.status === status).length} ${status}`).join(', ')

/**
 * The doctor's exit status: 1 when a check fails (something to see to now), else 0, warnings
 * included (each says what to do soon); with `strict`, a warning is 1 as well.
 */
export function exitCodeOf(results: CheckResult[], { strict = false } = {}): number {
  const needsAction = results.some((result) => result.status === 'fail' || (strict && result.status === 'warn'))
  return needsAction ? 1 : 0
}
