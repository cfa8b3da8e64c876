import { describe, expect, it } from 'vitest'
import { nextActiveOption } from './typeahead'

describe('typeahead arrow keys', () => {
  it('moves down from no option to the first, and wraps from the last to the first', () => {
    expect(nextActiveOption('ArrowDown', -1, 3)).toBe(0)
    expect(nextActiveOption('ArrowDown', 2, 3)).toBe(0)
  })

  it('moves up from no option to the last, and wraps from the first to the last', () => {
    expect(nextActiveOption('ArrowUp', -1, 3)).toBe(2)
    expect(nextActiveOption('ArrowUp', 0, 3)).toBe(2)
  })

  it('has no active option in an empty list', () => {
    expect(nextActiveOption('ArrowDown', -1, 0)).toBe(-1)
  })
})
