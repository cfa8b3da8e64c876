import { describe, expect, it } from 'vitest'
import { clampIndex, moveIndex, wrapIndex } from './roving'

describe('wrapIndex', () => {
  it('moves along a ring in both directions, by more than one step too', () => {
    expect(wrapIndex(4, 1, 5)).toBe(0)
    expect(wrapIndex(0, -1, 5)).toBe(4)
    expect(wrapIndex(3, 7, 5)).toBe(0)
    expect(wrapIndex(1, -7, 5)).toBe(4)
  })
})

describe('clampIndex', () => {
  it('stops at the first and the last item', () => {
    expect(clampIndex(4, 1, 5)).toBe(4)
    expect(clampIndex(0, -1, 5)).toBe(0)
    expect(clampIndex(2, 1, 5)).toBe(3)
  })
})

describe('moveIndex', () => {
  it('stops at the ends without wrap', () => {
    expect(moveIndex(0, 'next', 3, false)).toBe(1)
    expect(moveIndex(2, 'next', 3, false)).toBe(2)
    expect(moveIndex(0, 'previous', 3, false)).toBe(0)
  })
  it('goes round past the ends with wrap', () => {
    expect(moveIndex(2, 'next', 3, true)).toBe(0)
    expect(moveIndex(0, 'previous', 3, true)).toBe(2)
  })
  it('goes to the first and the last item', () => {
    expect(moveIndex(1, 'first', 3, false)).toBe(0)
    expect(moveIndex(1, 'last', 3, true)).toBe(2)
  })
  it('starts from the first (next) or the last (previous) item when there is no position', () => {
    for (const wrap of [false, true]) {
      expect(moveIndex(-1, 'next', 3, wrap)).toBe(0)
      expect(moveIndex(-1, 'previous', 3, wrap)).toBe(2)
    }
  })
  it('has no position among no items', () => {
    expect(moveIndex(0, 'next', 0, true)).toBe(-1)
    expect(moveIndex(-1, 'last', 0, false)).toBe(-1)
  })
})
