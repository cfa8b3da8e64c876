// The forms collection's check on a field's rule list, fed the shapes Payload passes to a field's validate.
import { describe, expect, it } from 'vitest'
import { refuseUnworkableRules } from './fieldSpecs'

/** What Payload passes for the rule list of the form's "message" field. */
const onMessageField = (rules: unknown, otherFields: string[] = ['name']) => {
  const message = { blockType: 'textarea', name: 'message', rules }
  const fields = [...otherFields.map((name) => ({ blockType: 'text', name })), message]
  return refuseUnworkableRules(rules, { data: { title: 'Contact', fields }, siblingData: message })
}

describe('refuseUnworkableRules', () => {
  it('lets a rule list through when every rule can work, and when there is none', () => {
    expect(onMessageField([{ rule: 'maxlength', param: '500', param2: null }, { rule: 'email' }])).toBe(true)
    expect(onMessageField([])).toBe(true)
    expect(onMessageField(undefined)).toBe(true)
  })

  it('refuses a rule that cannot work with the field and rule named', () => {
    expect(onMessageField([{ rule: 'maxlength', param: 'abc' }])).toBe(
      'Field "message": maxlength needs a whole number (0 or more) as its parameter.',
    )
    expect(onMessageField([{ rule: 'pattern', param: '[a-z' }])).toBe('Field "message": Unknown rule "pattern".')
  })

  it('checks the names equalTo and require_from_group use against the fields of the form being saved', () => {
    expect(onMessageField([{ rule: 'equalTo', param: 'name' }])).toBe(true)
    expect(onMessageField([{ rule: 'equalTo', param: 'name' }], ['email'])).toBe(
      'Field "message": equalTo refers to "name", which is not a field of this form.',
    )
    expect(onMessageField([{ rule: 'require_from_group', param: '1', param2: 'name,phone' }])).toBe(
      'Field "message": require_from_group names fields this form does not have: phone.',
    )
  })

  it('reads a number sent as a parameter as its text', () => {
    expect(onMessageField([{ rule: 'maxlength', param: 500 }])).toBe(true)
  })

  it('skips the field-name checks when the form data is missing instead of refusing', () => {
    const rules = [{ rule: 'equalTo', param: 'name' }]
    expect(refuseUnworkableRules(rules, { siblingData: { name: 'message', rules } })).toBe(true)
  })
})
