/**
 * The part of a file a request asks for (RFC 9110, 14): one byte range is sent as asked; anything
 * else a server may answer whole, so a Range that does not parse, names another unit, or asks for
 * several ranges gets the whole file (200), as does an If-Range that names another version.
 */

/** Bytes `start` to `end` of a file, both included (the form of Content-Range). */
export type ByteRange = { start: number; end: number }

/** What to send: the whole file, one range of it (206), or nothing of it (416). */
export type RangeAnswer = { whole: true } | { part: ByteRange } | { unsatisfiable: true }

const WHOLE: RangeAnswer = { whole: true }

/** Longest Range header read; a longer one (no single range needs it) gets the whole file, unread. */
export const MAX_RANGE_HEADER_CHARS = 256

/** One range-spec: `first-last`, `first-` or `-suffixLength`, decimal digits only. */
const RANGE_SPEC = /^(\d*)-(\d*)$/

/**
 * The answer to a `Range` header for a file of `size` bytes. Numbers past what JavaScript holds
 * exactly still compare right: they are past any file's size. An empty file is always sent whole
 * (no range of it can be written in Content-Range).
 */
export function rangeFor(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined || size <= 0 || header.length > MAX_RANGE_HEADER_CHARS) return WHOLE
  const equals = header.indexOf('=')
  if (equals < 0 || header.slice(0, equals).trim().toLowerCase() !== 'bytes') return WHOLE
  // A list may hold empty elements (RFC 9110, 5.6.1.2): `bytes=, 0-9` asks for one range.
  const specs = header
    .slice(equals + 1)
    .split(',')
    .map((spec) => spec.trim())
    .filter(Boolean)
  if (specs.length !== 1) return WHOLE
  const spec = RANGE_SPEC.exec(specs[0])
  if (!spec) return WHOLE
  const [, first, last] = spec
  if (first === '') {
    if (last === '') return WHOLE
    const suffixLength = Number(last)
    if (suffixLength === 0) return { unsatisfiable: true }
    return { part: { start: Math.max(0, size - suffixLength), end: size - 1 } }
  }
  const start = Number(first)
  if (last !== '' && Number(last) < start) return WHOLE
  if (start >= size) return { unsatisfiable: true }
  return { part: { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) } }
}

/**
 * Whether an If-Range lets a range be sent (RFC 9110, 13.1.5): with no If-Range, yes; with an
 * entity tag, only the file's own strong tag (a weak one never matches); with a date, only the
 * file's Last-Modified exactly, at one-second precision. Anything else (several) sends the whole file.
 */
export function ifRangeHolds(ifRange: string | string[] | undefined, entityTag: string, modifiedMs: number): boolean {
  if (typeof ifRange !== 'string') return ifRange === undefined
  const condition = ifRange.trim()
  if (condition.startsWith('"') || condition.startsWith('W/')) {
    return !condition.startsWith('W/') && !entityTag.startsWith('W/') && condition === entityTag
  }
  const date = Date.parse(condition)
  return Number.isFinite(date) && date === Math.floor(modifiedMs / 1000) * 1000
}

/**
 * What to send for a request's `Range` and `If-Range` headers, for a file of `size` bytes whose
 * version is `entityTag` and `modifiedMs`: the range asked (rangeFor) when the If-Range, if any,
 * names this version (ifRangeHolds), else the whole file.
 */
export function askedRange(
  headers: { range: string | undefined; ifRange: string | string[] | undefined },
  file: { entityTag: string; modifiedMs: number; size: number },
): RangeAnswer {
  return ifRangeHolds(headers.ifRange, file.entityTag, file.modifiedMs) ? rangeFor(headers.range, file.size) : WHOLE
}

/** The `Content-Range` of a part sent, or, with no part, of a refusal (a star for the range). */
export function contentRange(size: number, range?: ByteRange): string {
  return range ? `bytes ${range.start}-${range.end}/${size}` : `bytes */${size}`
}
