// Turns an editor's rule configuration into a check, or into the reason the rule cannot work.
import { RULE_PARAMS, type RuleName } from './catalog'
import { formatMessage, MESSAGES } from './messages'
import type { FieldRule, FieldSpec, FormValues } from './types'
import { countWords, filledItems, hasOwn, readItems, typedLength } from './values'
import { isEmail, isIPv4, isIPv6, isUrl } from './formats/internet'
import { isDate, isDateISO, TIME_12, TIME_24 } from './formats/calendar'
import { DIGITS, isCreditCard, isNumber, parseNumber } from './formats/numbers'
import {
  isBic,
  isIban,
  isMobileUK,
  isPhoneNL,
  isPhoneUK,
  isPhoneUS,
  POSTAL_CA,
  POSTCODE_UK,
  ZIP_US,
} from './formats/regional'
import { shortMatch } from './formats/shortMatch'
import {
  DEFAULT_ACCEPT,
  DEFAULT_EXTENSIONS,
  hasExtension,
  isAcceptedType,
  parseAccept,
  parseExtensions,
} from './formats/files'

export type FieldInput = {
  /** Multi-valued fields: the non-blank values. Single-valued fields: exactly one value, untrimmed. */
  items: string[]
  multi: boolean
  values: FormValues
}

export type Check = {
  message: string
  test: (input: FieldInput) => boolean
  /** Checked even when the field itself is empty. */
  evenWhenEmpty?: boolean
}

type Compiled = Check | { error: string }

type Compiler = (rule: FieldRule, fieldNames?: ReadonlySet<string>) => Compiled

const each =
  (message: string, valid: (value: string) => boolean): Compiler =>
  () => ({ message, test: ({ items }) => items.every((item) => valid(item.trim())) })

const COUNT = /^\d{1,9}$/

function parseCount(param: string | null | undefined): number | null {
  const text = (param ?? '').trim()
  return COUNT.test(text) ? Number(text) : null
}

function parseBound(param: string | null | undefined): { value: number; text: string } | null {
  const text = (param ?? '').trim()
  const value = parseNumber(text)
  return Number.isFinite(value) ? { value, text } : null
}

/** Characters for text; the number of chosen values for multi-valued fields, as jQuery Validation does. */
const lengthOf = ({ items, multi }: FieldInput): number => (multi ? items.length : typedLength(items[0] ?? ''))

const wordsOf = ({ items }: FieldInput): number => items.reduce((sum, item) => sum + countWords(item), 0)

const numbersWithin = (items: string[], low: number, high: number): boolean =>
  items.every((item) => {
    const number = parseNumber(item.trim())
    return number >= low && number <= high
  })

function countCompiler(
  rule: RuleName,
  pass: (measured: number, limit: number) => boolean,
  measure: (input: FieldInput) => number,
): Compiler {
  return ({ param }) => {
    const limit = parseCount(param)
    if (limit === null) return { error: `${rule} needs a whole number (0 or more) as its parameter.` }
    return { message: formatMessage(MESSAGES[rule], limit), test: (input) => pass(measure(input), limit) }
  }
}

function countRangeCompiler(rule: RuleName, measure: (input: FieldInput) => number): Compiler {
  return ({ param, param2 }) => {
    const low = parseCount(param)
    const high = parseCount(param2)
    if (low === null || high === null) {
      return { error: `${rule} needs two whole numbers (0 or more): the minimum, then the maximum.` }
    }
    if (low > high) return { error: `${rule}: the minimum (${low}) is larger than the maximum (${high}).` }
    return {
      message: formatMessage(MESSAGES[rule], low, high),
      test: (input) => {
        const measured = measure(input)
        return measured >= low && measured <= high
      },
    }
  }
}

function boundCompiler(rule: 'min' | 'max'): Compiler {
  return ({ param }) => {
    const bound = parseBound(param)
    if (bound === null) return { error: `${rule} needs a number as its parameter.` }
    const [low, high] = rule === 'min' ? [bound.value, Infinity] : [-Infinity, bound.value]
    return { message: formatMessage(MESSAGES[rule], bound.text), test: ({ items }) => numbersWithin(items, low, high) }
  }
}

function unknownFields(names: string[], fieldNames?: ReadonlySet<string>): string[] {
  return fieldNames ? names.filter((name) => !fieldNames.has(name)) : []
}

const COMPILERS: Record<RuleName, Compiler> = {
  email: each(MESSAGES.email, isEmail),
  url: each(MESSAGES.url, isUrl),
  date: each(MESSAGES.date, isDate),
  dateISO: each(MESSAGES.dateISO, isDateISO),
  number: each(MESSAGES.number, isNumber),
  digits: each(MESSAGES.digits, (value) => DIGITS.test(value)),
  creditcard: each(MESSAGES.creditcard, isCreditCard),
  equalTo: ({ param }, fieldNames) => {
    const other = (param ?? '').trim()
    if (other === '') return { error: 'equalTo needs the name of the field to compare with.' }
    if (unknownFields([other], fieldNames).length > 0) {
      return { error: `equalTo refers to "${other}", which is not a field of this form.` }
    }
    return {
      message: MESSAGES.equalTo,
      test: ({ items, values }) => {
        const mine = filledItems(items)
        const theirs = filledItems(readItems(values, other))
        return mine.length === theirs.length && mine.every((item, i) => item === theirs[i])
      },
    }
  },
  maxlength: countCompiler('maxlength', (length, limit) => length <= limit, lengthOf),
  minlength: countCompiler('minlength', (length, limit) => length >= limit, lengthOf),
  rangelength: countRangeCompiler('rangelength', lengthOf),
  range: ({ param, param2 }) => {
    const low = parseBound(param)
    const high = parseBound(param2)
    if (low === null || high === null) return { error: 'range needs two numbers: the minimum, then the maximum.' }
    if (low.value > high.value)
      return { error: `range: the minimum (${low.text}) is larger than the maximum (${high.text}).` }
    return {
      message: formatMessage(MESSAGES.range, low.text, high.text),
      test: ({ items }) => numbersWithin(items, low.value, high.value),
    }
  },
  max: boundCompiler('max'),
  min: boundCompiler('min'),
  maxWords: countCompiler('maxWords', (words, limit) => words <= limit, wordsOf),
  minWords: countCompiler('minWords', (words, limit) => words >= limit, wordsOf),
  rangeWords: countRangeCompiler('rangeWords', wordsOf),
  extension: ({ param }) => {
    const text = (param ?? '').trim()
    const extensions = parseExtensions(text === '' ? DEFAULT_EXTENSIONS : text)
    if (extensions === null) {
      return { error: 'extension needs file extensions separated by | or , such as png|jpe?g|pdf.' }
    }
    return {
      message: formatMessage(MESSAGES.extension, extensions.join(', ')),
      test: ({ items }) => items.every((item) => hasExtension(item.trim(), extensions)),
    }
  },
  accept: ({ param }) => {
    const text = (param ?? '').trim()
    const types = parseAccept(text === '' ? DEFAULT_ACCEPT : text)
    if (typeof types === 'string') return { error: types }
    return {
      message: formatMessage(MESSAGES.accept, types.join(', ')),
      test: ({ items }) => items.every((item) => isAcceptedType(item.trim(), types)),
    }
  },
  iban: each(MESSAGES.iban, isIban),
  bic: each(MESSAGES.bic, isBic),
  phoneUS: each(MESSAGES.phoneUS, isPhoneUS),
  phoneUK: each(MESSAGES.phoneUK, isPhoneUK),
  mobileUK: each(MESSAGES.mobileUK, isMobileUK),
  phoneNL: each(MESSAGES.phoneNL, isPhoneNL),
  zipcodeUS: each(MESSAGES.zipcodeUS, shortMatch(ZIP_US, 10)),
  postalCodeCA: each(MESSAGES.postalCodeCA, shortMatch(POSTAL_CA, 7)),
  postcodeUK: each(MESSAGES.postcodeUK, shortMatch(POSTCODE_UK, 8)),
  time: each(MESSAGES.time, shortMatch(TIME_24, 8)),
  time12h: each(MESSAGES.time12h, shortMatch(TIME_12, 15)),
  ipv4: each(MESSAGES.ipv4, isIPv4),
  ipv6: each(MESSAGES.ipv6, isIPv6),
  require_from_group: ({ param, param2 }, fieldNames) => {
    const needed = parseCount(param)
    if (needed === null || needed < 1) {
      return { error: 'require_from_group needs a whole number of 1 or more as its first parameter.' }
    }
    const group = (param2 ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name, i, names) => name !== '' && names.indexOf(name) === i)
    if (group.length === 0) {
      return { error: 'require_from_group needs the names of the fields in the group, separated by commas.' }
    }
    if (needed > group.length) {
      return { error: `require_from_group asks for ${needed} fields but the group names only ${group.length}.` }
    }
    const unknown = unknownFields(group, fieldNames)
    if (unknown.length > 0)
      return { error: `require_from_group names fields this form does not have: ${unknown.join(', ')}.` }
    return {
      message: formatMessage(MESSAGES.require_from_group, needed),
      evenWhenEmpty: true,
      test: ({ values }) => group.filter((name) => filledItems(readItems(values, name)).length > 0).length >= needed,
    }
  },
}

export function compile(rule: FieldRule, fieldNames?: ReadonlySet<string>): Compiled {
  const name: unknown = rule?.rule
  if (typeof name !== 'string' || !hasOwn(RULE_PARAMS, name) || !hasOwn(COMPILERS, name)) {
    return { error: `Unknown rule "${String(name)}".` }
  }
  return COMPILERS[name as RuleName](rule, fieldNames)
}

/** Why a rule is misconfigured, or null; given the form's fields it also checks the names equalTo and require_from_group use. */
export function checkRuleConfig(rule: FieldRule, allSpecs?: FieldSpec[]): string | null {
  const compiled = compile(rule, allSpecs ? new Set(allSpecs.map((spec) => spec.name)) : undefined)
  return 'error' in compiled ? compiled.error : null
}

/** Every reason a field's rules cannot work, led by the field's name; null when they all can. */
export function checkFieldRules(spec: FieldSpec, allSpecs?: FieldSpec[]): string | null {
  const problems = (spec.rules ?? [])
    .map((rule) => checkRuleConfig(rule, allSpecs))
    .filter((problem): problem is string => problem !== null)
  if (problems.length === 0) return null
  return `${spec.name ? `Field "${spec.name}"` : 'This field'}: ${problems.join(' ')}`
}
