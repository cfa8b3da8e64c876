import fs from 'node:fs'
import type { CheckResult } from './check'

const GROUP_READ = 0o040
const GROUP_BITS = 0o070
const OTHER_BITS = 0o007

const modeOf = (mode: number) => `mode ${(mode & 0o7777).toString(8).padStart(4, '0')}`

/**
 * The settings file with the secrets (.env, a server's site.env): no one but its owner may read
 * or write it, except reading by `readerGroup` (the site's own group, which install gives
 * site.env so that the services read it).
 */
export function secretsFileCheck(file: string | null, readerGroup?: number): CheckResult {
  const name = 'secrets'
  if (!file || !fs.existsSync(file))
    return { name, status: 'off', detail: `no settings file${file ? ` at ${file}` : ''}` }
  const { mode, gid } = fs.statSync(file)
  const groupAllowed = readerGroup !== undefined && gid === readerGroup ? GROUP_READ : 0
  const open = (mode & OTHER_BITS) !== 0 || (mode & GROUP_BITS & ~groupAllowed) !== 0
  if (!open)
    return {
      name,
      status: 'ok',
      detail: `${file} is its owner’s${groupAllowed ? ' and the site’s group’s' : ''} alone (${modeOf(mode)})`,
    }
  return {
    name,
    status: 'fail',
    detail: `${file} may be read or changed by other users (${modeOf(mode)})`,
    fix: `chmod ${groupAllowed ? '640' : '600'} ${file}, then change the secrets in it: others may have read them`,
  }
}

/** The data folder (database, uploads, chat files, the outbox): other users may not enter it. */
export function dataFolderCheck(dir: string): CheckResult {
  const name = 'data folder'
  if (!fs.existsSync(dir))
    return {
      name,
      status: 'fail',
      detail: `there is no data folder at ${dir}`,
      fix: 'run `npm run migrate` (or restore a backup), or point DATA_DIR at it',
    }
  const { mode } = fs.statSync(dir)
  if ((mode & OTHER_BITS) === 0)
    return { name, status: 'ok', detail: `${dir} is closed to other users (${modeOf(mode)})` }
  return {
    name,
    status: 'fail',
    detail: `every user of this machine may enter ${dir} (${modeOf(mode)}), where the leads and chats are`,
    fix: `chmod o-rwx ${dir}`,
  }
}
