// The sentences a visitor sees and how their numbered placeholders are filled.
import { describe, expect, it } from 'vitest'
import { RULE_NAMES } from './catalog'
import { formatMessage, MESSAGES } from './messages'
import { validateField } from './validate'
import { check } from './testing/samples'

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
