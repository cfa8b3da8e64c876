// The stack's log files, kept to a size: a log over LOG_MAX_BYTES becomes <name>.log.1 (the older
// ones move up, LOG_KEPT_FILES of them kept) and a new one begins. On a server, logrotate does this
// job (deploy/logrotate/site).
import fs from 'node:fs'

/** A log file is rotated once it is larger than this (LOG_MAX_BYTES in the environment to change it). */
export const DEFAULT_LOG_MAX_BYTES = 10 * 1024 * 1024
/** Rotated files kept beside the current one: <name>.log.1 (newest) to <name>.log.3. */
export const LOG_KEPT_FILES = 3

/**
 * @param {string} [setting]
 * @returns {number}
 */
export function logMaxBytes(setting = process.env.LOG_MAX_BYTES) {
  const configured = Number(setting)
  return Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_LOG_MAX_BYTES
}

/** @param {string} file */
const sizeOf = (file) => {
  try {
    return fs.statSync(file).size
  } catch {
    return 0
  }
}

/**
 * Moves `file` to `file.1`, each older one up by one, and drops the one past `kept`.
 * @param {string} file
 * @param {number} [kept]
 */
export function rotateLog(file, kept = LOG_KEPT_FILES) {
  fs.rmSync(`${file}.${kept}`, { force: true })
  for (let index = kept - 1; index >= 1; index--)
    if (fs.existsSync(`${file}.${index}`)) fs.renameSync(`${file}.${index}`, `${file}.${index + 1}`)
  if (fs.existsSync(file)) fs.renameSync(file, `${file}.1`)
}

/**
 * Rotates `file` when it is larger than `maxBytes`; true when it did.
 * @param {string} file
 * @param {number} [maxBytes]
 * @param {number} [kept]
 * @returns {boolean}
 */
export function rotateLogIfOver(file, maxBytes = logMaxBytes(), kept = LOG_KEPT_FILES) {
  if (sizeOf(file) <= maxBytes) return false
  rotateLog(file, kept)
  return true
}

/**
 * An appending writer for a log that keeps it under `maxBytes`: whole lines are written, and the
 * file is rotated before a write that would take it past the size (a single longer line still goes
 * in whole, into a file of its own).
 * @param {string} file
 * @param {{ maxBytes?: number, kept?: number }} [options]
 * @returns {{ write: (chunk: string | Buffer) => void, close: () => void }}
 */
export function cappedLog(file, { maxBytes = logMaxBytes(), kept = LOG_KEPT_FILES } = {}) {
  let fd = fs.openSync(file, 'a')
  let size = fs.fstatSync(fd).size
  let partial = ''
  /** @param {string} text */
  const append = (text) => {
    const bytes = Buffer.byteLength(text)
    if (size > 0 && size + bytes > maxBytes) {
      fs.closeSync(fd)
      rotateLog(file, kept)
      fd = fs.openSync(file, 'a')
      size = 0
    }
    fs.writeSync(fd, text)
    size += bytes
  }
  return {
    /**
     * Takes any chunk of output; what follows its last newline waits for the rest of its line.
     * @param {string | Buffer} chunk
     */
    write(chunk) {
      const text = partial + String(chunk)
      const end = text.lastIndexOf('\n') + 1
      partial = text.slice(end)
      if (end > 0) append(text.slice(0, end))
      // Output that never ends its line is still written, in pieces.
      if (partial.length > maxBytes) {
        append(partial)
        partial = ''
      }
    },
    close() {
      if (partial) append(`${partial}\n`)
      partial = ''
      fs.closeSync(fd)
    },
  }
}

/**
 * Rotates every `*.log` of `dir` larger than `maxBytes`, for the logs whose writers the stack
 * cannot watch (nginx, PostgreSQL, Redis): called before they start, when none has them open.
 * @param {string} dir
 * @param {number} [maxBytes]
 * @param {number} [kept]
 * @returns {string[]} the names rotated
 */
export function rotateLogsOver(dir, maxBytes = logMaxBytes(), kept = LOG_KEPT_FILES) {
  /** @type {string[]} */
  const rotated = []
  for (const name of fs.readdirSync(dir)) {
    if (name.endsWith('.log') && rotateLogIfOver(`${dir}/${name}`, maxBytes, kept)) rotated.push(name)
  }
  return rotated
}
