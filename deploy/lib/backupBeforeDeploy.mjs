// Every deploy takes a backup before it migrates (the stack's `deploy`, a server's deploy plan), so
// that "restore the backup from before the deploy" (a rollback over newer migrations) has one.
// A failed backup stops the deploy; `--no-backup` goes ahead without one, saying so.
import { spawnSync } from 'node:child_process'
import { ROOT } from '../../scripts/lib/bootstrap.mjs'
import { BUILD_NICENESS } from './config.mjs'

export const NO_BACKUP_OPTION = '--no-backup'
/** The longest the stack's backup before a deploy may take: far beyond a site's, short of forever. */
export const BACKUP_BEFORE_DEPLOY_TIMEOUT_MS = 60 * 60 * 1000

export const NO_BACKUP_WARNING =
  `> Warning: ${NO_BACKUP_OPTION}: this deploy migrates with no backup taken first; a restore can go back ` +
  'only to the last scheduled backup.'

/**
 * Why a deploy stopped at its backup (`cause`), and what to do (`look`: where to see why).
 * @param {string} cause
 * @param {string} look
 * @returns {string}
 */
export const backupFailedMessage = (cause, look) =>
  `the backup before migrating failed (${cause}), so the deploy stopped there and the running release is ` +
  `untouched: ${look}, then deploy again, or deploy with ${NO_BACKUP_OPTION} to go ahead without one`

/**
 * The stack's backup (`scripts/backup.mjs --stack`, from the checkout, with the stack's settings),
 * run to its end before the stack's deploy migrates; throws backupFailedMessage when it fails.
 * @param {{ env?: NodeJS.ProcessEnv, timeoutMs?: number }} [options]
 */
export function backupStackBeforeMigrating({ env = process.env, timeoutMs = BACKUP_BEFORE_DEPLOY_TIMEOUT_MS } = {}) {
  console.log('> Backing up before migrating…')
  // At the build's low priority, as a server's backup unit runs (Nice=): the instances keep serving meanwhile.
  const result = spawnSync('nice', ['-n', String(BUILD_NICENESS), process.execPath, 'scripts/backup.mjs', '--stack'], {
    cwd: ROOT,
    env,
    stdio: 'inherit',
    timeout: timeoutMs,
  })
  if (result.status === 0) return
  const cause = result.error
    ? result.error.message
    : `scripts/backup.mjs --stack exited with ${result.status ?? result.signal}`
  throw new Error(backupFailedMessage(cause, 'see its output above'))
}
