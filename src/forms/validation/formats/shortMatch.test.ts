import { describe, expect, it } from 'vitest'
import { shortMatch } from './shortMatch'

describe('shortMatch', () => {
  it('accepts a value up to the length limit that the pattern matches', () => {
    const upToThreeLetters = shortMatch(/^[a-z]+$/, 3)
    expect(upToThreeLetters('abc')).toBe(true)
    expect(upToThreeLetters('ab1')).toBe(false)
  })

  it('refuses a longer value without running the pattern', () => {
    const pattern = /^[a-z]+$/
    let runs = 0
    pattern.test = (value: string) => {
      runs++
      return RegExp.prototype.test.call(pattern, value)
    }
    expect(shortMatch(pattern, 3)('abcd')).toBe(false)
    expect(runs).toBe(0)
  })
})
