import { channelsOf, contrastRatio, MIN_TEXT_CONTRAST, normalHex, ratioText } from './contrast'

/** The two brand colours: the site's CSS reads them as these custom properties (src/site/styles/global.css). */
export const BRAND_COLOURS = {
  primary: {
    label: 'primary',
    property: '--navy',
    darkProperty: '--navy-dark',
    default: '#12325a',
    darkDefault: '#0b2140',
  },
  accent: {
    label: 'accent',
    property: '--red',
    darkProperty: '--red-dark',
    default: '#b3202a',
    darkDefault: '#8f1820',
  },
} as const

export type BrandColourName = keyof typeof BRAND_COLOURS

/** The site writes white text on both colours (buttons, the header's bar, the mobile panel, the chat). */
export const TEXT_ON_BRAND = { name: 'white', hex: '#ffffff' } as const

/** A chosen colour's darker shade (hover states, headings) keeps this share of each channel. */
export const DARK_SHADE_FACTOR = 0.72

/** The darker shade of a brand colour: today's exact one for the default colour, else one made from it. */
export function darkShade(name: BrandColourName, hex: string): string {
  const colour = BRAND_COLOURS[name]
  if (normalHex(hex) === colour.default) return colour.darkDefault
  const channels = channelsOf(hex).map((channel) => Math.round(channel * DARK_SHADE_FACTOR))
  return `#${channels.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`
}

/**
 * Why a brand colour cannot be saved, in plain words, or null when it can: it must be a hex colour,
 * and the site's text on it must reach WCAG AA (it is also the colour of links on white, which is
 * the same ratio).
 */
export function brandColourProblem(name: BrandColourName, value: string | null | undefined): string | null {
  const text = (value ?? '').trim()
  if (!text) return null
  let hex: string
  try {
    hex = normalHex(text)
  } catch (error) {
    return (error as Error).message
  }
  const ratio = contrastRatio(TEXT_ON_BRAND.hex, hex)
  if (ratio >= MIN_TEXT_CONTRAST) return null
  return `${TEXT_ON_BRAND.name} text on the ${BRAND_COLOURS[name].label} colour ${hex} has a contrast of ${ratioText(ratio)}; it needs at least ${MIN_TEXT_CONTRAST}:1 (WCAG AA). Choose a darker ${BRAND_COLOURS[name].label} colour.`.replace(
    /^./,
    (first) => first.toUpperCase(),
  )
}
