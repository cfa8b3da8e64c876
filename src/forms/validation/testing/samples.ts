// Shared by the engine's tests: one usable configuration per rule, and short ways to run a rule on a value.
import { expect } from 'vitest'
import type { RuleName } from '../catalog'
import type { FieldSpec, FormValues } from '../types'
import { validateField } from '../validate'

export const withRule = (rule: RuleName, param?: string, param2?: string): FieldSpec => ({
  name: 'f',
  rules: [{ rule, param, param2 }],
})

export const check = (rule: RuleName, value: string | string[], param?: string, param2?: string): string | null =>
  validateField(withRule(rule, param, param2), { f: value })

export function expectAccepted(rule: RuleName, values: string[], param?: string): void {
  for (const value of values)
    expect(check(rule, value, param), `${rule} should accept ${JSON.stringify(value)}`).toBeNull()
}

export function expectRejected(rule: RuleName, values: string[], param?: string): void {
  for (const value of values) {
    expect(check(rule, value, param), `${rule} should reject ${JSON.stringify(value)}`).not.toBeNull()
  }
}

/** A usable configuration for every rule, with one value it accepts and one it rejects. */
export const SAMPLES: Record<RuleName, { param?: string; param2?: string; valid: string; invalid: string }> = {
  email: { valid: 'jane@example.com', invalid: 'jane@' },
  url: { valid: 'https://example.com', invalid: 'example com' },
  date: { valid: '2024-02-29', invalid: '2023-02-29' },
  dateISO: { valid: '2024-02-29', invalid: '2024-02-30' },
  number: { valid: '-1,234.5', invalid: '1,23' },
  digits: { valid: '0123', invalid: '12a' },
  creditcard: { valid: '4111 1111 1111 1111', invalid: '4111 1111 1111 1112' },
  equalTo: { param: 'other', valid: 'same', invalid: 'different' },
  maxlength: { param: '3', valid: 'abc', invalid: 'abcd' },
  minlength: { param: '3', valid: 'abc', invalid: 'ab' },
  rangelength: { param: '2', param2: '3', valid: 'ab', invalid: 'abcd' },
  range: { param: '1', param2: '10', valid: '10', invalid: '11' },
  max: { param: '10', valid: '10', invalid: '10.5' },
  min: { param: '1', valid: '1', invalid: '0.99' },
  maxWords: { param: '2', valid: 'two words', invalid: 'three words here' },
  minWords: { param: '2', valid: 'two words', invalid: 'one' },
  rangeWords: { param: '1', param2: '2', valid: 'one', invalid: 'one two three' },
  extension: { valid: 'photo.JPG', invalid: 'photo.pdf' },
  accept: { param: 'image/*', valid: 'image/png', invalid: 'application/pdf' },
  iban: { valid: 'GB82 WEST 1234 5698 7654 32', invalid: 'GB82 WEST 1234 5698 7654 33' },
  bic: { valid: 'DEUTDEFF', invalid: 'DEUTDEF' },
  phoneUS: { valid: '(614) 555-0123', invalid: '(614) 155-0123' },
  phoneUK: { valid: '020 7946 0958', invalid: '020 7946 09' },
  mobileUK: { valid: '07700 900123', invalid: '020 7946 0958' },
  phoneNL: { valid: '020-1234567', invalid: '020-123456' },
  zipcodeUS: { valid: '43215', invalid: '4321' },
  postalCodeCA: { valid: 'K1A 0B1', invalid: 'D1A 0B1' },
  postcodeUK: { valid: 'SW1A 1AA', invalid: 'Q1A 1AA' },
  time: { valid: '23:59', invalid: '24:00' },
  time12h: { valid: '11:59 pm', invalid: '13:00 pm' },
  ipv4: { valid: '192.0.2.1', invalid: '256.0.0.1' },
  ipv6: { valid: '2001:db8::1', invalid: '2001:db8:::1' },
  require_from_group: { param: '1', param2: 'f,g', valid: 'x', invalid: '' },
}

export const sampleValues = (value: string): FormValues => ({ f: value, other: 'same' })
