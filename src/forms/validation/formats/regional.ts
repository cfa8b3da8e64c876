// Bank codes, phone numbers and postal codes of particular countries; no nested regex quantifiers.
import { hasOwn } from '../values'

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

export function isIban(value: string): boolean {
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

export const isBic = (value: string): boolean => value.length <= 11 && BIC.test(value.toUpperCase())

const US_PREFIX = /^\+1|^1(?=[-.(]|\d{10}$)/
const US_NUMBER = /^(?:\(\d{3}\)|\d{3})[-.]?\d{3}[-.]?\d{4}$/

export function isPhoneUS(value: string): boolean {
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

export const isPhoneUK = (value: string): boolean => ukNationalNumber(value) !== null

export function isMobileUK(value: string): boolean {
  const national = ukNationalNumber(value)
  return national !== null && national.length === 10 && (/^7[1345789]/.test(national) || national.startsWith('7624'))
}

export function isPhoneNL(value: string): boolean {
  if (value.length > 40) return false
  const phone = value.replace(/[\s-]+/g, '').replace(/^(\+31|0031)\(0\)/, '$1')
  let national: string
  if (phone.startsWith('+31')) national = phone.slice(3)
  else if (phone.startsWith('0031')) national = phone.slice(4)
  else if (phone.startsWith('0')) national = phone.slice(1)
  else return false
  return /^[1-9]\d{8}$/.test(national)
}

export const ZIP_US = /^\d{5}$|^\d{5}-\d{4}$/
export const POSTAL_CA = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z][ -]?\d[ABCEGHJ-NPRSTV-Z]\d$/i
export const POSTCODE_UK =
  /^(?:[A-PR-UWYZ]\d|[A-PR-UWYZ]\d\d|[A-PR-UWYZ][A-HK-Y]\d|[A-PR-UWYZ][A-HK-Y]\d\d|[A-PR-UWYZ]\d[A-HJKPSTUW]|[A-PR-UWYZ][A-HK-Y]\d[ABEHMNPRVWXY]) ?\d[ABD-HJLNP-UW-Z]{2}$|^GIR ?0AA$/i
