// The settings file an encrypted archive holds (backupMaking.mjs), brought onto the site it is restored
// to: its secrets (PAYLOAD_SECRET, which signs the admins' sessions, and every key the site was
// given) replace the target's, so the old admins stay signed in; the settings that say where this
// machine keeps things and how it reaches its own services stay the target's.
import fs from 'node:fs'
import { archiveStamp, BackupError } from './backupArchives.mjs'

/** Settings of the machine, not of the site: a restore leaves the target's as they are, set or unset. */
export const MACHINE_SETTINGS = new Set([
  'DATA_DIR',
  'DATABASE_URL',
  'REDIS_URL',
  'BACKUP_DIR',
  'HOST',
  'PORT',
  'SERVER_URL',
  'TRUST_PROXY',
  'TLS_CERT_FILE',
  // Which of those services are another host's (deploy/server/siteEnv.mjs).
  'SHARED_SERVICES',
])
const SETTING_LINE = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=/

/**
 * The setting a line of a settings file sets, or null (a comment, a blank line).
 * @param {string} line
 * @returns {string | null}
 */
const nameOf = (line) => SETTING_LINE.exec(line)?.[1] ?? null

/**
 * The target's settings file text `current` with the site's settings of `archived` (another
 * settings file's text) in place of its own, line by line, and those it lacks added at its end;
 * answers the text and the names changed (never a value).
 * @param {string} current
 * @param {string} archived
 * @returns {{ text: string, changed: string[] }}
 */
export function mergedSettings(current, archived) {
  /** @type {Map<string, string>} */
  const fromArchive = new Map()
  for (const line of archived.split('\n')) {
    const name = nameOf(line)
    if (name && !MACHINE_SETTINGS.has(name)) fromArchive.set(name, line)
  }
  /** @type {Set<string>} */
  const changed = new Set()
  /** @type {Set<string>} */
  const present = new Set()
  const lines = (current ? current.replace(/\n$/, '').split('\n') : []).map((line) => {
    const name = nameOf(line)
    const archivedLine = name === null ? undefined : fromArchive.get(name)
    if (name === null || archivedLine === undefined) return line
    present.add(name)
    if (archivedLine !== line) changed.add(name)
    return archivedLine
  })
  const added = [...fromArchive.keys()].filter((name) => !present.has(name))
  if (added.length) lines.push('# From the restored backup:', ...added.map((name) => fromArchive.get(name) ?? ''))
  for (const name of added) changed.add(name)
  return { text: `${lines.join('\n')}\n`, changed: [...changed].sort() }
}

/**
 * Brings the settings of `archivedFile` into `settingsFile` (mergedSettings): the file is replaced
 * whole (a new file renamed over it, its mode and owner kept; 0600 when new), and its text before
 * is kept beside it as `<file>.before-restore-<time>`. Answers the names changed and that copy.
 * @param {string} archivedFile
 * @param {string} settingsFile
 * @param {Date} [now]
 * @returns {{ file: string, changed: string[], keptAs: string | null }}
 */
export function restoreSettings(archivedFile, settingsFile, now = new Date()) {
  const existing = fs.existsSync(settingsFile) ? fs.statSync(settingsFile) : null
  const current = existing ? fs.readFileSync(settingsFile, 'utf8') : ''
  const { text, changed } = mergedSettings(current, fs.readFileSync(archivedFile, 'utf8'))
  if (!changed.length) return { file: settingsFile, changed, keptAs: null }
  const keptAs = existing ? `${settingsFile}.before-restore-${archiveStamp(now)}` : null
  const temp = `${settingsFile}.restoring-${process.pid}`
  try {
    if (keptAs) fs.writeFileSync(keptAs, current, { flag: 'wx', mode: 0o600 })
    fs.writeFileSync(temp, text, { flag: 'wx', mode: 0o600 })
    if (existing && process.getuid?.() === 0) fs.chownSync(temp, existing.uid, existing.gid)
    // Exactly the mode it had, whatever the umask: a server's site.env is read by the site's group.
    if (existing) fs.chmodSync(temp, existing.mode & 0o777)
    fs.renameSync(temp, settingsFile)
  } catch (error) {
    const failure = /** @type {NodeJS.ErrnoException} */ (error)
    fs.rmSync(temp, { force: true })
    throw new BackupError(
      `the data is restored, but its settings could not be written to ${settingsFile} (${failure.code ?? failure.message}): run the restore as a user who may write it`,
    )
  }
  return { file: settingsFile, changed, keptAs }
}
