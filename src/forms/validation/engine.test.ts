import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { RULE_NAMES, type RuleName } from './catalog'
import {
  checkRuleConfig,
  formatMessage,
  MESSAGES,
  validateField,
  validateForm,
  type FieldSpec,
  type FormValues,
} from './engine'
import * as barrel from './index'

const withRule = (rule: RuleName, param?: string, param2?: string): FieldSpec => ({
  name: 'f',
  rules: [{ rule, param, param2 }],
})

const check = (rule: RuleName, value: string | string[], param?: string, param2?: string): string | null =>
  validateField(withRule(rule, param, param2), { f: value })

/** A usable configuration for every rule, with one value it accepts and one it rejects. */
const SAMPLES: Record<RuleName, { param?: string; param2?: string; valid: string; invalid: string }> = {
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

const sampleValues = (value: string): FormValues => ({ f: value, other: 'same' })

describe('MESSAGES', () => {
  it('uses the jQuery Validation wording, word for word, for the standard rules', () => {
    expect(MESSAGES).toMatchObject({
      required: 'This field is required.',
      remote: 'Please fix this field.',
      email: 'Please enter a valid email address.',
      url: 'Please enter a valid URL.',
      date: 'Please enter a valid date.',
      dateISO: 'Please enter a valid date (ISO).',
      number: 'Please enter a valid number.',
      digits: 'Please enter only digits.',
      creditcard: 'Please enter a valid credit card number.',
      equalTo: 'Please enter the same value again.',
      maxlength: 'Please enter no more than {0} characters.',
      minlength: 'Please enter at least {0} characters.',
      rangelength: 'Please enter a value between {0} and {1} characters long.',
      range: 'Please enter a value between {0} and {1}.',
      max: 'Please enter a value less than or equal to {0}.',
      min: 'Please enter a value greater than or equal to {0}.',
      require_from_group: 'Please fill at least {0} of these fields.',
      option: 'Please select a valid option.',
    })
  })

  it('has a sentence ending in a period for every rule in the catalog', () => {
    for (const rule of RULE_NAMES) expect(MESSAGES[rule], rule).toMatch(/^Please [^]*\.$/)
  })

  it('renders the required message exactly', () => {
    expect(validateField({ name: 'name', required: true }, { name: '' })).toBe('This field is required.')
  })

  it('renders the minimum length message with its number filled in', () => {
    expect(check('minlength', 'too short', '50')).toBe('Please enter at least 50 characters.')
  })

  it('renders both numbers of a two-parameter message', () => {
    expect(check('rangelength', 'a', '2', '10')).toBe('Please enter a value between 2 and 10 characters long.')
    expect(check('range', '0', '1', '5')).toBe('Please enter a value between 1 and 5.')
  })
})

describe('formatMessage', () => {
  it('fills numbered placeholders in order', () => {
    expect(formatMessage('Between {0} and {1}.', 2, '10')).toBe('Between 2 and 10.')
  })

  it('fills a placeholder used twice', () => {
    expect(formatMessage('{0} and {0}', 'x')).toBe('x and x')
  })

  it('leaves a placeholder without a parameter untouched', () => {
    expect(formatMessage('At least {0}, at most {1}.', 3)).toBe('At least 3, at most {1}.')
  })

  it('returns a template without placeholders unchanged', () => {
    expect(formatMessage(MESSAGES.required, 1)).toBe('This field is required.')
  })
})

describe('required', () => {
  const required: FieldSpec = { name: 'f', required: true }

  it('fails on an empty string', () => {
    expect(validateField(required, { f: '' })).toBe(MESSAGES.required)
  })

  it('fails on a value made only of whitespace, including tabs, newlines and no-break spaces', () => {
    for (const blank of [' ', '   ', '\t', '\n\r\n', '\u00a0', '\u2003 \ufeff']) {
      expect(validateField(required, { f: blank }), JSON.stringify(blank)).toBe(MESSAGES.required)
    }
  })

  it('fails when the field was not submitted at all', () => {
    expect(validateField(required, {})).toBe(MESSAGES.required)
  })

  it('fails on an empty array and on an array of blank strings', () => {
    const multi: FieldSpec = { name: 'f', required: true, type: 'select', multiple: true, options: ['a'] }
    expect(validateField(multi, { f: [] })).toBe(MESSAGES.required)
    expect(validateField(multi, { f: ['', ' '] })).toBe(MESSAGES.required)
  })

  it('fails on an unchecked checkbox and passes a checked one', () => {
    const box: FieldSpec = { name: 'terms', type: 'checkbox', required: true }
    expect(validateField(box, {})).toBe(MESSAGES.required)
    expect(validateField(box, { terms: '' })).toBe(MESSAGES.required)
    expect(validateField(box, { terms: 'on' })).toBeNull()
  })

  it('accepts "0", Unicode text and emoji as filled in', () => {
    for (const value of ['0', 'naïve', '😀', '東京']) expect(validateField(required, { f: value }), value).toBeNull()
  })

  it('is reported before any other rule', () => {
    const spec: FieldSpec = { name: 'f', required: true, type: 'email', rules: [{ rule: 'minlength', param: '5' }] }
    expect(validateField(spec, { f: ' ' })).toBe(MESSAGES.required)
  })
})

describe('optional fields', () => {
  const everyRuleButGroup = RULE_NAMES.filter((rule) => rule !== 'require_from_group')

  it('pass every rule when empty', () => {
    for (const rule of everyRuleButGroup) {
      const { param, param2 } = SAMPLES[rule]
      expect(validateField(withRule(rule, param, param2), sampleValues('')), rule).toBeNull()
    }
  })

  it('pass every rule when whitespace-only', () => {
    for (const rule of everyRuleButGroup) {
      const { param, param2 } = SAMPLES[rule]
      expect(validateField(withRule(rule, param, param2), sampleValues(' \t\n ')), rule).toBeNull()
    }
  })

  it('pass every rule when the field is missing from the submission', () => {
    for (const rule of everyRuleButGroup) {
      const { param, param2 } = SAMPLES[rule]
      expect(validateField(withRule(rule, param, param2), { other: 'same' }), rule).toBeNull()
    }
  })

  it('still check require_from_group when empty', () => {
    expect(validateField(withRule('require_from_group', '1', 'f,g'), { f: '', g: '' })).toBe(
      'Please fill at least 1 of these fields.',
    )
  })
})

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

describe('select and radio fields', () => {
  const select: FieldSpec = { name: 'county', type: 'select', options: ['Franklin', 'Delaware', 'Licking'] }

  it('accepts one of the options', () => {
    expect(validateField(select, { county: 'Delaware' })).toBeNull()
  })

  it('rejects a value that is not one of the options', () => {
    expect(validateField(select, { county: 'Cuyahoga' })).toBe('Please select a valid option.')
  })

  it('matches options exactly, case included', () => {
    expect(validateField(select, { county: 'franklin' })).toBe(MESSAGES.option)
  })

  it('ignores whitespace around a posted option', () => {
    expect(validateField(select, { county: ' Licking ' })).toBeNull()
  })

  it('lets an optional select stay empty', () => {
    expect(validateField(select, { county: '' })).toBeNull()
  })

  it('rejects several values posted to a single select', () => {
    expect(validateField(select, { county: ['Franklin', 'Delaware'] })).toBe(MESSAGES.option)
  })

  it('checks a radio group the same way', () => {
    const radio: FieldSpec = { name: 'kind', type: 'radio', options: ['residential', 'commercial'] }
    expect(validateField(radio, { kind: 'commercial' })).toBeNull()
    expect(validateField(radio, { kind: 'industrial' })).toBe(MESSAGES.option)
  })

  it('checks every value of a multi-select', () => {
    const multi: FieldSpec = { ...select, multiple: true }
    expect(validateField(multi, { county: ['Franklin', 'Licking'] })).toBeNull()
    expect(validateField(multi, { county: ['Franklin', 'Summit'] })).toBe(MESSAGES.option)
  })

  it('accepts a single string posted to a multi-select', () => {
    expect(validateField({ ...select, multiple: true }, { county: 'Franklin' })).toBeNull()
  })

  it('accepts options with Unicode and emoji', () => {
    const spec: FieldSpec = { name: 'f', type: 'radio', options: ['naïve', '😀'] }
    expect(validateField(spec, { f: '😀' })).toBeNull()
    expect(validateField(spec, { f: 'naive' })).toBe(MESSAGES.option)
  })

  it('counts chosen values for length rules on a multi-select', () => {
    const spec: FieldSpec = { ...select, multiple: true, rules: [{ rule: 'minlength', param: '2' }] }
    expect(validateField(spec, { county: ['Franklin'] })).toBe('Please enter at least 2 characters.')
    expect(validateField(spec, { county: ['Franklin', 'Licking'] })).toBeNull()
  })

  it('skips the option check when the field has no options configured', () => {
    expect(validateField({ name: 'f', type: 'select', options: [] }, { f: 'anything' })).toBeNull()
  })
})

describe('fields that take one value', () => {
  it('reject an array of several values', () => {
    expect(validateField({ name: 'f' }, { f: ['a', 'b'] })).toBe('Please enter only one value.')
  })

  it('read a one-element array as its value', () => {
    expect(validateField({ name: 'f', rules: [{ rule: 'digits' }] }, { f: ['42'] })).toBeNull()
    expect(validateField({ name: 'f', rules: [{ rule: 'digits' }] }, { f: ['4x'] })).toBe(MESSAGES.digits)
  })

  it('apply format rules to every value of a multi-valued field', () => {
    const spec: FieldSpec = { name: 'f', multiple: true, rules: [{ rule: 'digits' }] }
    expect(validateField(spec, { f: ['1', '22'] })).toBeNull()
    expect(validateField(spec, { f: ['1', 'x'] })).toBe(MESSAGES.digits)
  })

  it('read numbers and booleans posted as JSON as text and ignore objects', () => {
    const values = { a: 42, b: true, c: { x: 1 } } as unknown as FormValues
    expect(validateField({ name: 'a', rules: [{ rule: 'digits' }] }, values)).toBeNull()
    expect(validateField({ name: 'b', required: true }, values)).toBeNull()
    expect(validateField({ name: 'c', required: true }, values)).toBe(MESSAGES.required)
  })
})

describe('email fields', () => {
  const email: FieldSpec = { name: 'email', type: 'email' }

  it('get the email rule without listing it', () => {
    expect(validateField(email, { email: 'not-an-address' })).toBe('Please enter a valid email address.')
    expect(validateField(email, { email: 'jane@example.com' })).toBeNull()
  })

  it('may stay empty when optional', () => {
    expect(validateField(email, { email: '' })).toBeNull()
  })

  it('run their listed rules after the implicit email check', () => {
    const spec: FieldSpec = { ...email, rules: [{ rule: 'maxlength', param: '10' }] }
    expect(validateField(spec, { email: 'x' })).toBe(MESSAGES.email)
    expect(validateField(spec, { email: 'jane@example.com' })).toBe('Please enter no more than 10 characters.')
  })
})

describe('rule order', () => {
  it('reports only the first failing rule', () => {
    const spec: FieldSpec = {
      name: 'f',
      rules: [{ rule: 'digits' }, { rule: 'minlength', param: '5' }],
    }
    expect(validateField(spec, { f: 'ab' })).toBe(MESSAGES.digits)
    expect(validateField(spec, { f: '12' })).toBe('Please enter at least 5 characters.')
    expect(validateField(spec, { f: '12345' })).toBeNull()
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

describe('misconfigured rules', () => {
  it('are skipped instead of failing every visitor', () => {
    const broken: [RuleName, string | undefined, string | undefined][] = [
      ['maxlength', 'abc', undefined],
      ['minlength', '', undefined],
      ['rangelength', '10', '2'],
      ['range', 'low', 'high'],
      ['max', 'ten', undefined],
      ['min', '1e3', undefined],
      ['maxWords', '-1', undefined],
      ['minWords', '2.5', undefined],
      ['rangeWords', '3', undefined],
      ['extension', '*', undefined],
      ['accept', '.pdf', undefined],
      ['equalTo', '  ', undefined],
      ['require_from_group', '0', 'a,b'],
      ['require_from_group', '3', 'a,b'],
      ['require_from_group', 'one', 'a,b'],
      ['require_from_group', '1', ' , '],
    ]
    for (const [rule, param, param2] of broken) {
      expect(validateField(withRule(rule, param, param2), { f: 'some value' }), `${rule} ${param}`).toBeNull()
    }
  })

  it('are skipped while a valid rule on the same field still applies', () => {
    const spec: FieldSpec = {
      name: 'f',
      rules: [
        { rule: 'maxlength', param: 'lots' },
        { rule: 'maxlength', param: '3' },
      ],
    }
    expect(validateField(spec, { f: 'abcd' })).toBe('Please enter no more than 3 characters.')
  })

  it('include a rule name the catalog does not know', () => {
    const spec = { name: 'f', rules: [{ rule: 'noSuchRule' }] } as unknown as FieldSpec
    expect(validateField(spec, { f: 'x' })).toBeNull()
  })
})

describe('checkRuleConfig', () => {
  it('accepts every sample configuration', () => {
    for (const rule of RULE_NAMES) {
      const { param, param2 } = SAMPLES[rule]
      expect(checkRuleConfig({ rule, param, param2 }), rule).toBeNull()
    }
  })

  it('accepts rules without parameters whatever the parameter fields hold', () => {
    expect(checkRuleConfig({ rule: 'email', param: 'junk', param2: null })).toBeNull()
    expect(checkRuleConfig({ rule: 'ipv6' })).toBeNull()
  })

  it('rejects a length parameter that is not a whole number', () => {
    for (const param of ['abc', '', '-1', '1.5', '1e3', '٣', undefined, null]) {
      expect(checkRuleConfig({ rule: 'maxlength', param }), String(param)).toBe(
        'maxlength needs a whole number (0 or more) as its parameter.',
      )
    }
  })

  it('accepts zero and a padded whole number as a length', () => {
    expect(checkRuleConfig({ rule: 'minlength', param: '0' })).toBeNull()
    expect(checkRuleConfig({ rule: 'minWords', param: ' 12 ' })).toBeNull()
  })

  it('rejects a range whose minimum is larger than its maximum', () => {
    expect(checkRuleConfig({ rule: 'rangelength', param: '10', param2: '2' })).toBe(
      'rangelength: the minimum (10) is larger than the maximum (2).',
    )
    expect(checkRuleConfig({ rule: 'range', param: '5', param2: '-5' })).toBe(
      'range: the minimum (5) is larger than the maximum (-5).',
    )
  })

  it('rejects a range with a missing bound', () => {
    expect(checkRuleConfig({ rule: 'rangeWords', param: '3' })).toMatch(/^rangeWords needs two whole numbers/)
    expect(checkRuleConfig({ rule: 'range', param: '3', param2: '' })).toMatch(/^range needs two numbers/)
  })

  it('rejects a min or max that is not a number and accepts decimals and separators', () => {
    expect(checkRuleConfig({ rule: 'max', param: 'ten' })).toBe('max needs a number as its parameter.')
    expect(checkRuleConfig({ rule: 'min', param: 'Infinity' })).toBe('min needs a number as its parameter.')
    expect(checkRuleConfig({ rule: 'min', param: '-2.75' })).toBeNull()
    expect(checkRuleConfig({ rule: 'max', param: '1,000,000' })).toBeNull()
  })

  it('rejects extension lists with wildcards or empty entries only', () => {
    expect(checkRuleConfig({ rule: 'extension', param: '*' })).toMatch(/^extension needs file extensions/)
    expect(checkRuleConfig({ rule: 'extension', param: '|,|' })).toMatch(/^extension needs file extensions/)
    expect(checkRuleConfig({ rule: 'extension', param: 'pdf|docx?' })).toBeNull()
    expect(checkRuleConfig({ rule: 'extension' })).toBeNull()
  })

  it('rejects accept lists holding file extensions or words that are not MIME types', () => {
    expect(checkRuleConfig({ rule: 'accept', param: '.pdf' })).toBe(
      'accept takes MIME types, not file extensions such as ".pdf"; use the extension rule for those.',
    )
    expect(checkRuleConfig({ rule: 'accept', param: 'image' })).toBe(
      'accept: "image" is not a MIME type such as image/* or application/pdf.',
    )
    expect(checkRuleConfig({ rule: 'accept', param: 'image/*, application/pdf' })).toBeNull()
  })

  it('rejects an equalTo without a field name', () => {
    expect(checkRuleConfig({ rule: 'equalTo', param: '' })).toBe('equalTo needs the name of the field to compare with.')
  })

  it('checks field names against the form when given its fields', () => {
    const specs: FieldSpec[] = [{ name: 'email' }, { name: 'phone' }]
    expect(checkRuleConfig({ rule: 'equalTo', param: 'emial' }, specs)).toBe(
      'equalTo refers to "emial", which is not a field of this form.',
    )
    expect(checkRuleConfig({ rule: 'equalTo', param: 'email' }, specs)).toBeNull()
    expect(checkRuleConfig({ rule: 'require_from_group', param: '1', param2: 'email,fax' }, specs)).toBe(
      'require_from_group names fields this form does not have: fax.',
    )
  })

  it('rejects a require_from_group that can never be satisfied', () => {
    expect(checkRuleConfig({ rule: 'require_from_group', param: '3', param2: 'a, b, a' })).toBe(
      'require_from_group asks for 3 fields but the group names only 2.',
    )
    expect(checkRuleConfig({ rule: 'require_from_group', param: '0', param2: 'a' })).toMatch(/1 or more/)
    expect(checkRuleConfig({ rule: 'require_from_group', param: '1', param2: '' })).toMatch(/names of the fields/)
  })

  it('rejects a rule name the catalog does not know', () => {
    expect(checkRuleConfig({ rule: 'creditCard' as RuleName })).toBe('Unknown rule "creditCard".')
    expect(checkRuleConfig({ rule: 'toString' as RuleName })).toBe('Unknown rule "toString".')
  })
})

describe('validateForm', () => {
  const specs: FieldSpec[] = [
    { name: 'name', label: 'Name', required: true, rules: [{ rule: 'maxlength', param: '80' }] },
    { name: 'email', type: 'email', required: true },
    { name: 'phone', type: 'tel', rules: [{ rule: 'phoneUS' }] },
    { name: 'county', type: 'select', options: ['Franklin', 'Delaware'] },
    { name: 'message', type: 'textarea', required: true, rules: [{ rule: 'minlength', param: '50' }] },
    { name: 'consent', type: 'checkbox', required: true },
  ]

  it('returns an empty object for a valid submission', () => {
    expect(
      validateForm(specs, {
        name: 'Jane Doe',
        email: 'jane@example.com',
        phone: '',
        county: 'Franklin',
        message: 'I need a title search on a parcel in Franklin County, please call me.',
        consent: 'on',
      }),
    ).toEqual({})
  })

  it('returns the first message of each invalid field only', () => {
    expect(
      validateForm(specs, { name: ' ', email: 'jane@', phone: '555-0123', county: 'Summit', message: 'Hi' }),
    ).toEqual({
      name: 'This field is required.',
      email: 'Please enter a valid email address.',
      phone: 'Please enter a valid US phone number.',
      county: 'Please select a valid option.',
      message: 'Please enter at least 50 characters.',
      consent: 'This field is required.',
    })
  })

  it('gives a real error entry to a field named __proto__', () => {
    const errors = validateForm([{ name: '__proto__', required: true }], {})
    expect(Object.keys(errors)).toEqual(['__proto__'])
    expect(JSON.parse(JSON.stringify(errors))).toEqual(JSON.parse('{"__proto__":"This field is required."}'))
    expect(Object.getPrototypeOf(errors)).toBe(Object.prototype)
  })

  it('does not read inherited properties as submitted values', () => {
    expect(validateForm([{ name: 'constructor', required: true }], {})).toEqual({ constructor: MESSAGES.required })
    expect(validateForm([{ name: 'toString', required: true }], JSON.parse('{"toString":"x"}'))).toEqual({})
  })

  it('keeps the first message when two fields share a name', () => {
    const twice: FieldSpec[] = [
      { name: 'a', required: true },
      { name: 'a', rules: [{ rule: 'digits' }] },
    ]
    expect(validateForm(twice, {})).toEqual({ a: MESSAGES.required })
  })

  it('returns an empty object for a form without fields', () => {
    expect(validateForm([], { stray: 'value' })).toEqual({})
  })
})

describe('module', () => {
  const source = readFileSync(new URL('./engine.ts', import.meta.url), 'utf8')

  it('imports nothing but the rule catalog', () => {
    const imports = [...source.matchAll(/^import .* from '([^']+)'/gm)].map((match) => match[1])
    expect(imports).toEqual(['./catalog'])
  })

  it('uses no DOM or Node-only globals', () => {
    for (const global of [
      'window',
      'document',
      'navigator',
      'process',
      'Buffer',
      'require(',
      '__dirname',
      'globalThis',
    ]) {
      expect(source.includes(global), global).toBe(false)
    }
  })

  it('is re-exported from the folder index', () => {
    expect(barrel.validateForm).toBe(validateForm)
    expect(barrel.validateField).toBe(validateField)
    expect(barrel.checkRuleConfig).toBe(checkRuleConfig)
    expect(barrel.formatMessage).toBe(formatMessage)
    expect(barrel.MESSAGES).toBe(MESSAGES)
    expect(barrel.RULE_NAMES).toBe(RULE_NAMES)
  })
})
