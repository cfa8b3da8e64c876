// The PostgreSQL migrations a release holds, and the rollbacks they make unsafe.
import fs from 'node:fs'
import path from 'node:path'

/** The site runs on PostgreSQL wherever it has releases: its migrations are these. */
const MIGRATIONS = path.join('src', 'migrations', 'postgres')

/**
 * The PostgreSQL migrations a release (or the checkout) holds, by name.
 * @param {string} releaseDir
 * @returns {string[]}
 */
export const migrationNames = (releaseDir) =>
  fs
    .readdirSync(path.join(releaseDir, MIGRATIONS))
    .filter((file) => /^\d{8}_\d{6}_.+\.ts$/.test(file))
    .map((file) => file.replace(/\.ts$/, ''))
    .sort()

/**
 * The migrations `from` has that `to` does not know: rolling back from `from` to `to` leaves the
 * database with changes the older code was not written for. `known`: the migrations `to` was built
 * with, when its folder may hold others since (the checkout, after a `git pull`).
 * @param {string} from
 * @param {string} to
 * @param {string[]} [known]
 * @returns {string[]}
 */
export function migrationsAhead(from, to, known = migrationNames(to)) {
  const knownSet = new Set(known)
  return migrationNames(from).filter((name) => !knownSet.has(name))
}

/**
 * Why a rollback over the migrations `ahead` is refused (the same words on the stack and a server).
 * @param {string[]} ahead
 * @returns {string}
 */
export const unsafeRollbackMessage = (ahead) =>
  `unsafe: the current release applied migrations the earlier one does not know (${ahead.join(', ')}); ` +
  'its code may fail on the changed database. Restore a backup from before the deploy, or pass --force.'
