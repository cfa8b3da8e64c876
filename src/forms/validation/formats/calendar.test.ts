// The date, dateISO, time and time12h rules.
import { describe, expect, it } from 'vitest'
import { check, expectAccepted, expectRejected } from '../testing/samples'

describe('date', () => {
  it('accepts ISO dates and US month/day/year dates', () => {
    expectAccepted('date', ['2024-02-29', '2024/12/31', '12/31/2024', '1/5/2024', '01-05-2024', '1.5.2024'])
  })

  it('accepts dates written with an English month name', () => {
    expectAccepted('date', [
      'January 5, 2024',
      'Jan. 5, 2024',
      'jan 5 2024',
      '5 January 2024',
      'Sept 30, 2024',
      'May  1,  2024',
    ])
  })

  it('rejects days that are not on the calendar', () => {
    expectRejected('date', ['2023-02-29', '02/30/2024', '04/31/2024', 'February 30, 2024', '0/10/2024'])
  })

  it('rejects day-first numeric dates with a day over 12 in the month position', () => {
    expectRejected('date', ['31/12/2024', '13/01/2024'])
  })

  it('rejects two-digit years, unknown month names and mixed separators', () => {
    expectRejected('date', ['1/5/24', 'Janvier 5, 2024', 'Foo 5, 2024', '12/31-2024'])
  })

  it('rejects words, times and Unicode text', () => {
    expectRejected('date', ['today', '2024-01-05T10:00', 'naïve', '😀', '2024-02-29 😀', '２０２４-01-05'])
  })
})

describe('dateISO', () => {
  it('accepts year-month-day with dashes or slashes, padded or not', () => {
    expectAccepted('dateISO', ['2024-01-05', '2024/01/05', '2024-1-5', '2000-02-29', '9999-12-31', '0001-01-01'])
  })

  it('rejects impossible dates, including 29 February outside leap years', () => {
    expectRejected('dateISO', [
      '2024-13-01',
      '2024-00-10',
      '2024-01-00',
      '2024-02-30',
      '1900-02-29',
      '2023-02-29',
      '0000-01-01',
    ])
  })

  it('rejects other orders and mixed or other separators', () => {
    expectRejected('dateISO', ['2024-01/05', '24-01-05', '01/05/2024', '2024.01.05', '2024-001-05', '2024-01-05T00:00'])
  })

  it('rejects full-width digits and emoji', () => {
    expectRejected('dateISO', ['２０２４-01-05', '2024-01-0😀'])
  })

  it('uses the ISO message', () => {
    expect(check('dateISO', '05/01/2024')).toBe('Please enter a valid date (ISO).')
  })
})

describe('time', () => {
  it('accepts 24-hour times from 00:00 to 23:59, with optional seconds', () => {
    expectAccepted('time', ['00:00', '9:30', '09:30', '12:00', '23:59', '23:59:59'])
  })

  it('rejects hours past 23 and minutes past 59', () => {
    expectRejected('time', ['24:00', '23:60', '12:30:60', '123:00'])
  })

  it('rejects missing parts and 12-hour notation', () => {
    expectRejected('time', ['12:5', '1230', ':30', '12:', '12:30 pm'])
  })

  it('rejects full-width digits and emoji', () => {
    expectRejected('time', ['１２:３０', '12:3😀'])
  })

  it('uses the time message', () => {
    expect(check('time', '25:00')).toBe('Please enter a valid time between 00:00 and 23:59.')
  })
})

describe('time12h', () => {
  it('accepts 12-hour times with am or pm in any case', () => {
    expectAccepted('time12h', ['1:30 pm', '12:00 AM', '01:30PM', '11:59 p.m.', '12:00:00 am'])
  })

  it('rejects hours outside 1 to 12 and bad minutes', () => {
    expectRejected('time12h', ['13:00 pm', '0:30 am', '00:30 am', '1:60 pm'])
  })

  it('rejects a time without am or pm', () => {
    expectRejected('time12h', ['1:30', '1:30 xm', '1:30  pm'])
  })

  it('rejects emoji', () => {
    expectRejected('time12h', ['1:30 😀'])
  })
})
