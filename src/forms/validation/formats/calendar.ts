// Calendar dates and times of day; no nested regex quantifiers, so long input stays linear.
import { hasOwn } from '../values'

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false
  const days = [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
  return day <= days[month - 1]
}

const ISO_DATE = /^(\d{4})([-/])(\d{1,2})\2(\d{1,2})$/

export function isDateISO(value: string): boolean {
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
export function isDate(value: string): boolean {
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

export const TIME_24 = /^(?:[01]?\d|2[0-3]):[0-5]\d$|^(?:[01]?\d|2[0-3]):[0-5]\d:[0-5]\d$/
export const TIME_12 = /^(?:0?[1-9]|1[0-2]):[0-5]\d ?[AP]\.?M\.?$|^(?:0?[1-9]|1[0-2]):[0-5]\d:[0-5]\d ?[AP]\.?M\.?$/i
