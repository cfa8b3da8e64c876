import { describe, expect, it } from 'vitest'
import { accordionKeyTarget, itemForHash } from './accordionModel'

const items = [
  { key: 'a', anchor: 'why-40' },
  { key: 'b', anchor: null },
  { key: 'c', anchor: 'fees' },
]

describe('accordion deep links', () => {
  it('finds the item whose anchor the hash names', () => {
    expect(itemForHash(items, '#fees')?.key).toBe('c')
    expect(itemForHash(items, '#why%2D40')?.key).toBe('a')
  })

  it('finds nothing for an empty, unknown or malformed hash', () => {
    expect(itemForHash(items, '')).toBeUndefined()
    expect(itemForHash(items, '#')).toBeUndefined()
    expect(itemForHash(items, '#nope')).toBeUndefined()
    expect(itemForHash(items, '#%E0%A4%A')).toBeUndefined()
  })
})

describe('accordion keyboard', () => {
  it('moves down and up between headers, wrapping at both ends', () => {
    expect(accordionKeyTarget('ArrowDown', 0, 3)).toBe(1)
    expect(accordionKeyTarget('ArrowDown', 2, 3)).toBe(0)
    expect(accordionKeyTarget('ArrowUp', 0, 3)).toBe(2)
  })

  it('jumps to the first header on Home and the last on End, ignores other keys', () => {
    expect(accordionKeyTarget('Home', 2, 3)).toBe(0)
    expect(accordionKeyTarget('End', 0, 3)).toBe(2)
    expect(accordionKeyTarget('Enter', 1, 3)).toBeNull()
  })
})
