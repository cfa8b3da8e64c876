import { describe, expect, it } from 'vitest'
import { brandStylesheet, DEFAULT_BRAND, servesFonts } from './brand'
import { fallbackFamily, fallbackOverrides, FONT_PAIRINGS, FONTS_SERVED_CLASS, SERVED_FACES } from './fonts'

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

describe('the stand-ins of a served face, one per family of systems', () => {
  const css = brandStylesheet({ ...DEFAULT_BRAND, fontPairing: 'warm' })
  const { text, heading } = FONT_PAIRINGS.warm

  it('covers Windows and macOS, Linux and ChromeOS (fonts of the same metrics), Android and other Linux', () => {
    expect(text.fallbacks.map((fallback) => fallback.name)).toEqual(['Arial', 'Roboto', 'DejaVu Sans'])
    expect(heading.fallbacks.map((fallback) => fallback.name)).toEqual([
      'Times New Roman',
      'Noto Serif',
      'DejaVu Serif',
    ])
    expect(text.fallbacks[0].localNames).toEqual(expect.arrayContaining(['Arial', 'Liberation Sans', 'Arimo']))
    expect(heading.fallbacks[0].localNames).toEqual(
      expect.arrayContaining(['Times New Roman', 'Liberation Serif', 'Tinos']),
    )
  })

  it('are named in the stack after the served face and before the system’s own fonts, each a local font sized like the face', () => {
    const stack = /--font:([^;]+)/.exec(css)![1]
    const families = text.fallbacks.map((fallback) => `'${fallbackFamily(text, fallback)}'`)
    expect(stack.startsWith([`'${text.family}'`, ...families].join(', ') + ', system-ui')).toBe(true)
    for (const fallback of text.fallbacks) {
      const rule = css.split('\n').find((line) => line.includes(`font-family:'${fallbackFamily(text, fallback)}'`))!
      for (const name of fallback.localNames) expect(rule).toContain(`local('${name}')`)
      expect(rule).toContain(`size-adjust:${fallbackOverrides(text, fallback)['size-adjust']}`)
    }
    // Inter over Roboto: 978 against 916 units of 2048 of average width.
    expect(fallbackOverrides(text, text.fallbacks[1])['size-adjust']).toBe('106.77%')
  })
})

describe('a scripted page before its font files are asked for', () => {
  const css = brandStylesheet({ ...DEFAULT_BRAND, fontPairing: 'sturdy' })
  const { text, heading } = FONT_PAIRINGS.sturdy
  const ruleOf = (selector: string) => css.split('\n').find((line) => line.startsWith(`${selector}{`))!

  it('draws only the stand-ins until the page sets fonts-served; a page without scripts draws the faces', () => {
    const waiting = ruleOf(`html.js:not(.${FONTS_SERVED_CLASS})`)
    expect(waiting).toContain(`--font:'${fallbackFamily(text, text.fallbacks[0])}'`)
    expect(waiting).toContain(`--font-serif:'${fallbackFamily(heading, heading.fallbacks[0])}'`)
    expect(waiting).not.toContain(`'${text.family}'`)
    expect(waiting).not.toContain(`'${heading.family}'`)
    expect(ruleOf('html:root')).toContain(`--font:'${text.family}'`)
    expect(ruleOf('html:root')).toContain(`--font-serif:'${heading.family}'`)
  })

  it('is the case only with a pairing the site serves: today’s fonts carry neither the rule nor the script', () => {
    expect(servesFonts({ ...DEFAULT_BRAND, fontPairing: 'sturdy' })).toBe(true)
    expect(servesFonts(DEFAULT_BRAND)).toBe(false)
    expect(
      brandStylesheet({ ...DEFAULT_BRAND, colours: { ...DEFAULT_BRAND.colours, accent: '#7a1c24' } }),
    ).not.toContain(FONTS_SERVED_CLASS)
  })
})
