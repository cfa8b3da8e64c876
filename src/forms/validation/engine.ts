// Runs in the browser and on the server: no dependencies, no DOM or Node APIs, no nested regex quantifiers.
import { RULE_PARAMS, type RuleName } from './catalog'

export type FieldRule = { rule: RuleName; param?: string | null; param2?: string | null }

export type FieldType = 'text' | 'email' | 'tel' | 'textarea' | 'select' | 'checkbox' | 'radio' | 'file'

export type FieldSpec = {
  name: string
  label?: string
  required?: boolean
  type?: FieldType
  multiple?: boolean
  /** Allowed values for select and radio fields. */
  options?: string[]
  rules?: FieldRule[]
}

/** A multi-select gives string[]; a checkbox gives 'on' when checked and '' or nothing when not. */
export type FormValues = Record<string, string | string[]>

export type FieldErrors = Record<string, string>

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

const hasOwn = (object: object, key: string): boolean => Object.prototype.hasOwnProperty.call(object, key)

function scalar(value: unknown): string | null {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return null
}

/** The field's values as strings; own properties only, so names like "constructor" read nothing. */
function readItems(values: FormValues, name: string): string[] {
  if (!hasOwn(values, name)) return []
  const raw: unknown = values[name]
  if (Array.isArray(raw)) return raw.map(scalar).filter((item): item is string => item !== null)
  const single = scalar(raw)
  return single === null ? [] : [single]
}

const isBlank = (value: string): boolean => value.trim() === ''

const filledItems = (items: string[]): string[] => items.map((item) => item.trim()).filter((item) => item !== '')

/** Code points as typed; CRLF counts once because browsers submit a textarea's LF as CRLF. */
function typedLength(value: string): number {
  let count = 0
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i)
    if (unit === 0x0d && value.charCodeAt(i + 1) === 0x0a) continue
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) i++
    }
    count++
  }
  return count
}

const DIGITS = /^\d+$/

const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+$/
const ASCII_LABEL = /^[A-Za-z0-9-]+$/
const UNICODE_LABEL = /^[\p{L}\p{N}\p{M}-]+$/u
const ASCII_TLD = /^[A-Za-z]{2,63}$/
const UNICODE_TLD = /^[\p{L}\p{M}]{2,63}$/u
const PUNYCODE_TLD = /^xn--[A-Za-z0-9-]{1,59}$/i

function isDomainName(host: string, allowUnicode: boolean): boolean {
  if (host.length > 253) return false
  const labels = host.split('.')
  if (labels.length < 2) return false
  const tld = labels[labels.length - 1]
  if (!ASCII_TLD.test(tld) && !PUNYCODE_TLD.test(tld) && !(allowUnicode && UNICODE_TLD.test(tld))) return false
  const label = allowUnicode ? UNICODE_LABEL : ASCII_LABEL
  return labels.every(
    (part) => part.length >= 1 && part.length <= 63 && !part.startsWith('-') && !part.endsWith('-') && label.test(part),
  )
}

function isEmail(value: string): boolean {
  if (value.length > 254) return false
  const at = value.indexOf('@')
  if (at < 1 || at !== value.lastIndexOf('@')) return false
  const local = value.slice(0, at)
  if (local.length > 64 || !EMAIL_LOCAL.test(local)) return false
  if (local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false
  return isDomainName(value.slice(at + 1), false)
}

const URL_START = /^(?:https:\/\/|http:\/\/|ftp:\/\/|\/\/)/i
const USERINFO = /^[A-Za-z0-9._~%!$&'()*+,;=:-]+$/
const PORT = /^\d{1,5}$/
const DOTTED_NUMBERS = /^[\d.]+$/

function isUrl(value: string): boolean {
  const start = URL_START.exec(value)
  if (!start || /\s/.test(value)) return false
  const rest = value.slice(start[0].length)
  const end = rest.search(/[/?#]/)
  const authority = end === -1 ? rest : rest.slice(0, end)
  const at = authority.lastIndexOf('@')
  if (at !== -1 && !USERINFO.test(authority.slice(0, at))) return false
  const hostPort = authority.slice(at + 1)
  let host = hostPort
  let port: string | null = null
  if (hostPort.startsWith('[')) {
    const close = hostPort.indexOf(']')
    if (close === -1 || !isIPv6(hostPort.slice(1, close))) return false
    const after = hostPort.slice(close + 1)
    if (after !== '' && !after.startsWith(':')) return false
    return after === '' || isPort(after.slice(1))
  }
  const colon = hostPort.lastIndexOf(':')
  if (colon !== -1) {
    host = hostPort.slice(0, colon)
    port = hostPort.slice(colon + 1)
  }
  if (port !== null && !isPort(port)) return false
  if (DOTTED_NUMBERS.test(host)) return isIPv4(host)
  return isDomainName(host.endsWith('.') ? host.slice(0, -1) : host, true)
}

const isPort = (port: string): boolean => PORT.test(port) && Number(port) <= 65535

const OCTET = /^(?:0|[1-9]\d{0,2})$/

function isIPv4(value: string): boolean {
  if (value.length > 15) return false
  const parts = value.split('.')
  return parts.length === 4 && parts.every((part) => OCTET.test(part) && Number(part) <= 255)
}

const HEXTET = /^[0-9A-Fa-f]{1,4}$/

function isIPv6(value: string): boolean {
  // 45 = six full groups plus a dotted IPv4 tail, the longest legal spelling.
  if (value.length < 2 || value.length > 45) return false
  const halves = value.split('::')
  if (halves.length > 2) return false
  const sides = halves.map((half) => (half === '' ? [] : half.split(':')))
  const groups = sides.flat()
  let count = groups.length
  const last = groups[groups.length - 1]
  if (last !== undefined && last.includes('.')) {
    const finalSide = sides[sides.length - 1]
    if (finalSide[finalSide.length - 1] !== last || !isIPv4(last)) return false
    groups.pop()
    count += 1
  }
  if (!groups.every((group) => HEXTET.test(group))) return false
  return halves.length === 2 ? count <= 7 : count === 8
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false
  const days = [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
  return day <= days[month - 1]
}

const ISO_DATE = /^(\d{4})([-/])(\d{1,2})\2(\d{1,2})$/

function isDateISO(value: string): boolean {
  const match = ISO_DATE.exec(value)
  return match !== null && isCalendarDate(Number(match[1]), Number(match[3]), Number(match[4]))
}

const MONTHS: Readonly<Record<string, number>> = {
  january: 1, february: 2, march: 3, april: 4, may: 5, june: 6,
  july: 7, august: 8, september: 9, october: 10, november: 11, december: 12,
  jan: 1, feb: 2, mar: 3, apr: 4, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
} // prettier-ignore

const US_DATE = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4})$/
const MONTH_FIRST_DATE = /^([A-Za-z]{3,9})\.? (\d{1,2}),? (\d{4})$/
const DAY_FIRST_DATE = /^(\d{1,2}) ([A-Za-z]{3,9})\.?,? (\d{4})$/

const monthNumber = (name: string): number => {
  const key = name.toLowerCase()
  return hasOwn(MONTHS, key) ? MONTHS[key] : 0
}

/** ISO dates, US numeric dates (M/D/YYYY) and dates with an English month name. */
function isDate(value: string): boolean {
  if (value.length > 40) return false
  if (isDateISO(value)) return true
  const text = value.replace(/\s+/g, ' ')
  let match = US_DATE.exec(text)
  if (match) return isCalendarDate(Number(match[4]), Number(match[1]), Number(match[3]))
  match = MONTH_FIRST_DATE.exec(text)
  if (match) return isCalendarDate(Number(match[3]), monthNumber(match[1]), Number(match[2]))
  match = DAY_FIRST_DATE.exec(text)
  if (match) return isCalendarDate(Number(match[3]), monthNumber(match[2]), Number(match[1]))
  return false
}

const THOUSANDS_GROUP = /^\d{3}$/
const LEADING_GROUP = /^\d{1,3}$/

/** Optional sign, digits with optional comma thousands separators, optional decimals; NaN when malformed. */
function parseNumber(value: string): number {
  let body = value
  const negative = body.startsWith('-')
  if (negative || body.startsWith('+')) body = body.slice(1)
  const dot = body.indexOf('.')
  const whole = dot === -1 ? body : body.slice(0, dot)
  const fraction = dot === -1 ? '' : body.slice(dot + 1)
  if (dot !== -1 && !DIGITS.test(fraction)) return NaN
  if (whole === '' && dot === -1) return NaN
  if (whole !== '' && !DIGITS.test(whole)) {
    const groups = whole.split(',')
    if (groups.length < 2 || !LEADING_GROUP.test(groups[0])) return NaN
    for (let i = 1; i < groups.length; i++) if (!THOUSANDS_GROUP.test(groups[i])) return NaN
  }
  const number = Number(`${whole.replace(/,/g, '') || '0'}.${fraction || '0'}`)
  return negative ? -number : number
}

const isNumber = (value: string): boolean => !Number.isNaN(parseNumber(value))

const CARD_CHARACTERS = /^[\d -]+$/

function isCreditCard(value: string): boolean {
  if (!CARD_CHARACTERS.test(value)) return false
  const digits = value.replace(/\D/g, '')
  if (digits.length < 13 || digits.length > 19) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** IBAN lengths from the SWIFT IBAN registry. */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28,
  CH: 21, CR: 22, CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18,
  FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HN: 28, HR: 21, HU: 28,
  IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20,
  LU: 20, LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28,
  NL: 18, NO: 15, OM: 23, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24,
  SC: 31, SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26,
  UA: 29, VA: 22, VG: 24, XK: 20, YE: 30,
} // prettier-ignore

const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]+$/

function isIban(value: string): boolean {
  if (value.length > 64) return false
  const iban = value.replace(/ /g, '').toUpperCase()
  if (!IBAN_SHAPE.test(iban)) return false
  const country = iban.slice(0, 2)
  if (!hasOwn(IBAN_LENGTHS, country) || IBAN_LENGTHS[country] !== iban.length) return false
  const rearranged = iban.slice(4) + iban.slice(0, 4)
  let remainder = 0
  for (const character of rearranged) {
    const digit = parseInt(character, 36)
    remainder = (remainder * (digit < 10 ? 10 : 100) + digit) % 97
  }
  return remainder === 1
}

const BIC = /^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]$|^[A-Z]{6}[A-Z2-9][A-NP-Z0-9][A-Z0-9]{3}$/

const isBic = (value: string): boolean => value.length <= 11 && BIC.test(value.toUpperCase())

const US_PREFIX = /^\+1|^1(?=[-.(]|\d{10}$)/
const US_NUMBER = /^(?:\(\d{3}\)|\d{3})[-.]?\d{3}[-.]?\d{4}$/

function isPhoneUS(value: string): boolean {
  if (value.length > 40) return false
  let phone = value.replace(/\s+/g, '')
  const prefix = US_PREFIX.exec(phone)
  if (prefix) phone = phone.slice(prefix[0].length).replace(/^[-.]/, '')
  if (!US_NUMBER.test(phone)) return false
  const digits = phone.replace(/\D/g, '')
  const area = digits.slice(0, 3)
  // N11 codes (211, 411, 911...) are service numbers, never area codes.
  return area[0] >= '2' && !(area[1] === '1' && area[2] === '1') && digits[3] >= '2'
}

/** The UK national significant number (without 0 or +44), or null. */
function ukNationalNumber(value: string): string | null {
  if (value.length > 40) return null
  const phone = value
    .replace(/\s+/g, '')
    .replace(/^(\+44|0044)\(0\)/, '$1')
    .replace(/[()-]/g, '')
  let national: string
  if (phone.startsWith('+44')) national = phone.slice(3)
  else if (phone.startsWith('0044')) national = phone.slice(4)
  else if (phone.startsWith('0')) national = phone.slice(1)
  else return null
  return /^[1-9]\d{8,9}$/.test(national) ? national : null
}

const isPhoneUK = (value: string): boolean => ukNationalNumber(value) !== null

function isMobileUK(value: string): boolean {
  const national = ukNationalNumber(value)
  return national !== null && national.length === 10 && (/^7[1345789]/.test(national) || national.startsWith('7624'))
}

function isPhoneNL(value: string): boolean {
  if (value.length > 40) return false
  const phone = value.replace(/[\s-]+/g, '').replace(/^(\+31|0031)\(0\)/, '$1')
  let national: string
  if (phone.startsWith('+31')) national = phone.slice(3)
  else if (phone.startsWith('0031')) national = phone.slice(4)
  else if (phone.startsWith('0')) national = phone.slice(1)
  else return false
  return /^[1-9]\d{8}$/.test(national)
}

const ZIP_US = /^\d{5}$|^\d{5}-\d{4}$/
const POSTAL_CA = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z][ -]?\d[ABCEGHJ-NPRSTV-Z]\d$/i
const POSTCODE_UK =
  /^(?:[A-PR-UWYZ]\d|[A-PR-UWYZ]\d\d|[A-PR-UWYZ][A-HK-Y]\d|[A-PR-UWYZ][A-HK-Y]\d\d|[A-PR-UWYZ]\d[A-HJKPSTUW]|[A-PR-UWYZ][A-HK-Y]\d[ABEHMNPRVWXY]) ?\d[ABD-HJLNP-UW-Z]{2}$|^GIR ?0AA$/i
const TIME_24 = /^(?:[01]?\d|2[0-3]):[0-5]\d$|^(?:[01]?\d|2[0-3]):[0-5]\d:[0-5]\d$/
const TIME_12 = /^(?:0?[1-9]|1[0-2]):[0-5]\d ?[AP]\.?M\.?$|^(?:0?[1-9]|1[0-2]):[0-5]\d:[0-5]\d ?[AP]\.?M\.?$/i

const shortMatch = (pattern: RegExp, maxLength: number) => (value: string) =>
  value.length <= maxLength && pattern.test(value)

const HTML_TAG = /<\/?[A-Za-z!][^<>]*>/g
const HTML_ENTITY = /&(?:#\d{1,7}|#x[\dA-Fa-f]{1,6}|[A-Za-z][A-Za-z\d]{1,31});/g
const WORDISH = /[\p{L}\p{N}\p{M}'’-]+/gu
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u

/** Runs of letters and digits; HTML tags and punctuation are ignored, and "don't" or "well-known" count once. */
function countWords(value: string): number {
  const text = value.replace(HTML_TAG, ' ').replace(HTML_ENTITY, ' ')
  let count = 0
  for (const match of text.matchAll(WORDISH)) if (LETTER_OR_DIGIT.test(match[0])) count++
  return count
}

const DEFAULT_EXTENSIONS = 'png|jpe?g|gif'
const EXTENSION_TOKEN = /^[a-z0-9][a-z0-9.?]*$/

/** "jpe?g" -> ["jpeg", "jpg"], the one piece of pattern syntax the default parameter uses. */
function expandOptional(token: string): string[] {
  const mark = token.indexOf('?')
  if (mark === -1) return [token]
  const head = token.slice(0, mark)
  return expandOptional(token.slice(mark + 1)).flatMap((tail) => [head + tail, head.slice(0, -1) + tail])
}

function parseExtensions(param: string): string[] | null {
  const tokens = param
    .split(/[|,]/)
    .map((token) => token.trim().toLowerCase().replace(/^\./, ''))
    .filter((token) => token !== '')
  if (tokens.length === 0) return null
  const extensions: string[] = []
  for (const token of tokens) {
    if (!EXTENSION_TOKEN.test(token) || /\?\?|\.\?|\.\.|\.$/.test(token)) return null
    if (token.split('?').length > 5) return null
    for (const extension of expandOptional(token)) {
      if (extension === '' || extension.startsWith('.') || extension.endsWith('.')) return null
      if (!extensions.includes(extension)) extensions.push(extension)
    }
  }
  return extensions
}

function hasExtension(value: string, extensions: string[]): boolean {
  const slash = Math.max(value.lastIndexOf('/'), value.lastIndexOf('\\'))
  const fileName = value.slice(slash + 1).toLowerCase()
  return extensions.some((extension) => fileName.length > extension.length + 1 && fileName.endsWith(`.${extension}`))
}

const DEFAULT_ACCEPT = 'image/*'
const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/
const MIME_WILDCARD = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/\*$/

function parseAccept(param: string): string[] | string {
  const tokens = param
    .split(/[|,]/)
    .map((token) => token.trim().toLowerCase())
    .filter((token) => token !== '')
  if (tokens.length === 0) return 'accept needs MIME types separated by commas, such as image/*,application/pdf.'
  for (const token of tokens) {
    if (token.startsWith('.')) {
      return `accept takes MIME types, not file extensions such as "${token}"; use the extension rule for those.`
    }
    if (token.length > 255 || !(token === '*/*' || MIME_TYPE.test(token) || MIME_WILDCARD.test(token))) {
      return `accept: "${token}" is not a MIME type such as image/* or application/pdf.`
    }
  }
  return tokens
}

function isAcceptedType(value: string, types: string[]): boolean {
  if (value.length > 255) return false
  const mime = value.split(';')[0].trim().toLowerCase()
  if (!MIME_TYPE.test(mime)) return false
  return types.some(
    (type) => type === '*/*' || type === mime || (type.endsWith('/*') && mime.startsWith(type.slice(0, -1))),
  )
}

type FieldInput = {
  /** Multi-valued fields: the non-blank values. Single-valued fields: exactly one value, untrimmed. */
  items: string[]
  multi: boolean
  values: FormValues
}

type Check = {
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

function compile(rule: FieldRule, fieldNames?: ReadonlySet<string>): Compiled {
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

const isChoice = (spec: FieldSpec): boolean => spec.type === 'select' || spec.type === 'radio'

/** The first failing message for one field, or null when it is valid. Misconfigured rules are skipped. */
export function validateField(spec: FieldSpec, values: FormValues, allSpecs?: FieldSpec[]): string | null {
  const raw = readItems(values, spec.name)
  const multi = spec.multiple === true
  if (!multi && raw.length > 1) return isChoice(spec) ? MESSAGES.option : MESSAGES.single
  const items = multi ? raw.filter((item) => !isBlank(item)) : [raw[0] ?? '']
  const empty = items.every(isBlank)
  if (empty && spec.required) return MESSAGES.required

  const fieldNames = allSpecs ? new Set(allSpecs.map((other) => other.name)) : undefined
  const checks: Check[] = []
  for (const rule of spec.rules ?? []) {
    const compiled = compile(rule, fieldNames)
    if (!('error' in compiled)) checks.push(compiled)
  }
  const input: FieldInput = { items, multi, values }

  if (empty) {
    const failed = checks.find((check) => check.evenWhenEmpty && !check.test(input))
    return failed ? failed.message : null
  }
  const options = spec.options ?? []
  if (isChoice(spec) && options.length > 0) {
    if (!items.every((item) => options.includes(item) || options.includes(item.trim()))) return MESSAGES.option
  }
  if (spec.type === 'email' && !items.every((item) => isEmail(item.trim()))) return MESSAGES.email
  const failed = checks.find((check) => !check.test(input))
  return failed ? failed.message : null
}

/** Errors for every invalid field, keyed by field name; an empty object when the form is valid. */
export function validateForm(specs: FieldSpec[], values: FormValues): FieldErrors {
  const errors: FieldErrors = {}
  for (const spec of specs) {
    if (hasOwn(errors, spec.name)) continue
    const message = validateField(spec, values, specs)
    // defineProperty, so a field named "__proto__" gets a real entry instead of changing the prototype.
    if (message !== null)
      Object.defineProperty(errors, spec.name, { value: message, enumerable: true, writable: true, configurable: true })
  }
  return errors
}
