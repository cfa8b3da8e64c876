import { describe, expect, it } from 'vitest'
import { matchingOptions, typeaheadMatch } from './match'

const counties = ['Adams County', 'Allen County', 'Ashland County', 'Cuyahoga County', 'Van Wert County'].map(
  (label) => ({ label, value: label.toLowerCase() }),
)

describe('matchingOptions', () => {
  it('matches text anywhere in an option, not only at the start', () => {
    expect(matchingOptions(counties, 'wert')).toEqual([4])
    expect(matchingOptions(counties, 'land')).toEqual([2])
  })
  it('ignores case and accents', () => {
    expect(matchingOptions(counties, 'CUYA')).toEqual([3])
    expect(matchingOptions([{ label: 'Café Row', value: 'c' }], 'cafe')).toEqual([0])
    expect(matchingOptions([{ label: 'Cafe Row', value: 'c' }], 'CAFÉ')).toEqual([0])
  })
  it('returns every option for an empty or blank query', () => {
    expect(matchingOptions(counties, '')).toEqual([0, 1, 2, 3, 4])
    expect(matchingOptions(counties, '   ')).toEqual([0, 1, 2, 3, 4])
  })
  it('returns nothing when no option contains the text', () => {
    expect(matchingOptions(counties, 'zzz')).toEqual([])
  })
  it('treats regular-expression characters as plain text', () => {
    expect(matchingOptions(counties, '.*')).toEqual([])
    expect(matchingOptions([{ label: 'Lot (a)', value: 'a' }], '(a)')).toEqual([0])
  })
  it('folds runs of white space in the query and the label', () => {
    expect(matchingOptions(counties, 'van   wert')).toEqual([4])
  })
})

describe('typeaheadMatch', () => {
  const labels = counties.map((county) => county.label)
  it('jumps to the first option starting with the typed text', () => {
    expect(typeaheadMatch(labels, 'c', -1)).toBe(3)
    expect(typeaheadMatch(labels, 'as', 0)).toBe(2)
  })
  it('cycles through options with the same first letter when one letter is repeated', () => {
    expect(typeaheadMatch(labels, 'a', 0)).toBe(1)
    expect(typeaheadMatch(labels, 'aa', 1)).toBe(2)
    expect(typeaheadMatch(labels, 'a', 2)).toBe(0)
  })
  it('finds nothing for text no option starts with', () => {
    expect(typeaheadMatch(labels, 'q', 0)).toBe(-1)
  })
})
