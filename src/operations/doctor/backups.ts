import { newestArchive } from '../../../scripts/lib/backupArchives.mjs'
import { type CheckResult, reasonOf } from './check'

/** Age past which the last backup warns (a daily backup missed once) and fails (missed twice). */
export const BACKUP_WARN_AGE_HOURS = 36
export const BACKUP_FAIL_AGE_HOURS = 72

/** The newest backup in `backupDir` (null: none), and how old it is at `now`, in seconds. */
export function lastBackup(backupDir: string, now = new Date()): { name: string; ageSeconds: number } | null {
  const newest = newestArchive(backupDir)
  return newest && { name: newest.name, ageSeconds: (now.getTime() - newest.made.getTime()) / 1000 }
}

const BACKUP_FIX =
  'run `npm run backup`, and see why the schedule did not (systemctl status site-backup; the stack’s logs/backups.log)'

export function backupCheck(backupDir: string, now = new Date()): CheckResult {
  const name = 'backup'
  let last
  try {
    last = lastBackup(backupDir, now)
  } catch (error) {
    return {
      name,
      status: 'fail',
      detail: `cannot read ${backupDir}: ${reasonOf(error)}`,
      fix: 'run the doctor as root or as the site’s user, or point BACKUP_DIR at the backups',
    }
  }
  if (!last) return { name, status: 'fail', detail: `no backup in ${backupDir}`, fix: BACKUP_FIX }
  const hours = last.ageSeconds / 3600
  const detail = `the last, ${last.name}, is ${hours.toFixed(1)} h old`
  if (hours > BACKUP_FAIL_AGE_HOURS) return { name, status: 'fail', detail, fix: BACKUP_FIX }
  if (hours > BACKUP_WARN_AGE_HOURS) return { name, status: 'warn', detail, fix: BACKUP_FIX }
  return { name, status: 'ok', detail }
}

/**
 * Where copies of the archives are kept off this machine (BACKUP_S3_BUCKET, scripts/lib/backupOffsite.mjs):
 * its name for people, and whether it holds a copy of a given archive.
 */
export type OffsiteCopies = { where: string; holds: (archive: string) => Promise<boolean> }

/** Whether the last backup has a copy off this machine. */
export async function offsiteCheck(backupDir: string, offsite: OffsiteCopies | null): Promise<CheckResult> {
  const name = 'off-site copy'
  if (!offsite)
    return {
      name,
      status: 'warn',
      detail: 'no off-site copy configured: a lost disk takes the backups with it',
      fix: `set BACKUP_S3_BUCKET (and the BACKUP_S3_* settings beside it) for a copy of each backup in S3-compatible storage, or copy ${backupDir} off the machine after each backup`,
    }
  const last = newestArchive(backupDir)
  if (!last) return { name, status: 'fail', detail: 'no backup to copy', fix: 'see the backup line' }
  if (await offsite.holds(last.name)) return { name, status: 'ok', detail: `${last.name} is in ${offsite.where}` }
  return {
    name,
    status: 'fail',
    detail: `${offsite.where} has no copy of ${last.name}`,
    fix: 'see why the copy failed in the backup’s output, then run `npm run backup` again',
  }
}
