import { describe, expect, it } from 'vitest'
import {
  BUSINESS_TIMEZONE,
  businessClock,
  businessSpreadsheetTime,
  businessTime,
  describeOpeningHours,
  isOpenAt,
  minutesOf,
  openingHoursErrors,
  openingHoursSpecification,
} from './businessHours'

const WEEKDAYS_OFFICE = [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], opens: '08:30', closes: '17:00' }]

describe('opening hours rules', () => {
  it('reads 24-hour HH:MM times and nothing else', () => {
    expect(minutesOf('08:30')).toBe(510)
    expect(minutesOf('23:59')).toBe(1439)
    for (const bad of ['8:30', '24:00', '12:60', '0830', ' 08:30', '08:30pm', '', null, 830]) {
      expect(minutesOf(bad)).toBeNull()
    }
  })

  it('accepts well-formed rows, including two rows for one day that do not overlap', () => {
    const rows = [...WEEKDAYS_OFFICE, { days: ['sat'], opens: '09:00', closes: '12:00' }]
    expect(openingHoursErrors(rows).size).toBe(0)
    const split = [
      { days: ['mon'], opens: '08:00', closes: '12:00' },
      { days: ['mon'], opens: '12:00', closes: '17:00' },
    ]
    expect(openingHoursErrors(split).size).toBe(0)
  })

  it('names the field of each bad row: no days, bad times, closing before opening, overlaps', () => {
    const errors = openingHoursErrors([
      { days: [], opens: '9am', closes: '17:00' },
      { days: ['tue'], opens: '17:00', closes: '09:00' },
      { days: ['mon', 'wed'], opens: '08:00', closes: '12:00' },
      { days: ['wed'], opens: '11:00', closes: '14:00' },
      { days: ['funday'], opens: '10:00', closes: '10:00' },
    ])
    expect(errors.get(0)).toEqual({
      days: 'Choose at least one day.',
      opens: 'Enter the opening time as HH:MM, 24-hour, e.g. 08:30.',
    })
    expect(errors.get(1)).toEqual({ closes: 'The closing time must be after the opening time.' })
    expect(errors.has(2)).toBe(false)
    expect(errors.get(3)).toEqual({ days: 'Wednesday overlaps row 3.' })
    expect(errors.get(4)).toEqual({
      days: 'Choose days from Monday to Sunday.',
      closes: 'The closing time must be after the opening time.',
    })
  })

  it('is open within the hours in Ohio time, whatever the server’s zone', () => {
    expect(BUSINESS_TIMEZONE).toBe('America/New_York')
    // 2026-11-23 is a Monday. 13:29 UTC is 08:29 in Ohio (EST, UTC-5); 13:30 is 08:30.
    expect(isOpenAt(WEEKDAYS_OFFICE, new Date('2026-11-23T13:29:00Z'))).toBe(false)
    expect(isOpenAt(WEEKDAYS_OFFICE, new Date('2026-11-23T13:30:00Z'))).toBe(true)
    expect(isOpenAt(WEEKDAYS_OFFICE, new Date('2026-11-23T21:59:00Z'))).toBe(true)
    expect(isOpenAt(WEEKDAYS_OFFICE, new Date('2026-11-23T22:00:00Z'))).toBe(false)
  })

  it('takes the day from Ohio’s clock, not UTC’s', () => {
    // Saturday 02:00 UTC is still Friday 21:00 in Ohio; Monday 03:00 UTC is Sunday 22:00.
    const evening = [{ days: ['fri'], opens: '20:00', closes: '22:00' }]
    expect(businessClock(new Date('2026-11-28T02:00:00Z'))).toEqual({ day: 'fri', minute: 21 * 60 })
    expect(isOpenAt(evening, new Date('2026-11-28T02:00:00Z'))).toBe(true)
    expect(isOpenAt(WEEKDAYS_OFFICE, new Date('2026-11-23T03:00:00Z'))).toBe(false)
  })

  it('follows daylight saving time: 08:30 is 12:30 UTC in summer and 13:30 UTC in winter', () => {
    // 2026-03-09 (Monday) is the first weekday of EDT; 2026-11-02 (Monday) the first of EST again.
    expect(isOpenAt(WEEKDAYS_OFFICE, new Date('2026-03-09T12:30:00Z'))).toBe(true)
    expect(isOpenAt(WEEKDAYS_OFFICE, new Date('2026-03-06T12:30:00Z'))).toBe(false)
    expect(isOpenAt(WEEKDAYS_OFFICE, new Date('2026-11-02T12:30:00Z'))).toBe(false)
    expect(isOpenAt(WEEKDAYS_OFFICE, new Date('2026-11-02T13:30:00Z'))).toBe(true)
  })

  it('places no restriction without rows, and never opens on an unreadable row', () => {
    expect(isOpenAt([], new Date('2026-11-23T03:00:00Z'))).toBe(true)
    expect(isOpenAt(null, new Date('2026-11-23T03:00:00Z'))).toBe(true)
    expect(isOpenAt([{ days: ['mon'], opens: 'x', closes: '17:00' }], new Date('2026-11-23T15:00:00Z'))).toBe(false)
  })

  it('gives schema.org opening hours and the words a visitor reads', () => {
    expect(openingHoursSpecification(WEEKDAYS_OFFICE)).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((day) => `https://schema.org/${day}`),
        opens: '08:30',
        closes: '17:00',
      },
    ])
    expect(describeOpeningHours(WEEKDAYS_OFFICE)).toBe('Monday to Friday, 8:30 a.m. to 5:00 p.m. Eastern Time')
    expect(describeOpeningHours([{ days: ['sat', 'mon'], opens: '00:15', closes: '12:00' }])).toBe(
      'Monday and Saturday, 12:15 a.m. to 12:00 p.m. Eastern Time',
    )
    expect(describeOpeningHours([])).toBe('')
  })
})

describe('a moment as the business reads it', () => {
  it('is in the business zone, standard time in winter and daylight time in summer', () => {
    expect(businessTime('2026-11-25T20:45:26.945Z')).toBe('Nov 25, 2026, 3:45 PM')
    expect(businessTime('2026-11-25T20:45:26.945Z', { seconds: true })).toBe('Nov 25, 2026, 3:45:26 PM EST')
    expect(businessTime('2026-11-25T20:45:26.945Z', { clockOnly: true })).toBe('3:45 PM EST')
    expect(businessTime('2026-07-01T03:05:00.000Z', { clockOnly: true })).toBe('11:05 PM EDT')
    expect(businessTime('2026-07-04T16:00:00Z', { seconds: true })).toBe('Jul 4, 2026, 12:00:00 PM EDT')
  })

  it('puts a moment past midnight UTC on the business day it still is', () => {
    expect(businessTime('2026-11-26T03:30:00Z')).toBe('Nov 25, 2026, 10:30 PM')
  })
})

describe('a moment for a spreadsheet', () => {
  it('is written year first on a 24-hour clock in the business zone, winter and summer', () => {
    expect(businessSpreadsheetTime('2026-11-25T20:45:26.945Z')).toBe('2026-11-25 15:45:26')
    expect(businessSpreadsheetTime('2026-07-04T04:05:06Z')).toBe('2026-07-04 00:05:06')
    expect(businessSpreadsheetTime('2026-11-26T03:30:00Z')).toBe('2026-11-25 22:30:00')
  })

  it('is empty for no moment', () => {
    expect(businessSpreadsheetTime(null)).toBe('')
    expect(businessSpreadsheetTime(undefined)).toBe('')
  })
})
