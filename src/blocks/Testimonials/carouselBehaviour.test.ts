import { describe, expect, it } from 'vitest'
import { wrapSlide } from './carouselBehaviour'

describe('carousel slide order', () => {
  it('moves forward and wraps from the last slide to the first', () => {
    expect(wrapSlide(0, 1, 5)).toBe(1)
    expect(wrapSlide(4, 1, 5)).toBe(0)
  })

  it('moves back and wraps from the first slide to the last', () => {
    expect(wrapSlide(3, -1, 5)).toBe(2)
    expect(wrapSlide(0, -1, 5)).toBe(4)
  })
})
