// What a restore on a server does around scripts/restore.mjs (pure: nothing is run here;
// deploy/server/restore.mjs runs it): the site's instances and its backup timer stopped first, the
// restore run as root with the server's settings file, then the units started again, reading the
// restored settings; left stopped only after a restore that failed half-way.
import path from 'node:path'
import { EXIT_NOTHING_CHANGED } from '../../scripts/lib/backupArchives.mjs'

/** What a restore on a server stops first (the instances, and the daily backup, which would read a half-restored site) and starts again after. */
export const RESTORE_UNITS = ['site.target', 'site-backup.timer']

/**
 * scripts/restore.mjs as a server runs it, in the current release with its Node: as root (which
 * alone may write the settings file, and gives what it restores to the site's user), the restored
 * settings going into the server's settings file. `archive` and `identity` are taken as given
 * from `cwd`, the folder the operator ran the command in.
 * @param {object} restore
 * @param {{ current: string, envFile: string }} restore.layout
 * @param {string} restore.archive
 * @param {string | null} [restore.identity]
 * @param {boolean} [restore.force]
 * @param {string} restore.cwd the folder the operator ran the command in
 * @returns {{ command: string, args: string[], cwd: string }}
 */
export function serverRestoreCommand({ layout, archive, identity = null, force = false, cwd }) {
  const fromOperator = (/** @type {string} */ file) =>
    file === '-' || /^s3:\/\//.test(file) ? file : path.resolve(cwd, file)
  return {
    command: path.join(layout.current, 'node_modules', '.bin', 'node'),
    args: [
      'scripts/restore.mjs',
      fromOperator(archive),
      ...(identity ? ['--identity', fromOperator(identity)] : []),
      ...(force ? ['--force'] : []),
      '--secrets',
      layout.envFile,
    ],
    cwd: layout.current,
  }
}

/**
 * Whether the units are started again once scripts/restore.mjs ended with `status`: after a restore
 * that succeeded, or one refused before it changed anything (the site then runs as before); not
 * after one that failed half-way, which the operator settles first.
 * @param {number | null} status
 * @returns {boolean}
 */
export const startAgainAfterRestore = (status) => status === 0 || status === EXIT_NOTHING_CHANGED
