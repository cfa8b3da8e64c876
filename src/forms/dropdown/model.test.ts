import { describe, expect, it } from 'vitest'
import {
  DROPDOWN_SEARCH_THRESHOLD,
  MULTIPLE_PLACEHOLDER,
  offersSearch,
  placeholderFor,
  SINGLE_PLACEHOLDER,
} from './model'

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
