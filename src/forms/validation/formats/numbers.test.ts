// The number, digits and creditcard rules.
import { describe, expect, it } from 'vitest'
import { check, expectAccepted, expectRejected } from '../testing/samples'

describe('number', () => {
  it('accepts integers and decimals with an optional sign', () => {
    expectAccepted('number', ['0', '42', '-42', '+42', '3.14', '-0.5', '.5', '007'])
  })

  it('accepts comma thousands separators', () => {
    expectAccepted('number', ['1,234', '1,234,567.89', '-12,345', '999,999'])
  })

  it('rejects misplaced separators', () => {
    expectRejected('number', ['1,23', '12,345,67', '1,2345', ',123', '1234,567', '1,,234', '1.', '1.2.3', '1.2,345'])
  })

  it('rejects exponents, hex, words and lone signs', () => {
    expectRejected('number', ['1e5', '0x1F', 'Infinity', 'NaN', '-', '+', '--1', '+-1', '1 000', 'abc'])
  })

  it('rejects non-ASCII digits and emoji', () => {
    expectRejected('number', ['١٢٣', '１２３', '12😀'])
  })

  it('accepts a very long run of digits', () => {
    expectAccepted('number', ['9'.repeat(5_000)])
  })
})

describe('digits', () => {
  it('accepts runs of ASCII digits, leading zeros included', () => {
    expectAccepted('digits', ['0', '0123456789', '00000'])
  })

  it('rejects signs, decimals, separators and spaces', () => {
    expectRejected('digits', ['-1', '+1', '1.5', '1,000', '1 2', '12a'])
  })

  it('rejects non-ASCII digits and emoji', () => {
    expectRejected('digits', ['١٢٣', '１２３', '1️⃣'])
  })

  it('uses the digits message', () => {
    expect(check('digits', 'x')).toBe('Please enter only digits.')
  })
})

describe('creditcard', () => {
  it('accepts test numbers of the major networks', () => {
    expectAccepted('creditcard', [
      '4111111111111111',
      '5555555555554444',
      '378282246310005',
      '6011111111111117',
      '4222222222222',
      '4000000000000000006',
    ])
  })

  it('accepts spaces and dashes between digit groups', () => {
    expectAccepted('creditcard', ['4111 1111 1111 1111', '4111-1111-1111-1111', '3782 822463 10005'])
  })

  it('rejects a card number that fails the Luhn check', () => {
    expect(check('creditcard', '4111 1111 1111 1112')).toBe('Please enter a valid credit card number.')
    expectRejected('creditcard', ['5555555555554443', '378282246310006'])
  })

  it('rejects fewer than 13 or more than 19 digits even when the checksum holds', () => {
    expectRejected('creditcard', ['424242424242', '40000000000000000002'])
  })

  it('rejects letters, dots and other punctuation', () => {
    expectRejected('creditcard', [
      '4111 1111 1111 111a',
      '4111.1111.1111.1111',
      '4111/1111/1111/1111',
      '４１１１111111111111',
    ])
  })
})
