// Rules an editor configured so that they cannot work: skipped for visitors, reported by checkRuleConfig and checkFieldRules.
import { describe, expect, it } from 'vitest'
import { RULE_NAMES, type RuleName } from './catalog'
import { checkFieldRules, checkRuleConfig } from './compile'
import type { FieldSpec } from './types'
import { validateField } from './validate'
import { SAMPLES, withRule } from './testing/samples'

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

describe('checkFieldRules', () => {
  it('is null for a field whose rules all work, and for a field without rules', () => {
    expect(checkFieldRules({ name: 'f', rules: [{ rule: 'maxlength', param: '5' }, { rule: 'email' }] })).toBeNull()
    expect(checkFieldRules({ name: 'f' })).toBeNull()
  })

  it('names the field, then gives the reason of each rule that cannot work', () => {
    const spec: FieldSpec = {
      name: 'message',
      rules: [{ rule: 'maxlength', param: 'abc' }, { rule: 'email' }, { rule: 'range', param: '9', param2: '1' }],
    }
    expect(checkFieldRules(spec)).toBe(
      'Field "message": maxlength needs a whole number (0 or more) as its parameter. ' +
        'range: the minimum (9) is larger than the maximum (1).',
    )
  })

  it('checks the names equalTo uses against the form when given its fields', () => {
    const spec: FieldSpec = { name: 'again', rules: [{ rule: 'equalTo', param: 'email' }] }
    expect(checkFieldRules(spec, [{ name: 'again' }, { name: 'email' }])).toBeNull()
    expect(checkFieldRules(spec, [{ name: 'again' }])).toBe(
      'Field "again": equalTo refers to "email", which is not a field of this form.',
    )
  })

  it('speaks of "this field" when the field has no name yet', () => {
    expect(checkFieldRules({ name: '', rules: [{ rule: 'nope' as RuleName }] })).toBe(
      'This field: Unknown rule "nope".',
    )
  })
})
