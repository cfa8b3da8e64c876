/**
 * The rules an editor can put on a form field, with how many parameters each takes.
 * "required" is a checkbox of its own on every field, so it is not listed here.
 */
export const RULE_PARAMS = {
  email: 0,
  url: 0,
  date: 0,
  dateISO: 0,
  number: 0,
  digits: 0,
  creditcard: 0,
  equalTo: 1,
  maxlength: 1,
  minlength: 1,
  rangelength: 2,
  range: 2,
  max: 1,
  min: 1,
  maxWords: 1,
  minWords: 1,
  rangeWords: 2,
  extension: 1,
  accept: 1,
  iban: 0,
  bic: 0,
  phoneUS: 0,
  phoneUK: 0,
  mobileUK: 0,
  phoneNL: 0,
  zipcodeUS: 0,
  postalCodeCA: 0,
  postcodeUK: 0,
  time: 0,
  time12h: 0,
  ipv4: 0,
  ipv6: 0,
  require_from_group: 2,
} as const

export type RuleName = keyof typeof RULE_PARAMS
export const RULE_NAMES = Object.keys(RULE_PARAMS) as RuleName[]
