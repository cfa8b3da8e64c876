import { describe, expect, it } from 'vitest'
import { askedRange, contentRange, ifRangeHolds, MAX_RANGE_HEADER_CHARS, rangeFor } from './byteRange'

const SIZE = 1000
const TAG = '"65e1c3c0-3e8"'
/** A whole second, as Last-Modified carries seconds. */
const MODIFIED_MS = Date.UTC(2024, 2, 1, 12, 0, 0)

describe('the byte range a Range header asks for', () => {
  it('reads first-last, first- and -suffix as one part of the file, both ends included', () => {
    expect(rangeFor('bytes=0-99', SIZE)).toEqual({ part: { start: 0, end: 99 } })
    expect(rangeFor('bytes=500-', SIZE)).toEqual({ part: { start: 500, end: 999 } })
    expect(rangeFor('bytes=-100', SIZE)).toEqual({ part: { start: 900, end: 999 } })
    expect(rangeFor('bytes=999-999', SIZE)).toEqual({ part: { start: 999, end: 999 } })
  })

  it('ends a range that runs past the file at its last byte, and takes a suffix longer than the file as all of it', () => {
    expect(rangeFor('bytes=900-5000', SIZE)).toEqual({ part: { start: 900, end: 999 } })
    expect(rangeFor('bytes=-5000', SIZE)).toEqual({ part: { start: 0, end: 999 } })
    expect(rangeFor('bytes=0-99999999999999999999999999', SIZE)).toEqual({ part: { start: 0, end: 999 } })
  })

  it('finds no part in a range starting at or past the end, or in an empty suffix', () => {
    for (const header of ['bytes=1000-', 'bytes=1000-2000', 'bytes=-0', 'bytes=99999999999999999999999999-']) {
      expect(rangeFor(header, SIZE), header).toEqual({ unsatisfiable: true })
    }
  })

  it('sends the whole file for a header that does not parse, names another unit or has last before first', () => {
    for (const header of [
      '',
      'bytes',
      'bytes=',
      'bytes=-',
      'bytes=5-2',
      'bytes=-5-2',
      'bytes=--5',
      'bytes=a-b',
      'bytes=1.5-3',
      'bytes=+1-3',
      'bytes=0x10-20',
      'bytes=0 - 5',
      'bytes=１-２',
      'items=0-5',
      '0-5',
      '=0-5',
    ]) {
      expect(rangeFor(header, SIZE), JSON.stringify(header)).toEqual({ whole: true })
    }
  })

  it('sends the whole file when several ranges are asked for, even overlapping or many', () => {
    expect(rangeFor('bytes=0-1,5-6', SIZE)).toEqual({ whole: true })
    expect(rangeFor('bytes=0-1, 0-1', SIZE)).toEqual({ whole: true })
    expect(rangeFor(`bytes=${Array.from({ length: 40 }, (_, i) => `${i}-${i}`).join(',')}`, SIZE)).toEqual({
      whole: true,
    })
  })

  it('takes the unit in any case, space around the list and empty list elements', () => {
    expect(rangeFor('Bytes=0-9', SIZE)).toEqual({ part: { start: 0, end: 9 } })
    expect(rangeFor('  bytes= 0-9 ', SIZE)).toEqual({ part: { start: 0, end: 9 } })
    expect(rangeFor('bytes=, 0-9 ,', SIZE)).toEqual({ part: { start: 0, end: 9 } })
  })

  it('sends a header longer than any single range needs whole, unread, and fast even at 10 KB', () => {
    const padded = `bytes=${' '.repeat(MAX_RANGE_HEADER_CHARS)}0-9`
    expect(rangeFor(padded, SIZE)).toEqual({ whole: true })
    const hostile = `bytes=${'0'.repeat(10 * 1024)}-`
    const startedAt = performance.now()
    for (const header of [hostile, `bytes=${'0-0,'.repeat(3000)}`, `bytes=${'-'.repeat(10 * 1024)}`]) {
      expect(rangeFor(header, SIZE)).toEqual({ whole: true })
    }
    expect(performance.now() - startedAt).toBeLessThan(50)
  })

  it('sends an empty file whole, whatever is asked', () => {
    for (const header of ['bytes=0-0', 'bytes=-5', 'bytes=0-']) expect(rangeFor(header, 0)).toEqual({ whole: true })
  })

  it('sends the whole file when no Range is given', () => {
    expect(rangeFor(undefined, SIZE)).toEqual({ whole: true })
  })
})

describe('If-Range', () => {
  it('holds when absent, for the file’s strong tag, and for its exact Last-Modified', () => {
    expect(ifRangeHolds(undefined, TAG, MODIFIED_MS)).toBe(true)
    expect(ifRangeHolds(TAG, TAG, MODIFIED_MS)).toBe(true)
    expect(ifRangeHolds(new Date(MODIFIED_MS).toUTCString(), TAG, MODIFIED_MS + 400)).toBe(true)
  })

  it('fails for another tag, a weak tag, another date or anything unreadable', () => {
    for (const ifRange of [
      '"other"',
      `W/${TAG}`,
      TAG.slice(0, -1),
      new Date(MODIFIED_MS - 1000).toUTCString(),
      new Date(MODIFIED_MS + 1000).toUTCString(),
      'yesterday',
      '',
    ]) {
      expect(ifRangeHolds(ifRange, TAG, MODIFIED_MS), ifRange).toBe(false)
    }
    expect(ifRangeHolds(`W/${TAG}`, `W/${TAG}`, MODIFIED_MS)).toBe(false)
    expect(ifRangeHolds([TAG, TAG], TAG, MODIFIED_MS)).toBe(false)
  })
})

describe('a request’s Range and If-Range together', () => {
  const file = { entityTag: TAG, modifiedMs: MODIFIED_MS, size: SIZE }
  it('answers the range asked when If-Range is absent or names this version, and the whole file when it names another', () => {
    expect(askedRange({ range: 'bytes=0-9', ifRange: undefined }, file)).toEqual({ part: { start: 0, end: 9 } })
    expect(askedRange({ range: 'bytes=0-9', ifRange: TAG }, file)).toEqual({ part: { start: 0, end: 9 } })
    expect(askedRange({ range: 'bytes=0-9', ifRange: '"another"' }, file)).toEqual({ whole: true })
    expect(askedRange({ range: `bytes=${SIZE}-`, ifRange: TAG }, file)).toEqual({ unsatisfiable: true })
  })
})

describe('Content-Range', () => {
  it('names the part sent and the size, or a star when nothing is sent', () => {
    expect(contentRange(SIZE, { start: 0, end: 99 })).toBe('bytes 0-99/1000')
    expect(contentRange(SIZE)).toBe('bytes */1000')
  })
})
