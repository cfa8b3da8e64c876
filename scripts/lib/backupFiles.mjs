// Files as a backup and a restore make and check them: each new file private (or of the mode asked)
// from its first byte, never through a link, and described by its size and SHA-256 for the manifest.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { PRIVATE_NEW_FILE, PRIVATE_NEW_FILE_FLAGS } from './backupArchiveReading.mjs'

/**
 * Copies `from` into a new file `to`, created with `mode` (less the umask) before a byte is written.
 * @param {string} from
 * @param {string} to
 * @param {number} mode
 */
export async function copyIntoNewFile(from, to, mode) {
  // The source is opened first: one gone (ENOENT) leaves no empty copy behind.
  const source = fs.openSync(from, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW)
  await pipeline(
    fs.createReadStream(from, { fd: source }),
    fs.createWriteStream(to, { flags: PRIVATE_NEW_FILE_FLAGS, mode }),
  )
}

/**
 * An empty file of this user's alone (0600), for a tool that writes into the file it is given.
 * @param {string} file
 */
export function createPrivateFile(file) {
  fs.closeSync(fs.openSync(file, PRIVATE_NEW_FILE, 0o600))
}

/**
 * @param {string} file
 * @returns {Promise<string>}
 */
export async function sha256Of(file) {
  const hash = createHash('sha256')
  await pipeline(fs.createReadStream(file), hash)
  return hash.digest('hex')
}

/**
 * Every regular file below `dir`, as paths relative to it with `/`, sorted.
 * @param {string} dir
 * @returns {string[]}
 */
export function filesBelow(dir) {
  if (!fs.existsSync(dir)) return []
  /** @type {string[]} */
  const found = []
  /** @param {string} relative */
  const walk = (relative) => {
    for (const entry of fs.readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name
      if (entry.isDirectory()) walk(child)
      else if (entry.isFile()) found.push(child)
    }
  }
  walk('')
  return found.sort()
}

/**
 * A file below `root` as the manifest lists it: its path, size and SHA-256.
 * @param {string} root
 * @param {string} relative
 * @returns {Promise<import('./backupArchiveReading.mjs').ListedFile>}
 */
export async function describeFile(root, relative) {
  const file = path.join(root, relative)
  return { path: relative, size: fs.statSync(file).size, sha256: await sha256Of(file) }
}
