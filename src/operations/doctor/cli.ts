// `npm run doctor` (scripts/doctor.mjs), once the settings are loaded into the environment: the
// site's checks, one line each, and the exit status.
import path from 'node:path'
import { offsiteCopiesFrom } from '../../../scripts/lib/backupOffsite.mjs'
import { DATA_DIR, SQLITE_FILE } from '@/platform/paths'
import type { OffsiteCopies } from './backups'
import { exitCodeOf, formatResult, runDoctor, summaryOf } from './doctor'

export type DoctorCommand = {
  root: string
  backupDir: string
  certificateFile: string | null
  /** A server installed with --no-front (DoctorSettings). */
  frontElsewhere?: boolean
  secretsFile: string | null
  secretsReaderGroup?: number
  production: boolean
  strict: boolean
}

/** The off-site store BACKUP_S3_* names; settings it cannot use make its check fail with their error. */
function offsiteFrom(env: NodeJS.ProcessEnv): OffsiteCopies | null {
  try {
    return offsiteCopiesFrom(env)
  } catch (error) {
    return { where: 'BACKUP_S3_BUCKET', holds: () => Promise.reject(error) }
  }
}

/** Runs every check, prints a line for each and a summary; answers the exit status. */
export async function main(command: DoctorCommand, env = process.env): Promise<number> {
  const results = await runDoctor({
    root: command.root,
    nodeVersion: process.version,
    dataDir: DATA_DIR,
    database: { url: env.DATABASE_URL || undefined, sqliteFile: SQLITE_FILE },
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    production: command.production,
    backupDir: command.backupDir,
    offsite: offsiteFrom(env),
    certificateFile: command.certificateFile ? path.resolve(command.certificateFile) : null,
    frontElsewhere: command.frontElsewhere,
    secretsFile: command.secretsFile,
    secretsReaderGroup: command.secretsReaderGroup,
  })
  for (const result of results) console.log(formatResult(result))
  const code = exitCodeOf(results, { strict: command.strict })
  const advice =
    code === 0 ? 'nothing needs action now' : `see to each fail${command.strict ? ' and warn' : ''} line above`
  console.log(`\n${summaryOf(results)}: ${advice}`)
  return code
}
