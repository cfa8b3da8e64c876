// Reading and measuring what a visitor submitted, the same way in the browser and on the server.
import type { FormValues } from './types'

export const hasOwn = (object: object, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key)

function scalar(value: unknown): string | null {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return null
}

/** The field's values as strings; own properties only, so names like "constructor" read nothing. */
export function readItems(values: FormValues, name: string): string[] {
  if (!hasOwn(values, name)) return []
  const raw: unknown = values[name]
  if (Array.isArray(raw)) return raw.map(scalar).filter((item): item is string => item !== null)
  const single = scalar(raw)
  return single === null ? [] : [single]
}

export const isBlank = (value: string): boolean => value.trim() === ''

export const filledItems = (items: string[]): string[] => items.map((item) => item.trim()).filter((item) => item !== '')

/** Code points as typed; CRLF counts once because browsers submit a textarea's LF as CRLF. */
export function typedLength(value: string): number {
  let count = 0
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i)
    if (unit === 0x0d && value.charCodeAt(i + 1) === 0x0a) continue
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) i++
    }
    count++
  }
  return count
}

const HTML_TAG = /<\/?[A-Za-z!][^<>]*>/g
const HTML_ENTITY = /&(?:#\d{1,7}|#x[\dA-Fa-f]{1,6}|[A-Za-z][A-Za-z\d]{1,31});/g
const WORDISH = /[\p{L}\p{N}\p{M}'’-]+/gu
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u

/** Runs of letters and digits; HTML tags and punctuation are ignored, and "don't" or "well-known" count once. */
export function countWords(value: string): number {
  const text = value.replace(HTML_TAG, ' ').replace(HTML_ENTITY, ' ')
  let count = 0
  for (const match of text.matchAll(WORDISH)) if (LETTER_OR_DIGIT.test(match[0])) count++
  return count
}
