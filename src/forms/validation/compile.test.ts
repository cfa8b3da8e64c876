// What each configured rule accepts and rejects once compiled: samples, lengths, numbers, words, field references.
import { describe, expect, it } from 'vitest'
import { RULE_NAMES } from './catalog'
import { formatMessage, MESSAGES } from './messages'
import type { FieldSpec } from './types'
import { validateField, validateForm } from './validate'
import { check, SAMPLES, sampleValues, withRule } from './testing/samples'

describe('every rule', () => {
  it('accepts its sample valid value', () => {
    for (const rule of RULE_NAMES) {
      const { param, param2, valid } = SAMPLES[rule]
      expect(validateField(withRule(rule, param, param2), sampleValues(valid)), rule).toBeNull()
    }
  })

  it('rejects its sample invalid value with its own message', () => {
    for (const rule of RULE_NAMES) {
      const { param, param2, invalid } = SAMPLES[rule]
      const message = validateField(withRule(rule, param, param2), sampleValues(invalid))
      const expected = formatMessage(MESSAGES[rule], ...[param, param2].filter((p): p is string => p !== undefined))
      if (rule === 'extension') expect(message, rule).toBe(formatMessage(MESSAGES.extension, 'png, jpeg, jpg, gif'))
      else expect(message, rule).toBe(expected)
    }
  })

  it('trims surrounding whitespace before checking formats', () => {
    for (const rule of ['email', 'url', 'dateISO', 'number', 'digits', 'iban', 'zipcodeUS', 'ipv6'] as const) {
      expect(check(rule, `  ${SAMPLES[rule].valid}\n`), rule).toBeNull()
    }
  })
})

describe('length rules', () => {
  it('count Unicode code points, so an emoji is one character', () => {
    expect(check('maxlength', '😀😀😀', '3')).toBeNull()
    expect(check('maxlength', '😀😀😀😀', '3')).toBe('Please enter no more than 3 characters.')
    expect(check('minlength', '👍🏽', '2')).toBeNull()
  })

  it('count a precomposed accented letter once', () => {
    expect(check('maxlength', 'naïve', '5')).toBeNull()
    expect(check('minlength', 'naïve', '6')).toBe('Please enter at least 6 characters.')
  })

  it('count a combining accent as its own code point', () => {
    expect(check('maxlength', 'nai\u0308ve', '5')).toBe('Please enter no more than 5 characters.')
  })

  it('count the value as typed, surrounding spaces included', () => {
    expect(check('minlength', ' ab ', '4')).toBeNull()
    expect(check('maxlength', ' ab ', '3')).toBe('Please enter no more than 3 characters.')
  })

  it('count a submitted CRLF line break as one character, as the browser does', () => {
    expect(check('maxlength', 'a\r\nb', '3')).toBeNull()
    expect(check('maxlength', 'a\nb', '3')).toBeNull()
    expect(check('maxlength', 'a\r\nb\r\nc', '4')).toBe('Please enter no more than 4 characters.')
  })

  it('accept lengths on the boundary of a range', () => {
    expect(check('rangelength', 'ab', '2', '4')).toBeNull()
    expect(check('rangelength', 'abcd', '2', '4')).toBeNull()
    expect(check('rangelength', 'a', '2', '4')).toBe('Please enter a value between 2 and 4 characters long.')
    expect(check('rangelength', 'abcde', '2', '4')).toBe('Please enter a value between 2 and 4 characters long.')
  })

  it('accept a very long value under a large maximum', () => {
    expect(check('maxlength', 'x'.repeat(100_000), '100000')).toBeNull()
    expect(check('maxlength', 'x'.repeat(100_001), '100000')).toBe('Please enter no more than 100000 characters.')
  })

  it('accept a parameter written with surrounding spaces', () => {
    expect(check('minlength', 'abc', ' 3 ')).toBeNull()
  })
})

describe('number rules', () => {
  it('accept values on the boundary of max and min', () => {
    expect(check('max', '10', '10')).toBeNull()
    expect(check('max', '-5', '10')).toBeNull()
    expect(check('min', '1', '1')).toBeNull()
    expect(check('min', '1,000', '999.5')).toBeNull()
  })

  it('reject values beyond max and min with the limit in the message', () => {
    expect(check('max', '10.01', '10')).toBe('Please enter a value less than or equal to 10.')
    expect(check('min', '-0.5', '0')).toBe('Please enter a value greater than or equal to 0.')
  })

  it('reject a value that is not a number at all', () => {
    expect(check('max', 'ten', '10')).toBe('Please enter a value less than or equal to 10.')
    expect(check('range', '5 apples', '1', '10')).toBe('Please enter a value between 1 and 10.')
  })

  it('show the limit as the editor wrote it', () => {
    expect(check('max', '2,000', '1,500')).toBe('Please enter a value less than or equal to 1,500.')
  })

  it('accept decimal and negative limits', () => {
    expect(check('range', '-2.5', '-3.5', '-1')).toBeNull()
    expect(check('range', '-0.5', '-3.5', '-1')).toBe('Please enter a value between -3.5 and -1.')
  })

  it('reject Unicode digits that are not ASCII', () => {
    expect(check('min', '١٢', '1')).toBe('Please enter a value greater than or equal to 1.')
  })
})

describe('word-count rules', () => {
  it('count words separated by spaces and punctuation', () => {
    expect(check('maxWords', 'one, two; three!', '3')).toBeNull()
    expect(check('maxWords', 'one, two; three! four?', '3')).toBe('Please enter no more than 3 words.')
  })

  it('ignore HTML tags and entities', () => {
    expect(check('maxWords', '<p class="x">one</p><p>two</p>&nbsp;<b>three</b>', '3')).toBeNull()
    expect(check('minWords', '<div>one<br/></div>&amp;<span title="two three">', '2')).toBe(
      'Please enter at least 2 words.',
    )
  })

  it('count a word with an apostrophe or a hyphen once', () => {
    expect(check('maxWords', "don't over-think it", '3')).toBeNull()
  })

  it('ignore punctuation standing on its own and emoji', () => {
    expect(check('maxWords', 'one — two ... 😀 🎉 - three', '3')).toBeNull()
    expect(check('minWords', 'one 😀 🎉 !!! ---', '2')).toBe('Please enter at least 2 words.')
  })

  it('count accented and non-Latin words', () => {
    expect(check('rangeWords', 'naïve café résumé', '3', '3')).toBeNull()
    expect(check('minWords', 'Привет мир', '2')).toBeNull()
  })

  it('reject too few or too many words for a range', () => {
    expect(check('rangeWords', 'one', '2', '4')).toBe('Please enter between 2 and 4 words.')
    expect(check('rangeWords', 'a b c d e', '2', '4')).toBe('Please enter between 2 and 4 words.')
    expect(check('rangeWords', 'a b c d', '2', '4')).toBeNull()
  })

  it('count the words of a very long text', () => {
    expect(check('maxWords', 'word '.repeat(20_000), '20000')).toBeNull()
    expect(check('maxWords', 'word '.repeat(20_001), '20000')).toBe('Please enter no more than 20000 words.')
  })
})

describe('equalTo', () => {
  const specs: FieldSpec[] = [
    { name: 'email', type: 'email' },
    { name: 'confirm', rules: [{ rule: 'equalTo', param: 'email' }] },
  ]

  it('passes when both fields hold the same value', () => {
    expect(validateForm(specs, { email: 'jane@example.com', confirm: 'jane@example.com' })).toEqual({})
  })

  it('rejects a different value', () => {
    expect(validateForm(specs, { email: 'jane@example.com', confirm: 'jane@example.org' })).toEqual({
      confirm: 'Please enter the same value again.',
    })
  })

  it('compares case-sensitively', () => {
    expect(validateField(specs[1], { email: 'Secret', confirm: 'secret' }, specs)).toBe(MESSAGES.equalTo)
  })

  it('ignores surrounding whitespace on both sides', () => {
    expect(validateField(specs[1], { email: ' a@b.co ', confirm: 'a@b.co\n' }, specs)).toBeNull()
  })

  it('rejects a value when the other field is empty', () => {
    expect(validateField(specs[1], { email: '', confirm: 'x' }, specs)).toBe(MESSAGES.equalTo)
  })

  it('compares Unicode and emoji exactly', () => {
    expect(validateField(specs[1], { email: 'naïve 😀', confirm: 'naïve 😀' }, specs)).toBeNull()
    expect(validateField(specs[1], { email: 'naïve 😀', confirm: 'naive 😀' }, specs)).toBe(MESSAGES.equalTo)
  })

  it('is skipped when it names a field the form does not have', () => {
    const broken: FieldSpec = { name: 'confirm', rules: [{ rule: 'equalTo', param: 'nope' }] }
    expect(validateForm([broken], { confirm: 'x' })).toEqual({})
  })
})

describe('require_from_group', () => {
  const specs: FieldSpec[] = [
    { name: 'phone', rules: [{ rule: 'require_from_group', param: '1', param2: 'phone, email' }] },
    { name: 'email', type: 'email', rules: [{ rule: 'require_from_group', param: '1', param2: 'phone, email' }] },
  ]

  it('fails on every field of the group when none is filled', () => {
    expect(validateForm(specs, { phone: '', email: '' })).toEqual({
      phone: 'Please fill at least 1 of these fields.',
      email: 'Please fill at least 1 of these fields.',
    })
  })

  it('passes every field of the group once enough are filled', () => {
    expect(validateForm(specs, { phone: '', email: 'jane@example.com' })).toEqual({})
    expect(validateForm(specs, { phone: '614 555 0123' })).toEqual({})
  })

  it('does not count whitespace-only fields as filled', () => {
    expect(validateForm(specs, { phone: '   ', email: '\n' })).toHaveProperty(
      'phone',
      MESSAGES.require_from_group.replace('{0}', '1'),
    )
  })

  it('fails a filled field while the group is still short', () => {
    const spec: FieldSpec = { name: 'a', rules: [{ rule: 'require_from_group', param: '2', param2: 'a,b,c' }] }
    expect(validateField(spec, { a: 'x', b: '', c: '' })).toBe('Please fill at least 2 of these fields.')
    expect(validateField(spec, { a: 'x', b: '', c: 'y' })).toBeNull()
  })

  it('counts a checked checkbox and a non-empty selection as filled', () => {
    const spec: FieldSpec = { name: 'a', rules: [{ rule: 'require_from_group', param: '2', param2: 'a,box,list' }] }
    expect(validateField(spec, { box: 'on', list: ['x'] })).toBeNull()
    expect(validateField(spec, { box: 'on', list: [] })).toBe('Please fill at least 2 of these fields.')
  })

  it('counts emoji and Unicode values as filled', () => {
    const spec: FieldSpec = { name: 'a', rules: [{ rule: 'require_from_group', param: '1', param2: 'a,b' }] }
    expect(validateField(spec, { a: '', b: '😀' })).toBeNull()
  })
})
