// Numbers, digit runs and card numbers; no nested regex quantifiers, so long input stays linear.

export const DIGITS = /^\d+$/

const THOUSANDS_GROUP = /^\d{3}$/
const LEADING_GROUP = /^\d{1,3}$/

/** Optional sign, digits with optional comma thousands separators, optional decimals; NaN when malformed. */
export function parseNumber(value: string): number {
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

export const isNumber = (value: string): boolean => !Number.isNaN(parseNumber(value))

const CARD_CHARACTERS = /^[\d -]+$/

export function isCreditCard(value: string): boolean {
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
