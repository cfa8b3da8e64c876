// How a field and a whole form are judged: required, empty, choices, multi-valued fields, rule order.
import { describe, expect, it } from 'vitest'
import { RULE_NAMES } from './catalog'
import { MESSAGES } from './messages'
import type { FieldSpec, FormValues } from './types'
import { validateField, validateForm } from './validate'
import { SAMPLES, sampleValues, withRule } from './testing/samples'

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
