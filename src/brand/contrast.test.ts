import { describe, expect, it } from 'vitest'
import { contrastRatio, MIN_TEXT_CONTRAST, normalHex, ratioText, relativeLuminance } from './contrast'

describe('contrast ratio (WCAG 2)', () => {
  it('gives 21:1 for black on white and 1:1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#12325a', '#12325a')).toBeCloseTo(1, 5)
  })

  it('is the same whichever colour is the text', () => {
    expect(contrastRatio('#ffffff', '#b3202a')).toBe(contrastRatio('#b3202a', '#ffffff'))
  })

  it('matches the published ratios of known pairs', () => {
    // The greys either side of AA on white, as WebAIM's checker gives them.
    expect(ratioText(contrastRatio('#767676', '#ffffff'))).toBe('4.54:1')
    expect(ratioText(contrastRatio('#777777', '#ffffff'))).toBe('4.47:1')
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST)
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(MIN_TEXT_CONTRAST)
    expect(ratioText(contrastRatio('#0000ff', '#ffffff'))).toBe('8.59:1')
    expect(ratioText(contrastRatio('#ff0000', '#ffffff'))).toBe('3.99:1')
  })

  it('takes the luminance of pure channels from their weights', () => {
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 5)
    expect(relativeLuminance('#00ff00')).toBeCloseTo(0.7152, 4)
  })

  it('reads short hex and refuses what is not a hex colour', () => {
    expect(normalHex('#ABC')).toBe('#aabbcc')
    expect(() => normalHex('navy')).toThrow(/not a hex colour/)
    expect(() => normalHex('#12345')).toThrow(/not a hex colour/)
  })
})
