import { describe, expect, it } from 'vitest'
import type { RuleName } from './catalog'
import { formatMessage, MESSAGES, validateField } from './engine'

const check = (rule: RuleName, value: string, param?: string): string | null =>
  validateField({ name: 'f', rules: [{ rule, param }] }, { f: value })

function expectAccepted(rule: RuleName, values: string[], param?: string): void {
  for (const value of values)
    expect(check(rule, value, param), `${rule} should accept ${JSON.stringify(value)}`).toBeNull()
}

function expectRejected(rule: RuleName, values: string[], param?: string): void {
  for (const value of values) {
    expect(check(rule, value, param), `${rule} should reject ${JSON.stringify(value)}`).not.toBeNull()
  }
}

describe('email', () => {
  it('accepts ordinary addresses, sub-addresses and subdomains', () => {
    expectAccepted('email', [
      'jane@example.com',
      'jane.doe+title@mail.example.co.uk',
      "o'brien@example.org",
      'J.Smith@Example.COM',
      'user_name-1@sub-domain.example.io',
    ])
  })

  it('accepts a punycode domain', () => {
    expectAccepted('email', ['owner@xn--bcher-kva.de'])
  })

  it('rejects addresses without a local part, an @ or a domain', () => {
    expectRejected('email', ['jane', 'jane@', '@example.com', 'jane@@example.com', 'jane@a@example.com'])
  })

  it('rejects a domain without a dot or with a one-letter top-level domain', () => {
    expectRejected('email', ['jane@localhost', 'jane@example.c', 'jane@example.123'])
  })

  it('rejects misplaced dots and hyphens', () => {
    expectRejected('email', [
      'jane..doe@example.com',
      '.jane@example.com',
      'jane.@example.com',
      'jane@example..com',
      'jane@-example.com',
      'jane@example-.com',
      'jane@.example.com',
    ])
  })

  it('rejects spaces and characters outside the allowed set', () => {
    expectRejected('email', ['jane doe@example.com', 'jane@exa mple.com', 'jane@exam_ple.com', 'jane(x)@example.com'])
  })

  it('rejects non-ASCII letters and emoji, which need punycode in the domain', () => {
    expectRejected('email', ['naïve@example.com', 'jane@bücher.de', '😀@example.com', 'jane@😀.com'])
  })

  it('rejects a local part over 64 characters and an address over 254', () => {
    expectAccepted('email', [`${'a'.repeat(64)}@example.com`])
    expectRejected('email', [
      `${'a'.repeat(65)}@example.com`,
      `jane@${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`,
    ])
  })

  it('uses the email message', () => {
    expect(check('email', 'nope')).toBe('Please enter a valid email address.')
  })
})

describe('url', () => {
  it('accepts http, https and ftp addresses with paths, queries and fragments', () => {
    expectAccepted('url', [
      'https://example.com',
      'http://www.example.com/path/to/page?x=1&y=2#top',
      'ftp://files.example.org/pub/file.txt',
      'HTTPS://EXAMPLE.COM/',
      'https://example.com./',
    ])
  })

  it('accepts protocol-relative addresses, credentials and ports', () => {
    expectAccepted('url', ['//cdn.example.com/lib.js', 'https://user:pass@example.com:8443/', 'http://example.com:80'])
  })

  it('accepts IPv4 and bracketed IPv6 hosts', () => {
    expectAccepted('url', ['http://192.0.2.1/', 'http://[2001:db8::1]:8080/', 'http://[::1]'])
  })

  it('accepts internationalised domain names and Unicode paths', () => {
    expectAccepted('url', ['https://例え.テスト/', 'https://naïve.example.com/', 'https://example.com/café/😀'])
  })

  it('rejects an address without a scheme', () => {
    expectRejected('url', ['example.com', 'www.example.com', 'mailto:jane@example.com', 'javascript:alert(1)'])
  })

  it('rejects a missing or malformed host', () => {
    expectRejected('url', [
      'https://',
      'https://example',
      'https://-example.com',
      'https://exa_mple.com',
      'https://example.c',
      'http://256.1.1.1',
      'http://1.2.3',
      'http://[::1',
      'http://[::1]x',
      'https://😀.com',
      'https://@example.com',
    ])
  })

  it('rejects a bad port', () => {
    expectRejected('url', ['https://example.com:99999', 'https://example.com:', 'https://example.com:8o'])
  })

  it('rejects whitespace inside the address', () => {
    expectRejected('url', ['https://exa mple.com', 'https://example.com/a b', 'https://example.com/a\u00a0b'])
  })
})

describe('date', () => {
  it('accepts ISO dates and US month/day/year dates', () => {
    expectAccepted('date', ['2024-02-29', '2024/12/31', '12/31/2024', '1/5/2024', '01-05-2024', '1.5.2024'])
  })

  it('accepts dates written with an English month name', () => {
    expectAccepted('date', [
      'January 5, 2024',
      'Jan. 5, 2024',
      'jan 5 2024',
      '5 January 2024',
      'Sept 30, 2024',
      'May  1,  2024',
    ])
  })

  it('rejects days that are not on the calendar', () => {
    expectRejected('date', ['2023-02-29', '02/30/2024', '04/31/2024', 'February 30, 2024', '0/10/2024'])
  })

  it('rejects day-first numeric dates with a day over 12 in the month position', () => {
    expectRejected('date', ['31/12/2024', '13/01/2024'])
  })

  it('rejects two-digit years, unknown month names and mixed separators', () => {
    expectRejected('date', ['1/5/24', 'Janvier 5, 2024', 'Foo 5, 2024', '12/31-2024'])
  })

  it('rejects words, times and Unicode text', () => {
    expectRejected('date', ['today', '2024-01-05T10:00', 'naïve', '😀', '2024-02-29 😀', '２０２４-01-05'])
  })
})

describe('dateISO', () => {
  it('accepts year-month-day with dashes or slashes, padded or not', () => {
    expectAccepted('dateISO', ['2024-01-05', '2024/01/05', '2024-1-5', '2000-02-29', '9999-12-31', '0001-01-01'])
  })

  it('rejects impossible dates, including 29 February outside leap years', () => {
    expectRejected('dateISO', [
      '2024-13-01',
      '2024-00-10',
      '2024-01-00',
      '2024-02-30',
      '1900-02-29',
      '2023-02-29',
      '0000-01-01',
    ])
  })

  it('rejects other orders and mixed or other separators', () => {
    expectRejected('dateISO', ['2024-01/05', '24-01-05', '01/05/2024', '2024.01.05', '2024-001-05', '2024-01-05T00:00'])
  })

  it('rejects full-width digits and emoji', () => {
    expectRejected('dateISO', ['２０２４-01-05', '2024-01-0😀'])
  })

  it('uses the ISO message', () => {
    expect(check('dateISO', '05/01/2024')).toBe('Please enter a valid date (ISO).')
  })
})

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

describe('extension', () => {
  it('accepts png, jpg, jpeg and gif by default, in any case', () => {
    expectAccepted('extension', ['photo.png', 'photo.JPG', 'photo.jpeg', 'scan.Gif', 'archive.tar.png'])
  })

  it('looks only at the file name of a path', () => {
    expectAccepted('extension', ['C:\\fakepath\\photo.jpg', 'uploads/2024/photo.png'])
    expectRejected('extension', ['photos.png/readme', 'C:\\photo.png\\notes'])
  })

  it('rejects other extensions and names without one', () => {
    expectRejected('extension', ['deed.pdf', 'png', '.png', 'photo.png.exe', 'photojpg', 'photo.'])
  })

  it('uses the extensions from its parameter, separated by | or ,', () => {
    expectAccepted('extension', ['deed.pdf', 'Deed.PDF', 'notes.docx'], 'pdf|docx')
    expectAccepted('extension', ['backup.tar.gz', 'deed.pdf'], '.pdf, .tar.gz')
    expectRejected('extension', ['deed.doc', 'photo.png', 'backup.gz'], 'pdf, tar.gz')
  })

  it('lists the allowed extensions in its message', () => {
    expect(check('extension', 'x.exe')).toBe('Please choose a file with one of these extensions: png, jpeg, jpg, gif.')
    expect(check('extension', 'x.exe', 'pdf|docx?')).toBe(formatMessage(MESSAGES.extension, 'pdf, docx, doc'))
  })

  it('accepts Unicode and emoji file names', () => {
    expectAccepted('extension', ['naïve résumé.pdf', '😀.pdf'], 'pdf')
  })
})

describe('accept', () => {
  const types = 'image/*,application/pdf'

  it('accepts MIME types matched exactly or by a wildcard', () => {
    expectAccepted('accept', ['image/png', 'image/svg+xml', 'application/pdf'], types)
  })

  it('ignores case and MIME parameters', () => {
    expectAccepted('accept', ['IMAGE/JPEG', 'application/pdf; charset=binary'], types)
  })

  it('rejects types outside the list', () => {
    expectRejected('accept', ['application/zip', 'text/plain', 'application/pdfx', 'imagex/png'], types)
  })

  it('rejects values that are not MIME types', () => {
    expectRejected('accept', ['image', 'image/', '/png', 'photo.png', 'image/pngé', 'image/😀'], types)
  })

  it('accepts images only when no parameter is given', () => {
    expectAccepted('accept', ['image/gif'])
    expectRejected('accept', ['application/pdf'])
  })

  it('accepts any well-formed type for */*', () => {
    expectAccepted('accept', ['application/octet-stream'], '*/*')
    expectRejected('accept', ['not a type'], '*/*')
  })

  it('lists the accepted types in its message', () => {
    expect(check('accept', 'text/plain', types)).toBe(
      'Please choose a file of one of these types: image/*, application/pdf.',
    )
  })
})

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

describe('time', () => {
  it('accepts 24-hour times from 00:00 to 23:59, with optional seconds', () => {
    expectAccepted('time', ['00:00', '9:30', '09:30', '12:00', '23:59', '23:59:59'])
  })

  it('rejects hours past 23 and minutes past 59', () => {
    expectRejected('time', ['24:00', '23:60', '12:30:60', '123:00'])
  })

  it('rejects missing parts and 12-hour notation', () => {
    expectRejected('time', ['12:5', '1230', ':30', '12:', '12:30 pm'])
  })

  it('rejects full-width digits and emoji', () => {
    expectRejected('time', ['１２:３０', '12:3😀'])
  })

  it('uses the time message', () => {
    expect(check('time', '25:00')).toBe('Please enter a valid time between 00:00 and 23:59.')
  })
})

describe('time12h', () => {
  it('accepts 12-hour times with am or pm in any case', () => {
    expectAccepted('time12h', ['1:30 pm', '12:00 AM', '01:30PM', '11:59 p.m.', '12:00:00 am'])
  })

  it('rejects hours outside 1 to 12 and bad minutes', () => {
    expectRejected('time12h', ['13:00 pm', '0:30 am', '00:30 am', '1:60 pm'])
  })

  it('rejects a time without am or pm', () => {
    expectRejected('time12h', ['1:30', '1:30 xm', '1:30  pm'])
  })

  it('rejects emoji', () => {
    expectRejected('time12h', ['1:30 😀'])
  })
})

describe('ipv4', () => {
  it('accepts dotted-decimal addresses', () => {
    expectAccepted('ipv4', ['0.0.0.0', '192.0.2.1', '10.0.0.1', '255.255.255.255'])
  })

  it('rejects octets over 255 and the wrong number of octets', () => {
    expectRejected('ipv4', ['256.0.0.1', '192.0.2', '192.0.2.1.5', '1.2.3.'])
  })

  it('rejects leading zeros, which some parsers read as octal', () => {
    expectRejected('ipv4', ['192.0.2.01', '010.0.0.1'])
  })

  it('rejects signs, prefixes and suffixes', () => {
    expectRejected('ipv4', ['192.0.2.-1', '1.2.3.4/24', '192.0.2.1a', '1.2.3.4:80'])
  })

  it('rejects non-ASCII digits and emoji', () => {
    expectRejected('ipv4', ['١.٢.٣.٤', '1.2.3.😀'])
  })
})

describe('ipv6', () => {
  it('accepts full and compressed addresses', () => {
    expectAccepted('ipv6', [
      '2001:0db8:85a3:0000:0000:8a2e:0370:7334',
      '2001:db8::8a2e:370:7334',
      '2001:DB8::1',
      'fe80::1',
      '::1',
      '::',
      '1::',
      '1:2:3:4:5:6:7::',
    ])
  })

  it('accepts IPv4-mapped and embedded IPv4 addresses', () => {
    expectAccepted('ipv6', ['::ffff:192.0.2.1', '64:ff9b::192.0.2.33', '1:2:3:4:5:6:1.2.3.4', '::192.0.2.1'])
  })

  it('rejects more than one ::, too many or too few groups', () => {
    expectRejected('ipv6', [
      '2001:db8:::1',
      '2001:db8::1::1',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7',
      '1:2:3:4:5:6:7:8::',
    ])
  })

  it('rejects bad groups and stray colons', () => {
    expectRejected('ipv6', ['12345::1', 'g::1', ':1', '1:', ':', ':::'])
  })

  it('rejects an IPv4 part that is invalid or not at the end', () => {
    expectRejected('ipv6', ['::ffff:192.0.2.256', '192.0.2.1::', '::192.0.2.1:1', '1:2:3:4:5:6:7:1.2.3.4'])
  })

  it('rejects zone identifiers, brackets and emoji', () => {
    expectRejected('ipv6', ['fe80::1%eth0', '[::1]', '::😀'])
  })
})
