// Reads a .tar.gz entry by entry, in Node, so that a restore decides itself what an archive may
// put on disk (scripts/lib/backupRestore.mjs): nothing is written unless the visitor asks for an entry's bytes.
// Reads the formats GNU tar writes (ustar, GNU long names, pax headers); plain Node, no TypeScript.
import fs from 'node:fs'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'

const BLOCK = 512
/** A long name or a pax header longer than this is not one a backup writes: the archive is taken as damaged. */
const MAX_META_BYTES = 1024 * 1024

/**
 * What each typeflag stands for, in the words an error names it with.
 * @type {Record<string, string>}
 */
const ENTRY_KINDS = {
  0: 'file',
  '\0': 'file',
  1: 'hard link',
  2: 'symbolic link',
  3: 'character device',
  4: 'block device',
  5: 'directory',
  6: 'FIFO',
}
/** Entries that describe the next one instead of being one (a global pax header, which GNU tar never writes, is read past). */
const GNU_LONG_NAME = 'L'
const GNU_LONG_LINK = 'K'
const PAX_HEADER = 'x'
const PAX_GLOBAL_HEADER = 'g'

export class DamagedArchiveError extends Error {}

/**
 * An entry of an archive. `kind`: 'file', 'directory', 'symbolic link', 'hard link', 'character
 * device', 'block device', 'FIFO', or 'entry of type X'.
 * @typedef {{ name: string, kind: string, linkName: string, size: number }} TarEntry
 */
/** @typedef {{ write: (chunk: Buffer) => void, end: () => void }} TarEntrySink */
/** @typedef {(entry: TarEntry) => TarEntrySink | null | void} TarVisitor */

/**
 * An entry's name as a relative path of `/`-separated parts (tar's leading `./` dropped), or why it is refused.
 * @param {string} name
 * @returns {{ path: string, refused?: undefined } | { refused: string, path?: undefined }}
 */
export function entryPath(name) {
  const trimmed = name.replace(/^(\.\/)+/, '').replace(/\/+$/, '')
  if (trimmed === '' || trimmed === '.') return { path: '' }
  if (name.startsWith('/')) return { refused: 'an absolute path' }
  const parts = trimmed.split('/')
  if (parts.includes('..')) return { refused: 'a path leading out of the folder it is unpacked in' }
  if (parts.some((part) => part === '' || part === '.')) return { refused: 'a path in an unusual form' }
  return { path: trimmed }
}

/**
 * Control characters shown as escapes, so that an entry's name in a message is what the archive holds.
 * @param {string} name
 */
export const shownName = (name) => JSON.stringify(name).slice(1, -1)

/**
 * @param {Buffer} block
 * @param {number} start
 * @param {number} length
 */
const text = (block, start, length) => {
  const field = block.subarray(start, start + length)
  const end = field.indexOf(0)
  return field.subarray(0, end === -1 ? length : end).toString('utf8')
}

/**
 * A numeric field: octal digits, or GNU's base-256 form for large values (first byte's high bit set).
 * @param {Buffer} block
 * @param {number} start
 * @param {number} length
 */
function number(block, start, length) {
  const field = block.subarray(start, start + length)
  if (field[0] & 0x80) {
    let value = BigInt(field[0] & 0x7f)
    for (const byte of field.subarray(1)) value = (value << 8n) | BigInt(byte)
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new DamagedArchiveError('a size is out of range')
    return Number(value)
  }
  const digits = text(block, start, length).trim()
  if (!/^[0-7]*$/.test(digits)) throw new DamagedArchiveError('a header holds a malformed number')
  return digits ? parseInt(digits, 8) : 0
}

/** @param {Buffer} block */
function checksumMatches(block) {
  let sum = 0
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]
  return sum === number(block, 148, 8)
}

/**
 * `path=…`, `linkpath=…`, `size=…` from a pax header's `<length> <key>=<value>\n` records.
 * @param {Buffer} buffer
 */
function paxRecords(buffer) {
  /** @type {Record<string, string>} */
  const records = {}
  let offset = 0
  while (offset < buffer.length) {
    const space = buffer.indexOf(0x20, offset)
    const length = Number(buffer.subarray(offset, space).toString('ascii'))
    if (space === -1 || !Number.isSafeInteger(length) || length <= 0 || offset + length > buffer.length)
      throw new DamagedArchiveError('a pax header is malformed')
    const record = buffer.subarray(space + 1, offset + length - 1).toString('utf8')
    const equals = record.indexOf('=')
    if (equals > 0) records[record.slice(0, equals)] = record.slice(equals + 1)
    offset += length
  }
  return records
}

/**
 * A push parser: `push` each decompressed chunk, then `end`. For each entry it calls
 * `visit({ name, kind, linkName, size })`, which returns a sink `{ write(chunk), end() }` for the
 * entry's bytes, or nothing to skip them. `kind` is one of ENTRY_KINDS' words, or `entry of type X`.
 */
class TarReader {
  /** @param {TarVisitor} visit */
  constructor(visit) {
    this.visit = visit
    this.header = Buffer.alloc(0)
    this.remaining = 0
    this.padding = 0
    /** @type {TarEntrySink | null} */
    this.sink = null
    /** The parts of a long name or pax header being read, and its typeflag. */
    /** @type {(Buffer[] & { flag?: string }) | null} */
    this.meta = null
    /** What a long name or pax header said of the next entry. */
    /** @type {{ path?: string, linkpath?: string, size?: string }} */
    this.next = {}
    this.finished = false
  }

  /** @param {Buffer} chunk */
  push(chunk) {
    let offset = 0
    while (offset < chunk.length && !this.finished) {
      if (this.remaining > 0) {
        const piece = chunk.subarray(offset, offset + Math.min(this.remaining, chunk.length - offset))
        offset += piece.length
        this.remaining -= piece.length
        if (this.meta) this.meta.push(piece)
        else this.sink?.write(piece)
        if (this.remaining === 0) this.endData()
      } else if (this.padding > 0) {
        const skipped = Math.min(this.padding, chunk.length - offset)
        offset += skipped
        this.padding -= skipped
      } else {
        const piece = chunk.subarray(offset, offset + Math.min(BLOCK - this.header.length, chunk.length - offset))
        offset += piece.length
        this.header = Buffer.concat([this.header, piece])
        if (this.header.length === BLOCK) {
          const block = this.header
          this.header = Buffer.alloc(0)
          this.readHeader(block)
        }
      }
    }
  }

  end() {
    if (this.remaining > 0 || this.padding > 0 || this.header.length > 0)
      throw new DamagedArchiveError('it ends inside an entry')
  }

  /** @param {Buffer} block */
  readHeader(block) {
    // The end of the archive: what follows (tar's padding) is no entry.
    if (block.every((byte) => byte === 0)) {
      this.finished = true
      return
    }
    if (!checksumMatches(block)) throw new DamagedArchiveError('a header’s checksum does not match')
    const flag = String.fromCharCode(block[156])
    let size = number(block, 124, 12)
    if ([GNU_LONG_NAME, GNU_LONG_LINK, PAX_HEADER, PAX_GLOBAL_HEADER].includes(flag)) {
      if (size > MAX_META_BYTES) throw new DamagedArchiveError('a long name or pax header is too long')
      this.meta = []
      this.meta.flag = flag
      this.startData(size)
      return
    }
    const magic = block.subarray(257, 263).toString('latin1')
    const prefix = magic === 'ustar\0' ? text(block, 345, 155) : ''
    let name = prefix ? `${prefix}/${text(block, 0, 100)}` : text(block, 0, 100)
    let linkName = text(block, 157, 100)
    if (this.next.path !== undefined) name = this.next.path
    if (this.next.linkpath !== undefined) linkName = this.next.linkpath
    if (this.next.size !== undefined) size = Number(this.next.size)
    if (!Number.isSafeInteger(size) || size < 0) throw new DamagedArchiveError('a size is out of range')
    this.next = {}
    const kind = ENTRY_KINDS[flag] ?? `entry of type ${JSON.stringify(flag)}`
    // Only a file's size is its bytes; GNU tar writes none for the others (a hard link's size is its target's).
    const dataSize = kind === 'file' || !(flag in ENTRY_KINDS) ? size : 0
    this.sink = this.visit({ name, kind, linkName, size: dataSize }) ?? null
    this.startData(dataSize)
  }

  /** @param {number} size */
  startData(size) {
    this.remaining = size
    this.padding = (BLOCK - (size % BLOCK)) % BLOCK
    if (size === 0) this.endData()
  }

  endData() {
    if (this.meta) {
      const { flag } = this.meta
      const buffer = Buffer.concat(this.meta)
      this.meta = null
      if (flag === GNU_LONG_NAME) this.next.path = text(buffer, 0, buffer.length)
      else if (flag === GNU_LONG_LINK) this.next.linkpath = text(buffer, 0, buffer.length)
      else if (flag === PAX_HEADER) {
        const records = paxRecords(buffer)
        for (const key of /** @type {const} */ (['path', 'linkpath', 'size']))
          if (records[key] !== undefined) this.next[key] = records[key]
      }
      return
    }
    this.sink?.end()
    this.sink = null
  }
}

/**
 * Reads every entry of the gzip-compressed tar at `file`, in order, calling `visit` for each (see
 * TarReader), and `tap` (awaited) with each of the file's compressed chunks. A file that is not
 * gzip, is cut short or holds a malformed header throws DamagedArchiveError.
 * @param {string} file
 * @param {TarVisitor} visit
 * @param {{ tap?: (chunk: Buffer) => unknown }} [options] `tap`: awaited with each compressed chunk as it is read (a checksum of the whole file, say)
 * @returns {Promise<void>}
 */
export async function readTarGz(file, visit, { tap } = {}) {
  const reader = new TarReader(visit)
  // `tap` sees each compressed chunk as read, before it is unpacked (a hash, a copy to a process).
  /** @param {AsyncIterable<Buffer>} chunks */
  const tapped = async function* (chunks) {
    for await (const chunk of chunks) {
      await tap?.(chunk)
      yield chunk
    }
  }
  try {
    await pipeline(fs.createReadStream(file), tapped, createGunzip(), async (chunks) => {
      for await (const chunk of chunks) reader.push(chunk)
    })
  } catch (error) {
    if (error instanceof DamagedArchiveError || !(error instanceof Error)) throw error
    // zlib's errors (not gzip, cut short) carry a code; anything else (a visitor's refusal) is not about the archive's shape.
    const { code } = /** @type {NodeJS.ErrnoException} */ (error)
    if (typeof code === 'string' && code.startsWith('Z_')) throw new DamagedArchiveError(error.message)
    throw error
  }
  reader.end()
}
