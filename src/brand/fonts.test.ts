import { describe, expect, it } from 'vitest'
import { fallbackOverrides, FONT_PAIRINGS, SERVED_FACES } from './fonts'

describe('the stand-in drawn while a served face loads', () => {
  it('is scaled to the served face’s average width and takes its line metrics at that scale', () => {
    // Inter over Arial: 978/2048 against 913/2048 units of average width.
    expect(fallbackOverrides(FONT_PAIRINGS.warm.text)).toEqual({
      'size-adjust': '107.12%',
      'ascent-override': '90.44%',
      'descent-override': '22.52%',
      'line-gap-override': '0.00%',
    })
  })

  it('exists for every face a pairing may load, with a positive size', () => {
    for (const face of SERVED_FACES.values())
      expect(parseFloat(fallbackOverrides(face)['size-adjust'])).toBeGreaterThan(0)
  })
})
