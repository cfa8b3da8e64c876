import { describe, expect, it } from 'vitest'
import {
  DROPDOWN_SEARCH_THRESHOLD,
  matchingOptions,
  moveActive,
  MULTIPLE_PLACEHOLDER,
  offersSearch,
  placeholderFor,
  SINGLE_PLACEHOLDER,
  typeaheadMatch,
} from './model'

const counties = ['Adams County', 'Allen County', 'Ashland County', 'Cuyahoga County', 'Van Wert County'].map(
  (label) => ({ label, value: label.toLowerCase() }),
)

describe('dropdown search threshold', () => {
  it('offers a search input only with more than the threshold of options', () => {
    expect(offersSearch(DROPDOWN_SEARCH_THRESHOLD)).toBe(false)
    expect(offersSearch(DROPDOWN_SEARCH_THRESHOLD + 1)).toBe(true)
    expect(offersSearch(0)).toBe(false)
  })
})

describe('dropdown placeholders', () => {
  it('says "Select an option" for a single choice and "Type or select some options" for several', () => {
    expect(placeholderFor(false)).toBe(SINGLE_PLACEHOLDER)
    expect(placeholderFor(true)).toBe(MULTIPLE_PLACEHOLDER)
    expect(SINGLE_PLACEHOLDER).toBe('Select an option')
    expect(MULTIPLE_PLACEHOLDER).toBe('Type or select some options')
  })
})

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

describe('moveActive', () => {
  it('moves down and up without wrapping', () => {
    expect(moveActive(0, 'next', 3)).toBe(1)
    expect(moveActive(2, 'next', 3)).toBe(2)
    expect(moveActive(0, 'previous', 3)).toBe(0)
  })
  it('goes to the first and last option', () => {
    expect(moveActive(1, 'first', 3)).toBe(0)
    expect(moveActive(1, 'last', 3)).toBe(2)
  })
  it('starts from the first (down) or last (up) option when none is active', () => {
    expect(moveActive(-1, 'next', 3)).toBe(0)
    expect(moveActive(-1, 'previous', 3)).toBe(2)
  })
  it('has no active option in an empty list', () => {
    expect(moveActive(0, 'next', 0)).toBe(-1)
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
