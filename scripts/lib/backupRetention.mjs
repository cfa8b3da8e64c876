// Which backups to keep: the newest of each of the last N days, weeks and months that have one
// (as restic's and borg's `--keep-daily/weekly/monthly` do), each series of archives (`site`,
// `stack`, `site-before-restore`) on its own. Applied to the backup folder and to the off-site copies.
import fs from 'node:fs'
import path from 'node:path'
import { archiveDate, archiveSeries, BackupError, secretsNameFor } from './backupArchives.mjs'
import { archivesIn, deleteArchives } from './backupOffsite.mjs'

/** @typedef {{ daily: number, weekly: number, monthly: number }} Retention */
/** @typedef {keyof Retention} Period */

/**
 * Days, weeks and months kept by default (BACKUP_KEEP_DAILY, BACKUP_KEEP_WEEKLY, BACKUP_KEEP_MONTHLY).
 * @type {Retention}
 */
export const DEFAULT_RETENTION = { daily: 7, weekly: 4, monthly: 6 }
/** @type {Period[]} */
const PERIODS = ['daily', 'weekly', 'monthly']
/** @type {Record<Period, { env: string }>} */
const RETENTION_SETTINGS = {
  daily: { env: 'BACKUP_KEEP_DAILY' },
  weekly: { env: 'BACKUP_KEEP_WEEKLY' },
  monthly: { env: 'BACKUP_KEEP_MONTHLY' },
}
/** @param {number} utcDay */
const DAYS_SINCE_MONDAY = (utcDay) => (utcDay + 6) % 7
const DAY_MS = 24 * 60 * 60 * 1000

/** What names each period an archive falls in, in UTC (as the archives' names are): its day, the Monday of its week, its month. */
/** @type {Record<Period, (made: Date) => string>} */
const PERIOD_OF = {
  daily: (made) => made.toISOString().slice(0, 10),
  weekly: (made) => new Date(made.getTime() - DAYS_SINCE_MONDAY(made.getUTCDay()) * DAY_MS).toISOString().slice(0, 10),
  monthly: (made) => made.toISOString().slice(0, 7),
}

/**
 * The retention the environment sets, each number a whole number of 0 or more; the defaults for those unset.
 * @param {Record<string, string | undefined>} [env]
 * @returns {Retention}
 */
export function retentionFrom(env = process.env) {
  const retention = { ...DEFAULT_RETENTION }
  for (const period of PERIODS) {
    const name = RETENTION_SETTINGS[period].env
    const value = env[name]?.trim()
    retention[period] = value ? Number(value) : DEFAULT_RETENTION[period]
    if (!Number.isInteger(retention[period]) || retention[period] < 0)
      throw new BackupError(`${name} must be a whole number of 0 or more, not ${JSON.stringify(value)}`)
  }
  return retention
}

/**
 * The names of `archives` (`{ name, made }`, one series) to keep under `retention`: for each kind
 * of period, the newest archive of each of the last `retention[kind]` periods that have one; and
 * the newest of all, whatever the numbers say.
 * @param {{ name: string, made: Date }[]} archives
 * @param {Retention} retention
 * @returns {Set<string>}
 */
export function archivesToKeep(archives, retention) {
  const newestFirst = [...archives].sort((a, b) => b.made.getTime() - a.made.getTime())
  const kept = new Set(newestFirst.slice(0, 1).map((archive) => archive.name))
  for (const kind of PERIODS) {
    const periodOf = PERIOD_OF[kind]
    const periods = new Set()
    for (const archive of newestFirst) {
      const period = periodOf(archive.made)
      if (periods.has(period)) continue
      if (periods.size === retention[kind]) break
      periods.add(period)
      kept.add(archive.name)
    }
  }
  return kept
}

/**
 * Of the file names `names`, the archives retention deletes, each series thinned on its own; other names are left alone.
 * @param {string[]} names
 * @param {Retention} retention
 * @returns {string[]}
 */
export function archivesToDelete(names, retention) {
  /** @type {Map<string | null, { name: string, made: Date }[]>} */
  const series = new Map()
  for (const name of names) {
    const made = archiveDate(name)
    if (!made) continue
    const key = archiveSeries(name)
    series.set(key, [...(series.get(key) ?? []), { name, made }])
  }
  /** @type {string[]} */
  const doomed = []
  for (const archives of series.values()) {
    const kept = archivesToKeep(archives, retention)
    doomed.push(...archives.filter((archive) => !kept.has(archive.name)).map((archive) => archive.name))
  }
  return doomed.sort()
}

/**
 * Deletes from `backupDir` the archives retention does not keep (and the secrets files older backups left beside them); returns their names.
 * @param {string} backupDir
 * @param {Retention} retention
 * @returns {string[]} the names deleted
 */
export function pruneBackupDir(backupDir, retention) {
  if (!fs.existsSync(backupDir)) return []
  const doomed = archivesToDelete(fs.readdirSync(backupDir), retention)
  for (const name of doomed) {
    fs.rmSync(path.join(backupDir, name), { force: true })
    fs.rmSync(path.join(backupDir, secretsNameFor(name)), { force: true })
  }
  return doomed
}

/**
 * Deletes from the off-site store (backupOffsite.mjs) the archives retention does not keep; returns their names.
 * @param {import('./backupOffsite.mjs').OffsiteStore} store
 * @param {Retention} retention
 * @returns {Promise<string[]>} the names deleted
 */
export async function pruneOffsite(store, retention) {
  const doomed = archivesToDelete(await archivesIn(store), retention)
  await deleteArchives(store, doomed)
  return doomed
}

/**
 * The retention in words, for what a backup prints.
 * @param {Retention} retention
 * @returns {string}
 */
export const describeRetention = ({ daily, weekly, monthly }) =>
  `the newest of each of the last ${daily} days, ${weekly} weeks and ${monthly} months`
