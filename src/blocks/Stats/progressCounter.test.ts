import { describe, expect, it } from 'vitest'
import { PROGRESS_ANIMATION_MS, parseProgress, progressAt } from './progressCounter'

describe('progress counter progression', () => {
  it('starts at 0 and ends exactly at the target after the animation time', () => {
    expect(progressAt(0, 87)).toBe(0)
    expect(progressAt(PROGRESS_ANIMATION_MS, 87)).toBe(87)
    expect(progressAt(PROGRESS_ANIMATION_MS * 3, 87)).toBe(87)
  })

  it('counts linearly: half the time shows half the value', () => {
    expect(progressAt(PROGRESS_ANIMATION_MS / 2, 80)).toBe(40)
    expect(progressAt(PROGRESS_ANIMATION_MS / 4, 100)).toBe(25)
    expect(progressAt((PROGRESS_ANIMATION_MS * 3) / 4, 100)).toBe(75)
  })

  it('never shows the target before the time is up, and never goes backwards', () => {
    let previous = 0
    for (let t = 0; t < PROGRESS_ANIMATION_MS; t += 16) {
      const value = progressAt(t, 87)
      expect(value).toBeLessThan(87)
      expect(value).toBeGreaterThanOrEqual(previous)
      previous = value
    }
  })

  it('shows 0 for a clock that has not started or reads nonsense', () => {
    expect(progressAt(-50, 87)).toBe(0)
    expect(progressAt(Number.NaN, 87)).toBe(0)
  })

  it('reads data-progress as a whole percentage within 0 to 100', () => {
    expect(parseProgress('87')).toBe(87)
    expect(parseProgress('87.6')).toBe(88)
    expect(parseProgress('250')).toBe(100)
    expect(parseProgress('-3')).toBe(0)
    expect(parseProgress('eighty')).toBeNull()
    expect(parseProgress('')).toBeNull()
    expect(parseProgress(null)).toBeNull()
  })
})
