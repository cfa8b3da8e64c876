// Archives encrypted for an age public key (BACKUP_AGE_RECIPIENT, `age1…`), with the age format's
// TypeScript implementation (npm `age-encryption`, files any `age -d` opens): the machine that backs
// up holds the public key alone; the private key (`AGE-SECRET-KEY-1…`) is given to a restore, from
// a file or standard input, and no message ever holds it.
import fs from 'node:fs'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { Decrypter, Encrypter } from 'age-encryption'
import { BackupError } from './backupArchives.mjs'

/** How every age file begins (its version line). */
const AGE_HEADER = Buffer.from('age-encryption.org/v1\n')
/** What a line of an identity file holding a private key begins with (age-keygen writes one, after `#` comments). */
const PRIVATE_KEY_PREFIX = 'AGE-SECRET-KEY-'
/** What `--identity` names to read the private key from standard input. */
export const STANDARD_INPUT = '-'
/** The library's words for a file none of the given keys opens (its recipients are others). */
const NO_MATCHING_KEY = /no identity matched/

/**
 * A file as the web stream the age library reads. Node's web streams are the ones it takes, though
 * TypeScript declares the DOM's (which the library names) and Node's apart.
 * @param {string} file
 * @returns {ReadableStream<Uint8Array>}
 */
const webStreamOf = (file) =>
  /** @type {ReadableStream<Uint8Array>} */ (/** @type {unknown} */ (Readable.toWeb(fs.createReadStream(file))))

/**
 * The library's web stream as Node's, to pipe into a file.
 * @param {ReadableStream<Uint8Array>} stream
 * @returns {Readable}
 */
const nodeStreamOf = (stream) =>
  Readable.fromWeb(
    /** @type {import('node:stream/web').ReadableStream<Uint8Array>} */ (/** @type {unknown} */ (stream)),
  )

/** The setting naming the public key (listed in .env.example). */
const RECIPIENT_SETTING = { env: 'BACKUP_AGE_RECIPIENT' }

/**
 * The public key archives are encrypted for (BACKUP_AGE_RECIPIENT), checked; null when unset: archives stay plain.
 * @param {Record<string, string | undefined>} [env]
 * @returns {string | null}
 */
export function recipientFrom(env = process.env) {
  const recipient = env[RECIPIENT_SETTING.env]?.trim()
  if (!recipient) return null
  try {
    new Encrypter().addRecipient(recipient)
  } catch (error) {
    throw new BackupError(
      `BACKUP_AGE_RECIPIENT is not an age public key (age1…): ${/** @type {Error} */ (error).message}`,
    )
  }
  return recipient
}

/**
 * Writes `from` encrypted for `recipient` into the stream `openOutput` opens (once the encryption
 * has started, so that nothing is made when it cannot); resolves with the bytes it should hold.
 * @param {string} from
 * @param {() => import('node:stream').Writable} openOutput
 * @param {string} recipient
 * @returns {Promise<number>}
 */
export async function encryptInto(from, openOutput, recipient) {
  const encrypter = new Encrypter()
  encrypter.addRecipient(recipient)
  const encrypted = await encrypter.encrypt(webStreamOf(from))
  await pipeline(nodeStreamOf(encrypted), openOutput())
  return encrypted.size(fs.statSync(from).size)
}

/**
 * Whether `file` is an age file (by its first bytes, whatever its name).
 * @param {string} file
 * @returns {boolean}
 */
export function isEncrypted(file) {
  const fd = fs.openSync(file, 'r')
  try {
    const start = Buffer.alloc(AGE_HEADER.length)
    return fs.readSync(fd, start, 0, start.length, 0) === start.length && start.equals(AGE_HEADER)
  } finally {
    fs.closeSync(fd)
  }
}

/** @typedef {{ where: string, keys: string[] }} Identities */

/**
 * The private keys of an identity file (`source`: its path, or `-` for standard input), as
 * `age-keygen` writes one: `#` comments and one `AGE-SECRET-KEY-1…` a line. Errors name the
 * source, never a line of it.
 * @param {string} source
 * @returns {Identities}
 */
export function identitiesFrom(source) {
  const where = source === STANDARD_INPUT ? 'standard input' : source
  let text
  try {
    text = fs.readFileSync(source === STANDARD_INPUT ? 0 : source, 'utf8')
  } catch (error) {
    const failure = /** @type {NodeJS.ErrnoException} */ (error)
    throw new BackupError(`cannot read the private key from ${where} (${failure.code ?? failure.message})`)
  }
  const keys = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
  if (!keys.length || keys.some((key) => !key.startsWith(PRIVATE_KEY_PREFIX)))
    throw new BackupError(`${where} holds no age private key (one ${PRIVATE_KEY_PREFIX}1… a line)`)
  return { where, keys }
}

/**
 * Decrypts the age file `from` with the private keys of `identities` (identitiesFrom) into the
 * stream `openOutput` opens once a key has opened the file; `shown` names the archive in messages.
 * A key that does not open it, or a damaged file, is a BackupError in one line.
 * @param {string} from
 * @param {() => import('node:stream').Writable} openOutput
 * @param {Identities} identities
 * @param {string} shown
 */
export async function decryptInto(from, openOutput, identities, shown) {
  const decrypter = new Decrypter()
  for (const key of identities.keys) {
    try {
      decrypter.addIdentity(key)
    } catch {
      throw new BackupError(`${identities.where} holds a line that is not an age private key`)
    }
  }
  let plain
  try {
    plain = await decrypter.decrypt(webStreamOf(from))
  } catch (error) {
    const { message } = /** @type {Error} */ (error)
    if (NO_MATCHING_KEY.test(message))
      throw new BackupError(
        `${shown} is encrypted for another key: the private key in ${identities.where} does not open it`,
      )
    throw new BackupError(`${shown} cannot be decrypted (${message}): it is damaged or not an age file`)
  }
  try {
    await pipeline(nodeStreamOf(plain), openOutput())
  } catch (error) {
    const failure = /** @type {NodeJS.ErrnoException} */ (error)
    // The disk's errors (ENOSPC) carry a code; the cipher's (a cut or changed file) do not.
    if (failure.code) throw error
    throw new BackupError(`${shown} is damaged or incomplete (${failure.message})`)
  }
}
