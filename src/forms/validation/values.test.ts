// Reading and measuring submitted values directly, beneath the rules that use them.
import { describe, expect, it } from 'vitest'
import type { FormValues } from './types'
import { countWords, filledItems, hasOwn, isBlank, readItems, typedLength } from './values'

describe('readItems', () => {
  it('reads a single value as a one-item list and an array as its items', () => {
    expect(readItems({ f: 'x' }, 'f')).toEqual(['x'])
    expect(readItems({ f: ['a', 'b'] }, 'f')).toEqual(['a', 'b'])
  })

  it('reads nothing for a field that was not submitted or is only inherited', () => {
    expect(readItems({}, 'f')).toEqual([])
    expect(readItems({}, 'constructor')).toEqual([])
    expect(readItems(Object.create({ f: 'inherited' }) as FormValues, 'f')).toEqual([])
  })

  it('turns numbers and booleans into text and drops objects and null', () => {
    const values = { f: [1, true, { x: 1 }, null, 'a'] } as unknown as FormValues
    expect(readItems(values, 'f')).toEqual(['1', 'true', 'a'])
    expect(readItems({ f: { x: 1 } } as unknown as FormValues, 'f')).toEqual([])
  })
})

describe('hasOwn', () => {
  it('sees own keys only, even on an object without a prototype', () => {
    expect(hasOwn({ a: 1 }, 'a')).toBe(true)
    expect(hasOwn({ a: 1 }, 'toString')).toBe(false)
    expect(hasOwn(Object.assign(Object.create(null) as object, { a: 1 }), 'a')).toBe(true)
  })
})

describe('blank and filled values', () => {
  it('treats whitespace of every kind as blank', () => {
    for (const blank of ['', ' ', '\t\n', '\u00a0', '\u2003\ufeff'])
      expect(isBlank(blank), JSON.stringify(blank)).toBe(true)
    expect(isBlank(' 0 ')).toBe(false)
  })

  it('keeps the trimmed non-blank items in order', () => {
    expect(filledItems([' b ', '', '  ', 'a'])).toEqual(['b', 'a'])
  })
})

describe('typedLength', () => {
  it('counts code points, so a surrogate pair is one character', () => {
    expect(typedLength('a😀b')).toBe(3)
  })

  it('counts CRLF once and a lone CR or LF once each', () => {
    expect(typedLength('a\r\nb')).toBe(3)
    expect(typedLength('a\rb\nc')).toBe(5)
  })

  it('counts a lone surrogate as one character', () => {
    expect(typedLength('\ud83d')).toBe(1)
    expect(typedLength('\ude00x')).toBe(2)
  })
})

describe('countWords', () => {
  it('counts runs of letters and digits, an apostrophe or hyphen inside a word included', () => {
    expect(countWords("don't stop the well-known 42")).toBe(5)
  })

  it('skips HTML tags, entities and punctuation on its own', () => {
    expect(countWords('<p>one&nbsp;two</p> — !!')).toBe(2)
  })

  it('counts nothing in an empty or punctuation-only text', () => {
    expect(countWords('')).toBe(0)
    expect(countWords("-- ' …")).toBe(0)
  })
})
