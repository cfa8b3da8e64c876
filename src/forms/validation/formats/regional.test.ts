// The bank-code, phone-number and postal-code rules.
import { describe, expect, it } from 'vitest'
import { check, expectAccepted, expectRejected } from '../testing/samples'

describe('iban', () => {
  it('accepts valid IBANs from several countries, with or without spaces', () => {
    expectAccepted('iban', [
      'GB82 WEST 1234 5698 7654 32',
      'GB82WEST12345698765432',
      'gb82 west 1234 5698 7654 32',
      'DE89 3704 0044 0532 0130 00',
      'NL91 ABNA 0417 1643 00',
      'FR14 2004 1010 0505 0001 3M02 606',
      'BE68 5390 0754 7034',
      'NO93 8601 1117 947',
      'CH93 0076 2011 6238 5295 7',
    ])
  })

  it('rejects an IBAN that fails the mod-97 check', () => {
    expect(check('iban', 'GB82 WEST 1234 5698 7654 33')).toBe('Please enter a valid IBAN.')
    expectRejected('iban', ['DE89 3704 0044 0532 0130 01', 'GB28 WEST 1234 5698 7654 32'])
  })

  it('rejects a length that does not match the country', () => {
    expectRejected('iban', ['GB82 WEST 1234 5698 7654 3', 'GB82 WEST 1234 5698 7654 321', 'NL91 ABNA 0417 1643 0'])
  })

  it('rejects unknown countries and countries without IBANs', () => {
    expectRejected('iban', ['XX82 WEST 1234 5698 7654 32', 'US12 3456 7890 1234 5678 90'])
  })

  it('rejects punctuation, accented letters and emoji', () => {
    expectRejected('iban', [
      'GB82-WEST-1234-5698-7654-32',
      'GB82 WÉST 1234 5698 7654 32',
      'GB82 WEST 1234 5698 7654 3😀',
    ])
  })
})

describe('bic', () => {
  it('accepts 8- and 11-character codes in either case', () => {
    expectAccepted('bic', ['DEUTDEFF', 'DEUTDEFF500', 'deutdeff', 'NEDSZAJJXXX', 'BOFAUS3N'])
  })

  it('rejects wrong lengths and spaces', () => {
    expectRejected('bic', ['DEUTDEF', 'DEUTDEFF5', 'DEUTDEFF5000', 'DEUT DEFF'])
  })

  it('rejects digits in the bank or country code and forbidden location characters', () => {
    expectRejected('bic', ['DEU1DEFF', 'DEUT12FF', 'DEUTDE1F', 'DEUTDEFO'])
  })

  it('rejects accented letters and emoji', () => {
    expectRejected('bic', ['DÉUTDEFF', 'DEUTDEF😀'])
  })
})

describe('phoneUS', () => {
  it('accepts common ways of writing a ten-digit number', () => {
    expectAccepted('phoneUS', [
      '(614) 555-0123',
      '614-555-0123',
      '614.555.0123',
      '6145550123',
      '614 555 0123',
      '(614)555-0123',
    ])
  })

  it('accepts a +1 or 1 country prefix', () => {
    expectAccepted('phoneUS', [
      '+1 614 555 0123',
      '+1 (614) 555-0123',
      '1-614-555-0123',
      '1 (614) 555-0123',
      '16145550123',
    ])
  })

  it('rejects an area code or exchange starting with 0 or 1', () => {
    expectRejected('phoneUS', ['(014) 555-0123', '(114) 555-0123', '(614) 055-0123', '(614) 155-0123'])
  })

  it('rejects a service code such as 911 as the area code', () => {
    expect(check('phoneUS', '(911) 555-0123')).toBe('Please enter a valid US phone number.')
  })

  it('rejects the wrong number of digits and other country codes', () => {
    expectRejected('phoneUS', ['614-555-012', '614-555-01234', '555-0123', '+2 614 555 0123', '+44 20 7946 0958'])
  })

  it('rejects unbalanced parentheses, doubled separators and extensions', () => {
    expectRejected('phoneUS', ['(614 555-0123', '614) 555-0123', '614--555-0123', '614-555-0123 ext. 5'])
  })

  it('rejects full-width digits and Unicode hyphens', () => {
    expectRejected('phoneUS', ['６１４-５５５-０１２３', '614\u2011555\u20110123', '614-555-0123😀'])
  })
})

describe('phoneUK', () => {
  it('accepts national and international forms, nine- and ten-digit', () => {
    expectAccepted('phoneUK', [
      '020 7946 0958',
      '(020) 7946 0958',
      '+44 20 7946 0958',
      '0044 20 7946 0958',
      '+44 (0)20 7946 0958',
      '01632 960123',
      '016977 3456',
      '0161 496 0123',
      '07700 900123',
    ])
  })

  it('rejects a number without the 0 or +44 prefix or with both', () => {
    expectRejected('phoneUK', ['20 7946 0958', '+44 020 7946 0958', '00 20 7946 0958'])
  })

  it('rejects the wrong number of digits and other countries', () => {
    expectRejected('phoneUK', ['020 7946 09', '020 794', '020 7946 09581', '+1 614 555 0123'])
  })

  it('rejects letters and emoji', () => {
    expectRejected('phoneUK', ['020 7946 O958', '020 7946 0958 😀'])
  })
})

describe('mobileUK', () => {
  it('accepts mobile numbers in national and international form', () => {
    expectAccepted('mobileUK', [
      '07700 900123',
      '+44 7700 900123',
      '+44 (0)7700 900123',
      '07400-123456',
      '07624 123456',
    ])
  })

  it('rejects landlines, personal and pager ranges', () => {
    expectRejected('mobileUK', ['020 7946 0958', '07000 123456', '07600 123456'])
  })

  it('rejects short numbers and emoji', () => {
    expectRejected('mobileUK', ['07700 90012', '07700 9001😀'])
  })
})

describe('phoneNL', () => {
  it('accepts Dutch landline and mobile numbers in national and international form', () => {
    expectAccepted('phoneNL', [
      '020-1234567',
      '020 123 4567',
      '0201234567',
      '06-12345678',
      '+31 6 12345678',
      '+31 (0)6 12345678',
      '0031 20 123 4567',
    ])
  })

  it('rejects the wrong number of digits', () => {
    expectRejected('phoneNL', ['020-123456', '020-12345678', '6-12345678'])
  })

  it('rejects other country codes and a leading double zero', () => {
    expectRejected('phoneNL', ['+32 2 123 45 67', '00-12345678'])
  })

  it('rejects letters and emoji', () => {
    expectRejected('phoneNL', ['020-123456x', '020-123456😀'])
  })
})

describe('zipcodeUS', () => {
  it('accepts five digits and ZIP+4', () => {
    expectAccepted('zipcodeUS', ['43215', '43215-1234', '00501'])
  })

  it('rejects other lengths and separators', () => {
    expectRejected('zipcodeUS', ['4321', '432150', '43215-123', '43215 1234', '43215-', '43215–1234'])
  })

  it('rejects letters, full-width digits and emoji', () => {
    expectRejected('zipcodeUS', ['ABCDE', '４３２１５', '4321😀'])
  })
})

describe('postalCodeCA', () => {
  it('accepts codes with a space, a hyphen or nothing in the middle, in either case', () => {
    expectAccepted('postalCodeCA', ['K1A 0B1', 'k1a0b1', 'M5V-3L9', 'H3Z 2Y7'])
  })

  it('rejects letters Canada Post does not use', () => {
    expectRejected('postalCodeCA', ['D1A 0B1', 'W1A 0B1', 'K1A 0D1', 'K1O 0B1'])
  })

  it('rejects wrong shapes', () => {
    expectRejected('postalCodeCA', ['K1A  0B1', 'K1A0B', '12345', 'KK1 0B1'])
  })

  it('rejects accented letters and emoji', () => {
    expectRejected('postalCodeCA', ['K1É 0B1', 'K1A 0B😀'])
  })
})

describe('postcodeUK', () => {
  it('accepts every outward-code shape', () => {
    expectAccepted('postcodeUK', ['M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'W1A 0AX', 'EC1A 1BB', 'SW1A 1AA'])
  })

  it('accepts lower case, no space and GIR 0AA', () => {
    expectAccepted('postcodeUK', ['sw1a1aa', 'GIR 0AA', 'gir0aa'])
  })

  it('rejects letters not used in those positions', () => {
    expectRejected('postcodeUK', ['Q1A 1AA', 'SW1A 1CA', 'VX1 1AA'])
  })

  it('rejects wrong shapes', () => {
    expectRejected('postcodeUK', ['SW1A  1AA', 'SW1A1AAA', '12345', 'SW1A-1AA', 'SW1A'])
  })

  it('rejects accented letters and emoji', () => {
    expectRejected('postcodeUK', ['SW1Á 1AA', 'SW1A 1A😀'])
  })
})
