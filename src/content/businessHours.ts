/**
 * The business's weekly opening hours, as site settings hold them: rows of days with an opening
 * and a closing time. The site (structured data, rich text) and the chat (whether it is online)
 * read the same rows through this module.
 */

/** The state's clock: opening hours in settings are read in this zone (Ohio). */
export const BUSINESS_TIMEZONE = 'America/New_York'

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
export type Weekday = (typeof WEEKDAYS)[number]

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
}

export type OpeningHoursRow = { days?: readonly string[] | null; opens?: string | null; closes?: string | null }

/** 24-hour "HH:MM", 00:00 to 23:59. */
const CLOCK_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/

/** Minutes after midnight of a "HH:MM" time, or null when it is not one. */
export function minutesOf(time: unknown): number | null {
  const match = typeof time === 'string' ? CLOCK_TIME.exec(time) : null
  return match ? Number(match[1]) * 60 + Number(match[2]) : null
}

const isWeekday = (day: unknown): day is Weekday => WEEKDAYS.includes(day as Weekday)

export type RowErrors = { days?: string; opens?: string; closes?: string }

/** What is wrong with each row, by row index and field; rows without a problem are absent. */
export function openingHoursErrors(rows: readonly OpeningHoursRow[] | null | undefined): Map<number, RowErrors> {
  const errors = new Map<number, RowErrors>()
  const add = (index: number, field: keyof RowErrors, message: string) =>
    errors.set(index, { ...errors.get(index), [field]: errors.get(index)?.[field] ?? message })
  const spans: { index: number; day: Weekday; from: number; to: number }[] = []
  ;(rows ?? []).forEach((row, index) => {
    const days = row.days ?? []
    if (!days.length) add(index, 'days', 'Choose at least one day.')
    if (days.some((day) => !isWeekday(day))) add(index, 'days', 'Choose days from Monday to Sunday.')
    const from = minutesOf(row.opens)
    const to = minutesOf(row.closes)
    if (from === null) add(index, 'opens', 'Enter the opening time as HH:MM, 24-hour, e.g. 08:30.')
    if (to === null) add(index, 'closes', 'Enter the closing time as HH:MM, 24-hour, e.g. 17:00.')
    else if (from !== null && to <= from) add(index, 'closes', 'The closing time must be after the opening time.')
    if (from === null || to === null || to <= from) return
    for (const day of days.filter(isWeekday)) {
      const clash = spans.find((span) => span.day === day && span.from < to && from < span.to)
      if (clash) {
        add(index, 'days', `${WEEKDAY_NAMES[day]} overlaps row ${clash.index + 1}.`)
      }
      spans.push({ index, day, from, to })
    }
  })
  return errors
}

const BUSINESS_TIME_FORMAT = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIMEZONE,
  dateStyle: 'medium',
  timeStyle: 'short',
})
const BUSINESS_TIME_WITH_SECONDS_FORMAT = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIMEZONE,
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
})
const BUSINESS_CLOCK_FORMAT = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIMEZONE,
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
})

/**
 * A moment as people at the business read it, in its zone: "Nov 25, 2026, 3:45 PM"; with
 * `seconds`, "Nov 25, 2026, 3:45:26 PM EST" (a transcript line, which names the zone); with
 * `clockOnly`, "3:45 PM EST" (a visitor's sent note, read the same day, naming the zone).
 */
export function businessTime(value: Date | string | number, { seconds = false, clockOnly = false } = {}): string {
  const date = new Date(value)
  const format = clockOnly ? BUSINESS_CLOCK_FORMAT : seconds ? BUSINESS_TIME_WITH_SECONDS_FORMAT : BUSINESS_TIME_FORMAT
  // Newer ICU data puts a narrow no-break space before AM/PM; plain text (email) gets a plain one.
  return format.format(date).replace(/\u202f/g, ' ')
}

const SPREADSHEET_TIME_FORMAT = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIMEZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
})

/**
 * A moment in the business's zone as a spreadsheet reads it: "2026-11-25 15:45:26" (the zone is
 * named in the column's heading). Empty for no moment.
 */
export function businessSpreadsheetTime(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return ''
  const parts = Object.fromEntries(
    SPREADSHEET_TIME_FORMAT.formatToParts(new Date(value)).map((part) => [part.type, part.value]),
  )
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`
}

/** The weekday and minute of the day that `now` is in the business's zone. */
export function businessClock(now: Date): { day: Weekday; minute: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: BUSINESS_TIMEZONE,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  )
  return {
    day: String(parts.weekday).slice(0, 3).toLowerCase() as Weekday,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  }
}

/** Whether the business is open at `now`. No rows means no restriction; unreadable rows never open. */
export function isOpenAt(rows: readonly OpeningHoursRow[] | null | undefined, now = new Date()): boolean {
  if (!rows?.length) return true
  const { day, minute } = businessClock(now)
  return rows.some((row) => {
    const from = minutesOf(row.opens)
    const to = minutesOf(row.closes)
    return from !== null && to !== null && (row.days ?? []).includes(day) && minute >= from && minute < to
  })
}

/** schema.org's form of the rows, for the LocalBusiness structured data. */
export function openingHoursSpecification(rows: readonly OpeningHoursRow[] | null | undefined) {
  return (rows ?? []).flatMap((row) => {
    const days = (row.days ?? []).filter(isWeekday)
    if (!days.length || minutesOf(row.opens) === null || minutesOf(row.closes) === null) return []
    return [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: days.map((day) => `https://schema.org/${WEEKDAY_NAMES[day]}`),
        opens: row.opens,
        closes: row.closes,
      },
    ]
  })
}

/** "8:30 a.m." for "08:30". */
function spokenTime(time: string): string {
  const minutes = minutesOf(time) ?? 0
  const hour = Math.floor(minutes / 60)
  const suffix = hour < 12 ? 'a.m.' : 'p.m.'
  return `${((hour + 11) % 12) + 1}:${String(minutes % 60).padStart(2, '0')} ${suffix}`
}

/** "Monday to Friday" for a run of three or more days in week order, else the days listed. */
function spokenDays(days: Weekday[]): string {
  const sorted = WEEKDAYS.filter((day) => days.includes(day))
  const first = WEEKDAYS.indexOf(sorted[0])
  const consecutive = sorted.every((day, i) => WEEKDAYS.indexOf(day) === first + i)
  if (consecutive && sorted.length >= 3) {
    return `${WEEKDAY_NAMES[sorted[0]]} to ${WEEKDAY_NAMES[sorted[sorted.length - 1]]}`
  }
  const names = sorted.map((day) => WEEKDAY_NAMES[day])
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0]
}

/** The hours as a visitor reads them: "Monday to Friday, 8:30 a.m. to 5:00 p.m. Eastern Time". */
export function describeOpeningHours(rows: readonly OpeningHoursRow[] | null | undefined): string {
  const parts = (rows ?? []).flatMap((row) => {
    const days = (row.days ?? []).filter(isWeekday)
    if (!days.length || minutesOf(row.opens) === null || minutesOf(row.closes) === null) return []
    return [`${spokenDays(days)}, ${spokenTime(row.opens!)} to ${spokenTime(row.closes!)}`]
  })
  if (!parts.length) return ''
  const zone = new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIMEZONE, timeZoneName: 'longGeneric' })
    .formatToParts(new Date())
    .find((part) => part.type === 'timeZoneName')?.value
  return `${parts.join('; ')}${zone ? ` ${zone}` : ''}`
}

/** The hours and the settings' note after them, as the footer and rich text show them; '' when neither is set. */
export const openingHoursLine = (rows: readonly OpeningHoursRow[] | null | undefined, note?: string | null) =>
  [describeOpeningHours(rows), note?.trim()].filter(Boolean).join(', ')
