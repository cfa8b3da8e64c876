// The folders install makes for the site's data, with who may enter them: the site's user owns the
// data; the front's nginx workers (Debian's www-data) read the uploads they serve from it, and no
// one else enters it.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { CHAT_FILES_FOLDER, MEDIA_FOLDER, OUTBOX_FOLDER } from '../../src/platform/dataFolder.mjs'

/** The user Debian's nginx runs its workers as: the front's, on a server. */
export const FRONT_USER = 'www-data'
/** Debian's group for reading system logs: the front's logs are root's and this group's. */
export const LOG_GROUP = 'adm'

/** A folder install makes: who owns it (the group: the owner's, unless named) and its mode. */
/** @typedef {{ dir: string, owner: string, group?: string, mode: number }} OwnedFolder */

/**
 * The data folder and its uploads, as install makes them. The front's workers may pass through the
 * data folder (not list it) into the uploads folder, whose files they read; the uploads folder is
 * set-group-id, so every file the instances add there is in the front's group (readable by it under
 * the units' umask, 0027, and under any umask that leaves the group read). The chat files and the
 * outbox are the site user's alone, whatever umask made what is in them (a server installed
 * before the units set one has them 0755).
 * @param {{ dataDir: string, user: string }} site
 * @returns {OwnedFolder[]}
 */
export const dataFolders = ({ dataDir, user }) => [
  { dir: dataDir, owner: user, group: FRONT_USER, mode: 0o710 },
  { dir: path.join(dataDir, MEDIA_FOLDER), owner: user, group: FRONT_USER, mode: 0o2750 },
  ...[CHAT_FILES_FOLDER, OUTBOX_FOLDER].map((name) => ({
    dir: path.join(dataDir, name),
    owner: user,
    group: user,
    mode: 0o750,
  })),
]

/**
 * The front's folders, as install makes them: nginx's temporary files and cache are its workers';
 * its logs (request lines, addresses) are readable by their owner and the log readers (adm) only:
 * the folder is set-group-id, so every log nginx makes there is in that group (site-front.service's
 * umask, 0027, leaves them 0640). Other users may pass through the folder, not list it: nginx's
 * workers (www-data) reopen their logs by name after logrotate. The ACME challenges are public.
 * @param {string} frontDir
 * @returns {OwnedFolder[]}
 */
export const frontFolders = (frontDir) => [
  { dir: path.join(frontDir, 'nginx'), owner: FRONT_USER, mode: 0o750 },
  { dir: path.join(frontDir, 'cache'), owner: FRONT_USER, mode: 0o750 },
  { dir: path.join(frontDir, 'logs'), owner: 'root', group: LOG_GROUP, mode: 0o2751 },
  { dir: path.join(frontDir, 'acme'), owner: 'root', mode: 0o755 },
]

/**
 * Makes `dir` (when missing) and gives it to `owner`:`group` with `mode`.
 * @param {string} dir
 * @param {Omit<OwnedFolder, 'dir'>} access
 */
export function ensureDir(dir, { owner, group = owner, mode }) {
  fs.mkdirSync(dir, { recursive: true })
  const result = spawnSync('chown', [`${owner}:${group}`, dir], { stdio: 'inherit' })
  if (result.error) throw result.error
  if (result.status !== 0)
    throw new Error(`chown ${owner}:${group} ${dir} exited with ${result.status ?? result.signal}`)
  fs.chmodSync(dir, mode)
}
