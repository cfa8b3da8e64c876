import type { ValidateOptions } from 'payload'
import { describe, expect, it } from 'vitest'
import { openingHoursRowRule } from './openingHours'

type Options = ValidateOptions<object, object, object, unknown>
const check = (field: 'days' | 'opens' | 'closes', options: Partial<Options>) =>
  openingHoursRowRule(field)(undefined, options as Options)

const monday9to5 = { days: ['mon'], opens: '09:00', closes: '17:00' }
const mondayNoonTo6 = { days: ['mon'], opens: '12:00', closes: '18:00' }

describe('an opening hours row in the admin', () => {
  it('on save, is checked among the other rows: an overlap is named beside its days', () => {
    const data = { business: { openingHours: [monday9to5, mondayNoonTo6] } }
    const path = ['business', 'openingHours', 1, 'days']
    expect(check('days', { data, path, siblingData: mondayNoonTo6 })).toBe('Monday overlaps row 1.')
    expect(check('days', { data, path: ['business', 'openingHours', 0, 'days'], siblingData: monday9to5 })).toBe(true)
  })

  it('while the form checks as the editor types (no path given), is checked alone rather than failing', () => {
    const backwards = { days: ['mon'], opens: '17:00', closes: '09:00' }
    expect(check('closes', { data: {}, siblingData: backwards })).toBe(
      'The closing time must be after the opening time.',
    )
    expect(check('days', { data: {}, siblingData: { ...monday9to5, days: [] } })).toBe('Choose at least one day.')
    expect(check('opens', { data: {}, siblingData: monday9to5 })).toBe(true)
  })
})
