// Every sentence a visitor sees from the rule engine, the same in the browser and on the server.
import type { RuleName } from './catalog'

export type MessageKey = RuleName | 'required' | 'remote' | 'option' | 'single'

export const MESSAGES: Readonly<Record<MessageKey, string>> = {
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
  maxWords: 'Please enter no more than {0} words.',
  minWords: 'Please enter at least {0} words.',
  rangeWords: 'Please enter between {0} and {1} words.',
  extension: 'Please choose a file with one of these extensions: {0}.',
  accept: 'Please choose a file of one of these types: {0}.',
  iban: 'Please enter a valid IBAN.',
  bic: 'Please enter a valid BIC (SWIFT) code.',
  phoneUS: 'Please enter a valid US phone number.',
  phoneUK: 'Please enter a valid UK phone number.',
  mobileUK: 'Please enter a valid UK mobile number.',
  phoneNL: 'Please enter a valid Dutch phone number.',
  zipcodeUS: 'Please enter a valid US ZIP code.',
  postalCodeCA: 'Please enter a valid Canadian postal code.',
  postcodeUK: 'Please enter a valid UK postcode.',
  time: 'Please enter a valid time between 00:00 and 23:59.',
  time12h: 'Please enter a valid time in 12-hour format, such as 1:30 pm.',
  ipv4: 'Please enter a valid IPv4 address.',
  ipv6: 'Please enter a valid IPv6 address.',
  require_from_group: 'Please fill at least {0} of these fields.',
  option: 'Please select a valid option.',
  single: 'Please enter only one value.',
}

/** Fills {0}, {1}, ... with the parameters; placeholders without a parameter are left as they are. */
export function formatMessage(template: string, ...params: (string | number)[]): string {
  return template.replace(/\{(\d+)\}/g, (placeholder, index: string) => {
    const i = Number(index)
    return i < params.length ? String(params[i]) : placeholder
  })
}
